import { orderStatuses, type OrderKind, type OrderStatus } from '@maplesource/contracts/orders';

export const isOrderStatus = (value: string | null): value is OrderStatus =>
  value !== null && (orderStatuses as readonly string[]).includes(value);

/** The list's filters as the URL carries them: `?q=&status=&kind=service&page=2` (shareable, back-button safe). */
export type OrderListFilters = { search: string; status: OrderStatus | null; kind: OrderKind; page: number };

export function readListFilters(params: URLSearchParams): OrderListFilters {
  const status = params.get('status');
  const page = Number(params.get('page'));
  return {
    search: (params.get('q') ?? '').slice(0, 200),
    status: isOrderStatus(status) ? status : null,
    kind: params.get('kind') === 'service' ? 'service' : 'product',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The URL parameters for `filters`, leaving defaults out. */
export function writeListFilters(filters: OrderListFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set('q', filters.search);
  if (filters.status) params.set('status', filters.status);
  if (filters.kind === 'service') params.set('kind', 'service');
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}
