import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminStorefrontClaimList,
  StorefrontClaim,
  StorefrontClaimSettings,
} from '@maplesource/contracts/storefront-claims';
import { api } from '../../../lib/http';
import { idempotencyHeaders, useActionKeys } from '../../../lib/idempotency';

const asAdmin = { role: 'admin' } as const;

/** GET admin/storefront-claims/settings: whether claims are open (decision 263). */
export const useStorefrontClaimSettings = () =>
  useQuery({
    queryKey: ['admin', 'storefront-claims', 'settings'],
    queryFn: () => api.get<StorefrontClaimSettings>('admin/storefront-claims/settings', asAdmin),
  });

/** PUT admin/storefront-claims/settings: the switch, audited on the server. */
export function useSetStorefrontClaims() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (claimsOpen: boolean) =>
      api.put<StorefrontClaimSettings>('admin/storefront-claims/settings', {
        ...asAdmin,
        body: { claimsOpen },
      }),
    onSuccess: (settings) => {
      queryClient.setQueryData(['admin', 'storefront-claims', 'settings'], settings);
      return queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}

/** GET admin/storefront-claims: verified claims, grouped by storefront. */
export const useStorefrontClaimQueue = () =>
  useQuery({
    queryKey: ['admin', 'storefront-claims', 'queue'],
    queryFn: () => api.get<AdminStorefrontClaimList>('admin/storefront-claims', asAdmin),
  });

/** POST admin/storefront-claims/{id}/approve or /refuse (with a reason). */
export function useDecideStorefrontClaim() {
  const queryClient = useQueryClient();
  const keys = useActionKeys();
  return useMutation({
    mutationFn: ({ id, action, reason }: { id: string; action: 'approve' | 'refuse'; reason?: string }) =>
      api.post<StorefrontClaim>(`admin/storefront-claims/${encodeURIComponent(id)}/${action}`, {
        ...asAdmin,
        headers: idempotencyHeaders(keys.keyFor({ id, action, reason })),
        ...(action === 'refuse' ? { body: { reason } } : {}),
      }),
    onSuccess: () => {
      keys.done();
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin', 'storefront-claims', 'queue'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
      ]);
    },
  });
}
