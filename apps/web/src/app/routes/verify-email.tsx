import { useTranslation } from 'react-i18next';
import { PageIntro } from '../../components/ui/page-intro';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /verify-email. Placeholder until its feature issue lands. */
export default function VerifyEmailPage() {
  const { t } = useTranslation('accounts');
  const title = t('verifyEmail.title');
  useDocumentTitle(title);
  return <PageIntro title={title} text={t('verifyEmail.text')} />;
}
