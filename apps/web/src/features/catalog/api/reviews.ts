import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Review } from '@maplesource/contracts/catalog';
import type { Paged } from '@maplesource/contracts/common';
import { api, pageAnswer } from '../../../lib/http';
import { idempotencyHeaders, useActionKeys } from '../../../lib/idempotency';

type Kind = 'product' | 'service';
type ReviewPage = Paged<Review> & { ratingAvg: number; ratingCount: number };
const base = (kind: Kind) => (kind === 'product' ? 'review' : 'service-review');

/** `GET review?productId=` / `GET service-review?serviceId=`. */
const reviewsQuery = (kind: Kind, id: string, page: number) => ({
  [kind === 'product' ? 'productId' : 'serviceId']: id,
  page,
  pageSize: 10,
});
export const getReviews = (kind: Kind, id: string, page: number) =>
  api.get<ReviewPage>(base(kind), { query: reviewsQuery(kind, id, page) });
export const useReviews = (kind: Kind, id: string, page: number) =>
  useQuery({
    queryKey: ['reviews', kind, id, page],
    queryFn: () => getReviews(kind, id, page),
    // From the page's HTML when it holds it (decision 205).
    initialData: () => pageAnswer<ReviewPage>(base(kind), reviewsQuery(kind, id, page)),
  });

/** `POST review` (rating 1–5, optional comment; one per buyer per item). */
export const addReview = (kind: Kind, id: string, rating: number, comment: string, idempotencyKey: string) =>
  api.post<Review>(base(kind), {
    headers: idempotencyHeaders(idempotencyKey),
    body: { [kind === 'product' ? 'productId' : 'serviceId']: id, rating, ...(comment ? { comment } : {}) },
  });
/** `DELETE review/{id}` (own review only). */
export const deleteReview = (kind: Kind, reviewId: string) => api.delete(`${base(kind)}/${reviewId}`);

export function useReviewMutations(kind: Kind, id: string) {
  const client = useQueryClient();
  const keys = useActionKeys();
  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['reviews', kind, id] });
    void client.invalidateQueries({ queryKey: [kind] });
  };
  return {
    add: useMutation({
      mutationFn: (v: { rating: number; comment: string }) =>
        addReview(kind, id, v.rating, v.comment, keys.keyFor(v)),
      onSuccess: () => {
        keys.done();
        refresh();
      },
    }),
    remove: useMutation({
      mutationFn: (reviewId: string) => deleteReview(kind, reviewId),
      onSuccess: refresh,
    }),
  };
}
