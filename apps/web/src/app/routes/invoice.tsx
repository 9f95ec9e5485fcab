import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title';
import { InvoicePage } from '../../features/invoices/components/invoice-page';

/**
 * /invoice/:invoiceToken (logged-in only): the invoice, its accept/reject actions and the accept flow
 * (`?step=accept` opens it directly, from the chat's "accept and continue"; `?kind=service` for a service invoice).
 */
export default function InvoiceRoute() {
  const { t } = useTranslation('invoices');
  const { invoiceToken = '' } = useParams();
  const [search] = useSearchParams();
  useDocumentTitle(t('invoice.title'));
  const kind =
    search.get('kind') === 'service' ? 'service' : search.get('kind') === 'product' ? 'product' : null;
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6">
      <InvoicePage
        key={invoiceToken}
        token={invoiceToken}
        kind={kind}
        startAccepting={search.get('step') === 'accept'}
      />
    </div>
  );
}
