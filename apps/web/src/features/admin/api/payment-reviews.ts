import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminPaymentReview,
  PaymentReviewStatus,
  ResolvePaymentReviewBody,
} from '@maplesource/contracts/orders';
import type { Paged } from '@maplesource/contracts/common';
import { api } from '../../../lib/http';

const asAdmin = { role: 'admin' } as const;
export const PAYMENT_REVIEWS_PAGE_SIZE = 20;

/** GET admin/payment-reviews: the queue of buyers' payment review requests (docs/product.md §9), open ones by default. */
export const getPaymentReviews = (status: PaymentReviewStatus | null, page: number) =>
  api.get<Paged<AdminPaymentReview>>('admin/payment-reviews', {
    ...asAdmin,
    query: { status, page, pageSize: PAYMENT_REVIEWS_PAGE_SIZE },
  });

export const usePaymentReviews = (status: PaymentReviewStatus | null, page: number) =>
  useQuery({
    queryKey: ['admin', 'payment-reviews', status, page],
    queryFn: () => getPaymentReviews(status, page),
    placeholderData: keepPreviousData,
  });

/** POST admin/payment-reviews/{id}/resolve: refund (full, or partial with an amount) through the provider, or dismiss. */
export const resolvePaymentReview = ({
  reviewId,
  idempotencyKey,
  ...body
}: ResolvePaymentReviewBody & { reviewId: string; idempotencyKey: string }) =>
  api.post<{ review: AdminPaymentReview }>(`admin/payment-reviews/${encodeURIComponent(reviewId)}/resolve`, {
    ...asAdmin,
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export function useResolvePaymentReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolvePaymentReview,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin', 'payment-reviews'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
      ]),
  });
}
