import type { Db } from '../db/client';
import { withTransaction } from '../db/transaction';
import type { AuthService } from '../modules/auth/auth.service';
import type { UserService } from '../modules/auth/users.service';
import { deleteReviewsOfUser } from '../modules/reviews/reviews.service';
import { releaseStorefrontsOf } from '../modules/sellers/sellers.service';
import { notFound } from '../plugins/errors';

export interface DeleteAccountDeps {
  db: Db;
  auth: AuthService;
  users: UserService;
}

/**
 * Privacy: the right to deletion (spec §1, decision 076). After the current password is confirmed, one
 * transaction removes the account and everything that is the user's: their reviews (and the ratings they
 * counted in), then the account row, whose deletion cascades to sessions, tokens, preferences, addresses,
 * likes and history; storefronts they owned are released, not deleted. Another user's data is untouched.
 * A second, racing deletion waits on the row lock and then answers 404.
 */
export async function deleteAccount(deps: DeleteAccountDeps, userId: string, currentPassword: string) {
  await deps.auth.confirmPassword(userId, currentPassword);
  await withTransaction(deps.db, async (tx) => {
    const account = await deps.users.lockForUpdate(userId, tx);
    if (!account) throw notFound('ACCOUNT_NOT_FOUND', 'This account no longer exists');
    await deleteReviewsOfUser(tx, userId);
    await releaseStorefrontsOf(tx, userId);
    await deps.users.deleteAccount(userId, account.phoneNumber, tx);
  });
}
