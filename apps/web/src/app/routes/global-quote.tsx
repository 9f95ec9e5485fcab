import { useTranslation } from 'react-i18next';
import { PageIntro } from '../../components/ui/page-intro';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /global-quote. Placeholder until its feature issue lands. */
export default function GlobalQuotePage() {
  const { t } = useTranslation('quotes');
  const title = t('globalQuote.title');
  useDocumentTitle(title);
  return <PageIntro title={title} text={t('globalQuote.text')} />;
}
