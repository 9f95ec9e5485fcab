import { useQuery } from '@tanstack/react-query';
import type { OrderKind } from '@maplesource/contracts/orders';
import { orderQueryOptions } from '../../../lib/order-query';

/** One of the buyer's orders (the fetcher and its query options are shared: lib/order-query). */
export const useOrder = (kind: OrderKind, id: string) => useQuery(orderQueryOptions(kind, id));
