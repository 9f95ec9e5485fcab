import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title';
import { VerifyEmailScreen } from '../../features/auth/components/verify-email-screen';

/** /verify-email?token=… */
export default function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('verify.title'));
  return <VerifyEmailScreen />;
}
