import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadError, LoadingState } from '../../components/ui/query-states';
import { to } from '../../config/paths';
import { errorMessage } from '../../lib/http';
import { useDocumentTitle } from '../../lib/use-document-title';
import { SupplierInbox } from '../../features/rfq/components/supplier-inbox';
import { SupplierRfqDetail } from '../../features/rfq/components/supplier-rfq-detail';
import { SellerCentreNav } from './seller-centre-nav';
import { useChosenStorefront } from './storefront-picker';

const rfqLink = (rfqId: string) => `${to('sellerRfqs')}?${new URLSearchParams({ rfq: rfqId }).toString()}`;

/**
 * /seller-centre/rfqs[?rfq={id}] (decisions 298, 317; the address the suppliers' e-mails link to): the requests for
 * quotes sent to the seller's storefronts, and one of them beside the list with the supplier's answers — quote,
 * revise, decline with a reason, mute the buyer — and the conversation the buyer opened.
 */
export default function SellerRfqsPage() {
  const { t } = useTranslation('rfq');
  useDocumentTitle(t('supplier.title'));
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const rfqId = search.get('rfq');
  const { storefronts, list, sellerId } = useChosenStorefront();
  const sellerIds = list.map((s) => s.sellerId);

  const openChat = ({ chatId, kind }: { chatId: string; kind: 'product' | 'service' }) => {
    const path = to('sellerConversation', { chatId });
    void navigate(kind === 'service' ? `${path}?kind=service` : path);
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <SellerCentreNav />
      <h1 className="mb-1 text-2xl font-bold text-gray-900">{t('supplier.title')}</h1>
      <p className="mb-4 text-sm text-gray-700">{t('supplier.intro')}</p>
      {storefronts.isPending ? (
        <LoadingState />
      ) : storefronts.isError ? (
        <LoadError message={errorMessage(t, storefronts.error)} onRetry={() => void storefronts.refetch()} />
      ) : sellerId === undefined ? (
        <p className="text-sm text-gray-700">
          {t('supplier.noStorefront')}{' '}
          <Link to={to('sellerCentre')} className="text-maple-700 underline">
            {t('supplier.toDashboard')}
          </Link>
        </p>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <section aria-label={t('supplier.list')} className={rfqId ? 'hidden lg:block' : undefined}>
            <SupplierInbox sellerId={sellerId} linkTo={rfqLink} current={rfqId} />
          </section>
          {rfqId ? (
            <section aria-label={t('supplier.detail')} className="space-y-3">
              <Link to={to('sellerRfqs')} className="text-sm text-maple-700 underline lg:hidden">
                {t('supplier.back')}
              </Link>
              <SupplierRfqDetail sellerIds={sellerIds} rfqId={rfqId} onOpenChat={openChat} />
            </section>
          ) : (
            <p className="hidden text-sm text-gray-600 lg:block">{t('supplier.pick')}</p>
          )}
        </div>
      )}
    </div>
  );
}
