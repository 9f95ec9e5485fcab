import { useTranslation } from 'react-i18next';
import { CareerVerifyEmailScreen } from '../../features/careers/components/career-verify-email-screen';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /career/verify-email?token=… */
export default function CareerVerifyEmailPage() {
  const { t } = useTranslation('careers');
  useDocumentTitle(t('verifyEmail.title'));
  return <CareerVerifyEmailScreen />;
}
