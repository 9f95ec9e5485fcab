import type { FastifyInstance } from 'fastify';
import { withTransaction } from '../../db/transaction';
import '../../modules/auth';
import '../../modules/careers';
import '../../modules/chat';
import { cncQuoteFileKeysOf } from '../../modules/cnc-quotes';
import '../../modules/reviews';
import '../../modules/rfq';
import '../../modules/sellers';
import { notFound } from '../../plugins/errors';
import { queueAccountFilesDeletion } from './delete-account-files';

/** The doors account deletion goes through. */
export type DeleteAccountDeps = Pick<
  FastifyInstance,
  'db' | 'auth' | 'careers' | 'chat' | 'jobs' | 'reviews' | 'rfq' | 'sellers'
>;

/**
 * Privacy: the right to deletion (docs/product.md §1, decision 076). After the current password is confirmed, one
 * transaction removes the account and everything that is the user's: their reviews (and the ratings they
 * counted in), their career application and its résumé file, then the account row, whose deletion cascades to sessions, tokens, preferences, addresses,
 * likes and history, chats, requests for quotes and CNC quotes; the files those rows name (chat images, request
 * attachments, CNC parts) are deleted by a job queued in the same transaction (decision 347). Storefronts they owned
 * are released, not deleted. Another user's data is untouched.
 * A second, racing deletion waits on the row lock and then answers 404.
 */
export async function deleteAccount(deps: DeleteAccountDeps, userId: string, currentPassword: string) {
  await deps.auth.auth.confirmPassword(userId, currentPassword);
  await withTransaction(deps.db, async (tx) => {
    const account = await deps.auth.users.lockForUpdate(userId, tx);
    if (!account) throw notFound('ACCOUNT_NOT_FOUND', 'This account no longer exists');
    await deps.reviews.deleteReviewsOfUser(tx, userId);
    await deps.sellers.releaseStorefrontsOf(tx, userId);
    await deps.careers.withdraw(tx, userId);
    const files = [
      ...(await deps.chat.attachmentKeysOfParty(tx, userId)),
      ...(await deps.rfq.attachmentKeysOfBuyer(tx, userId)),
      ...(await cncQuoteFileKeysOf(tx, userId)),
    ];
    await queueAccountFilesDeletion(deps, tx, files);
    await deps.auth.users.deleteAccount(userId, account.phoneNumber, tx);
  });
}
