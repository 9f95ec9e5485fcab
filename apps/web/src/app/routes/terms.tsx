import { useTranslation } from 'react-i18next';
import { PageIntro } from '../../components/ui/page-intro';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /terms-and-condition. Placeholder until its feature issue lands. */
export default function TermsPage() {
  const { t } = useTranslation('content');
  const title = t('terms.title');
  useDocumentTitle(title);
  return <PageIntro title={title} text={t('terms.text')} />;
}
