import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../../components/ui/pagination';
import { EmptyState, LoadError, LoadingState } from '../../../components/ui/query-states';
import { useSellerOrders } from '../api/seller-orders';
import { readListFilters, writeListFilters, type OrderListFilters } from '../model/list-params';
import { ExportPanel } from './export-panel';
import { KindSwitch } from './kind-switch';
import { SellerOrderRow } from './seller-order-row';
import { StatusFilter } from './status-filter';

/** /seller-centre/orders: the storefront's orders with a status filter and pages (filters in the URL). */
export function SellerOrdersScreen() {
  const { t } = useTranslation('orders');
  const [params, setParams] = useSearchParams();
  const filters = readListFilters(params);
  const update = (next: Partial<OrderListFilters>, resetPage = true) =>
    setParams(writeListFilters({ ...filters, ...(resetPage ? { page: 1 } : {}), ...next }), {
      replace: true,
    });
  const orders = useSellerOrders({ kind: filters.kind, status: filters.status, page: filters.page });

  let list;
  if (orders.isPending) list = <LoadingState />;
  else if (orders.error)
    list = <LoadError message={t('seller.loadError')} onRetry={() => void orders.refetch()} />;
  else if (orders.data.items.length === 0) list = <EmptyState title={t('seller.empty')} />;
  else
    list = (
      <>
        <ul
          className="divide-y divide-gray-200 rounded-lg border border-gray-200"
          aria-busy={orders.isFetching}
        >
          {orders.data.items.map((order) => (
            <SellerOrderRow key={order.id} order={order} />
          ))}
        </ul>
        <Pagination
          page={orders.data.page}
          pageSize={orders.data.pageSize}
          total={orders.data.total}
          onPage={(page) => update({ page }, false)}
          label={t('seller.pager')}
        />
      </>
    );
  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <KindSwitch value={filters.kind} onChange={(kind) => update({ kind })} />
        <StatusFilter value={filters.status} onChange={(status) => update({ status })} />
      </div>
      {list}
      <ExportPanel side="seller" />
    </div>
  );
}
