import { shortRef } from '@maplesource/contracts/common';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Order } from '@maplesource/contracts/orders';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';
import { Pagination } from '../../../components/ui/pagination';
import { EmptyState, LoadError, LoadingState } from '../../../components/ui/query-states';
import { useFormat } from '../../../lib/format';
import { useOrders } from '../api/get-orders';
import { readListFilters, writeListFilters, type OrderListFilters } from '../model/list-params';
import { ExportPanel } from './export-panel';
import { KindSwitch } from './kind-switch';
import { OrderStatusBadge } from './order-status-badge';
import { OrderSummaryLines } from './order-summary-lines';
import { StatusFilter } from './status-filter';

/** How long the search box waits after the last key before it searches (and writes the URL). */
export const SEARCH_DEBOUNCE_MS = 300;

export type OrderLinks = {
  order: (order: Pick<Order, 'id' | 'kind'>) => string;
  checkout: (order: Pick<Order, 'id' | 'kind'>) => string;
};

const payable = new Set(['unpaid', 'failed', 'requires_action']);

/** /my-orders: search by ID, product or seller (debounced), status filter, products/services, pages — all in the URL. */
export function MyOrdersScreen({ links }: { links: OrderLinks }) {
  const { t } = useTranslation('orders');
  const format = useFormat();
  const [params, setParams] = useSearchParams();
  const filters = readListFilters(params);
  const update = (next: Partial<OrderListFilters>, resetPage = true) =>
    setParams(writeListFilters({ ...filters, ...(resetPage ? { page: 1 } : {}), ...next }), {
      replace: true,
    });

  // The box shows what is typed at once; the URL (and the query) follow once typing pauses.
  const [text, setText] = useState(filters.search);
  const [lastUrlSearch, setLastUrlSearch] = useState(filters.search);
  if (filters.search !== lastUrlSearch) {
    setLastUrlSearch(filters.search);
    setText(filters.search);
  }
  useEffect(() => {
    if (text === filters.search) return;
    const timer = window.setTimeout(() => update({ search: text }), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `update` is rebuilt each render; `text` drives it
  }, [text, filters.search]);

  const orders = useOrders(filters);
  const filtered = filters.search.trim() !== '' || filters.status !== null;

  let list;
  if (orders.isPending) list = <LoadingState />;
  else if (orders.error)
    list = <LoadError message={t('myOrders.loadError')} onRetry={() => void orders.refetch()} />;
  else if (orders.data.items.length === 0)
    list = filtered ? (
      <EmptyState
        title={t('myOrders.noMatch')}
        action={
          <Button variant="secondary" onClick={() => update({ search: '', status: null })}>
            {t('myOrders.clearFilters')}
          </Button>
        }
      />
    ) : (
      <EmptyState title={t('myOrders.empty')} text={t('myOrders.emptyText')} />
    );
  else
    list = (
      <>
        <p className="mb-2 text-sm text-gray-600" aria-live="polite">
          {t('myOrders.results', { count: orders.data.total })}
        </p>
        <ul
          className="divide-y divide-gray-200 rounded-lg border border-gray-200"
          aria-busy={orders.isFetching}
        >
          {orders.data.items.map((order) => (
            <li key={order.id} className="flex flex-wrap items-start gap-3 p-4" data-testid="order-row">
              <div className="min-w-0 flex-1">
                <OrderSummaryLines order={order} party={t('myOrders.seller', { name: order.seller.name })} />
              </div>
              <div className="flex flex-col items-end gap-2">
                <OrderStatusBadge status={order.status} />
                <span className="font-semibold text-gray-900">{format.money(order.totalCents)}</span>
                <div className="flex flex-wrap justify-end gap-2">
                  {payable.has(order.payment.status) && order.status === 'pending' ? (
                    <Link to={links.checkout(order)} className={buttonClasses('primary', 'sm')}>
                      {t('myOrders.payNow')}
                    </Link>
                  ) : null}
                  <Link to={links.order(order)} className={buttonClasses('secondary', 'sm')}>
                    {/* The visible text begins the name (decision 266): "View order" + the reference. */}
                    {t('myOrders.viewShort')}
                    <span className="sr-only"> {shortRef(order.id)}</span>
                  </Link>
                </div>
              </div>
            </li>
          ))}
        </ul>
        <Pagination
          page={orders.data.page}
          pageSize={orders.data.pageSize}
          total={orders.data.total}
          onPage={(page) => update({ page }, false)}
          label={t('myOrders.pager')}
        />
      </>
    );

  return (
    <div className="space-y-4">
      <KindSwitch value={filters.kind} onChange={(kind) => update({ kind })} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field label={t('myOrders.search')} className="min-w-0 flex-1">
          {(p) => (
            <Input
              {...p}
              type="search"
              value={text}
              maxLength={200}
              placeholder={t('myOrders.searchPlaceholder')}
              onChange={(event) => setText(event.target.value)}
            />
          )}
        </Field>
        <StatusFilter value={filters.status} onChange={(status) => update({ status })} />
      </div>
      {list}
      <ExportPanel side="buyer" />
    </div>
  );
}
