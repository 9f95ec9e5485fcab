import { useMutation } from '@tanstack/react-query';
import type { StartStorefrontClaimInput, StorefrontClaim } from '@maplesource/contracts/storefront-claims';
import { api } from '../../../lib/http';
import { idempotencyHeaders, useActionKeys } from '../../../lib/idempotency';

/**
 * `POST claim-stores/{id}/claims`: a code to the listed e-mail domain or phone (decision 263). A retry of the same
 * request carries the same Idempotency-Key (decision 247), so it sends no second code.
 */
export function useStartStorefrontClaim(storefrontId: string) {
  const keys = useActionKeys();
  return useMutation({
    mutationFn: (body: StartStorefrontClaimInput) =>
      api.post<StorefrontClaim>(`claim-stores/${encodeURIComponent(storefrontId)}/claims`, {
        body,
        headers: idempotencyHeaders(keys.keyFor(body)),
      }),
    onSuccess: () => keys.done(),
  });
}

/** `POST storefront-claims/{id}/verify`: the code; the claim then waits for an administrator. */
export function useVerifyStorefrontClaim() {
  const keys = useActionKeys();
  return useMutation({
    mutationFn: ({ claimId, code }: { claimId: string; code: string }) =>
      api.post<StorefrontClaim>(`storefront-claims/${encodeURIComponent(claimId)}/verify`, {
        body: { code },
        headers: idempotencyHeaders(keys.keyFor({ claimId, code })),
      }),
    onSuccess: () => keys.done(),
  });
}
