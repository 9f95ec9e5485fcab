import { useTranslation } from 'react-i18next';
import { PageIntro } from '../../components/ui/page-intro';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /. Placeholder until its feature issue lands. */
export default function LandingPage() {
  const { t } = useTranslation('content');
  const title = t('landing.title');
  useDocumentTitle(title);
  return <PageIntro title={title} text={t('landing.text')} />;
}
