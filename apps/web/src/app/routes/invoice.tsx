import { useTranslation } from 'react-i18next';
import { PageIntro } from '../../components/ui/page-intro';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /invoice/:invoiceToken (logged-in only). Placeholder until its feature issue lands. */
export default function InvoicePage() {
  const { t } = useTranslation('invoices');
  const title = t('invoice.title');
  useDocumentTitle(title);
  return <PageIntro title={title} text={t('invoice.text')} />;
}
