import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Order, OrderKind, OrderList, OrderStatus } from '@maplesource/contracts/orders';
import { api, isApiError } from '../../../lib/http';
import { orderKeys } from './order-paths';
import { queryKeyRoots } from '../../../lib/query-keys';

export const SELLER_ORDERS_PAGE_SIZE = 20;
const asSeller = { role: 'seller' } as const;

export type SellerOrderListParams = {
  kind: OrderKind;
  status: OrderStatus | null;
  page: number;
  search?: string;
  chatId?: string;
};

/** GET seller/orders (`role: seller`): the orders of the seller's storefront, of one kind. */
export const getSellerOrders = (
  { kind, status, page, search, chatId }: SellerOrderListParams,
  signal?: AbortSignal,
) =>
  api.get<OrderList>('seller/orders', {
    ...asSeller,
    query: {
      kind,
      status,
      page,
      pageSize: SELLER_ORDERS_PAGE_SIZE,
      search: search?.trim() || undefined,
      chatId,
    },
    signal,
  });

export const sellerOrdersQueryOptions = (params: SellerOrderListParams) =>
  queryOptions({
    queryKey: orderKeys.seller(params),
    queryFn: ({ signal }) => getSellerOrders(params, signal),
    placeholderData: keepPreviousData,
  });

export const useSellerOrders = (params: SellerOrderListParams, enabled = true) =>
  useQuery({ ...sellerOrdersQueryOptions(params), enabled });

/** GET seller/orders/{id} (`role: seller`): one order of the seller's storefront; 404 for another's. */
export const getSellerOrder = async (id: string, signal?: AbortSignal) =>
  (await api.get<{ order: Order }>(`seller/orders/${encodeURIComponent(id)}`, { ...asSeller, signal })).order;

export const sellerOrderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...orderKeys.all, 'seller-detail', id] as const,
    queryFn: ({ signal }) => getSellerOrder(id, signal),
    retry: (count, error) => !(isApiError(error) && error.status === 404) && count < 2,
  });

export type OrderStatusChange = {
  orderId: string;
  status: OrderStatus;
  trackingNumber?: string;
  carrier?: string;
  idempotencyKey: string;
};

/** POST seller/orders/{id}/status: a legal transition only (the server refuses others); shipped needs tracking. */
export const changeOrderStatus = async ({ orderId, idempotencyKey, ...body }: OrderStatusChange) =>
  (
    await api.post<{ order: Order }>(`seller/orders/${encodeURIComponent(orderId)}/status`, {
      ...asSeller,
      body,
      headers: { 'Idempotency-Key': idempotencyKey },
    })
  ).order;

export function useChangeOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeOrderStatus,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
        queryClient.invalidateQueries({ queryKey: queryKeyRoots.chat }),
      ]),
  });
}

/** POST seller/orders/{id}/payment-review/answer: the seller answers the buyer's open payment review once. */
export const answerPaymentReview = async ({ orderId, answer }: { orderId: string; answer: string }) =>
  (
    await api.post<{ order: Order }>(`seller/orders/${encodeURIComponent(orderId)}/payment-review/answer`, {
      ...asSeller,
      body: { answer },
    })
  ).order;

export function useAnswerPaymentReview(onAnswered: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerPaymentReview,
    onSuccess: async () => {
      onAnswered();
      await queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
}
