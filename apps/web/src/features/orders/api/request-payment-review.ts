import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderKind, PaymentReview } from '@maplesource/contracts/orders';
import { api } from '../../../lib/http';
import { orderCollection } from '../../../lib/order-query';
import { orderKeys } from './order-paths';

/** POST orders/{id}/payment-review: the buyer asks for a payment review, with a reason (docs/product.md §9). */
export const requestPaymentReview = ({
  kind,
  orderId,
  reason,
  idempotencyKey,
}: {
  kind: OrderKind;
  orderId: string;
  reason: string;
  idempotencyKey: string;
}) =>
  api.post<{ review: PaymentReview }>(
    `${orderCollection(kind)}/${encodeURIComponent(orderId)}/payment-review`,
    {
      body: { reason },
      headers: { 'Idempotency-Key': idempotencyKey },
    },
  );

export function useRequestPaymentReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestPaymentReview,
    onSuccess: (_answer, { kind, orderId }) =>
      queryClient.invalidateQueries({ queryKey: orderKeys.detail(kind, orderId) }),
  });
}
