import { useTranslation } from 'react-i18next';
import { PageIntro } from '../../components/ui/page-intro';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /privacy-policy. Placeholder until its feature issue lands. */
export default function PrivacyPage() {
  const { t } = useTranslation('content');
  const title = t('privacy.title');
  useDocumentTitle(title);
  return <PageIntro title={title} text={t('privacy.text')} />;
}
