import type { StorefrontClaim } from '@maplesource/contracts';
import type { StoredStorefrontClaim } from '../../modules/sellers';

/** A claim as its claimant sees it (without the account id the module keeps). */
export const publicClaim = ({ userId: _userId, ...claim }: StoredStorefrontClaim): StorefrontClaim => claim;
