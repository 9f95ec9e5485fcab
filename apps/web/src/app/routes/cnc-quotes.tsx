import { useTranslation } from 'react-i18next';
import { PageIntro } from '../../components/ui/page-intro';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /cnc-fabrication-quotes and /cnc-fabrication-quotes/:tab. Placeholder until its feature issue lands. */
export default function CncQuotesPage() {
  const { t } = useTranslation('quotes');
  const title = t('cnc.title');
  useDocumentTitle(title);
  return <PageIntro title={title} text={t('cnc.text')} />;
}
