import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MySellerApplicationResponse,
  SellerApplication,
  SellerApplicationInput,
} from '@maplesource/contracts/seller-applications';
import type { CategoryTreeNode } from '@maplesource/contracts/catalog';
import { api } from '../../../lib/http';

/** GET seller-applications/mine: the account's latest application to sell (null: never applied). */
export const getMySellerApplication = () => api.get<MySellerApplicationResponse>('seller-applications/mine');
export const mySellerApplicationQuery = () => ({
  queryKey: ['seller-applications', 'mine'] as const,
  queryFn: getMySellerApplication,
});
export const useMySellerApplication = () => useQuery(mySellerApplicationQuery());

/** POST seller-applications: apply to sell; one Idempotency-Key per submit intent (decision 247). */
export const applyToSell = ({
  input,
  idempotencyKey,
}: {
  input: SellerApplicationInput;
  idempotencyKey: string;
}) =>
  api.post<SellerApplication>('seller-applications', {
    body: input,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
export function useApplyToSell() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyToSell,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['seller-applications'] }),
  });
}

/** The top-level product categories an application picks from (GET category). */
export const useApplicationCategories = () =>
  useQuery({
    queryKey: ['seller-applications', 'categories'],
    queryFn: () => api.get<{ items: CategoryTreeNode[] }>('category', { query: { kind: 'product' } }),
    staleTime: 5 * 60_000,
  });
