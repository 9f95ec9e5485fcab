import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminSellerApplicationList,
  SellerApplication,
} from '@maplesource/contracts/seller-applications';
import { api } from '../../../lib/http';

const asAdmin = { role: 'admin' } as const;

/** GET admin/seller-applications: the pending applications to sell, oldest first (decision 280). */
export const useSellerApplicationQueue = () =>
  useQuery({
    queryKey: ['admin', 'seller-applications'],
    queryFn: () => api.get<AdminSellerApplicationList>('admin/seller-applications', asAdmin),
  });

/** POST admin/seller-applications/{id}/approve or /refuse (with a reason); audited on the server. */
export const decideSellerApplication = ({
  id,
  action,
  reason,
  idempotencyKey,
}: {
  id: string;
  action: 'approve' | 'refuse';
  reason?: string;
  idempotencyKey: string;
}) =>
  api.post<SellerApplication>(`admin/seller-applications/${encodeURIComponent(id)}/${action}`, {
    ...asAdmin,
    ...(action === 'refuse' ? { body: { reason } } : {}),
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export function useDecideSellerApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideSellerApplication,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin', 'seller-applications'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
      ]),
  });
}
