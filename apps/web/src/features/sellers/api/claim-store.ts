import type { ClaimStoreResponse } from '@maplesource/contracts/storefront-claims';
import { api } from '../../../lib/http';
import { idempotencyHeaders } from '../../../lib/idempotency';
import { randomUuid } from '../../../lib/random-uuid';

/**
 * One Idempotency-Key per claim intent (decision 247): a claim of the same storefront sent again after a failure reuses
 * its key, so the server answers it once; a success ends the intent. Loaded on the first claim, not with the public
 * storefront pages, which are at the initial JavaScript budget (decision 125).
 */
const keysByStorefront = new Map<string, string>();

/**
 * `POST claim-stores/{id}/claim`: "Claim service is under maintenance" while claims are closed (docs/product.md §1), else
 * how the storefront can be proven (decision 263).
 */
export async function claimStore(id: string): Promise<ClaimStoreResponse> {
  const key = keysByStorefront.get(id) ?? randomUuid();
  keysByStorefront.set(id, key);
  const answer = await api.post<ClaimStoreResponse>(`claim-stores/${encodeURIComponent(id)}/claim`, {
    headers: idempotencyHeaders(key),
  });
  keysByStorefront.delete(id);
  return answer;
}
