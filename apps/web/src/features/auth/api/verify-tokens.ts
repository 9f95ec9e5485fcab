import type { AuthUserResponse } from '@maplesource/contracts/auth';
import { api } from '../../../lib/http';

/** GET auth/verify-tokens: the logged-in user, or 401 (docs/product.md §4 login check). */
export const verifyTokens = (signal?: AbortSignal) =>
  api.get<AuthUserResponse>('auth/verify-tokens', signal ? { signal } : {});
