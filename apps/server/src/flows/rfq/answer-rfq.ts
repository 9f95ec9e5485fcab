import type { FastifyInstance } from 'fastify';
import type { RfqQuoteRequest } from '@maplesource/contracts';
import { rfqQuoteRequestSchema } from '@maplesource/contracts';
import { withTransaction } from '../../db/transaction';
import { matchedRecipient, ownStorefront, type SupplierDoors } from './supplier-rfq';

export type AnswerDoors = SupplierDoors & Pick<FastifyInstance, 'events'>;

/**
 * A matched supplier quotes (unit price, quantity tiers, lead time, shipping, validity, notes) or revises: each
 * answer is a new version, earlier ones are kept (decision 298). Only while the request is open (else 409).
 * `rfq.quoted` is announced in the same transaction: the buyer is told of the quote or the revision (decision 317).
 */
export async function quoteRfq(
  doors: AnswerDoors,
  input: { userId: string; sellerId: string; rfqId: string; body: RfqQuoteRequest },
) {
  await matchedRecipient(doors, input.userId, input.sellerId, input.rfqId);
  const answer = rfqQuoteRequestSchema.parse(input.body);
  const quote = await withTransaction(doors.db, async (tx) => {
    const { recipientId, ...version } = await doors.rfq.quote(tx, {
      rfqId: input.rfqId,
      sellerUserId: input.userId,
      answer,
    });
    await doors.events.emit('rfq.quoted', { rfqId: input.rfqId, recipientId, version: version.version }, tx);
    return version;
  });
  return { quote };
}

/** A matched supplier declines an open request with a reason. */
export async function declineRfq(
  doors: SupplierDoors,
  input: { userId: string; sellerId: string; rfqId: string; reason: string },
) {
  await matchedRecipient(doors, input.userId, input.sellerId, input.rfqId);
  await withTransaction(doors.db, (tx) =>
    doors.rfq.decline(tx, { rfqId: input.rfqId, sellerUserId: input.userId, reason: input.reason }),
  );
  return { ok: true as const };
}

/** A supplier stops receiving this buyer's requests (idempotent). */
export async function muteRfqBuyer(
  doors: SupplierDoors,
  input: { userId: string; sellerId: string; buyerId: string },
) {
  await ownStorefront(doors, input.userId, input.sellerId);
  await doors.rfq.muteBuyer(doors.db, input.userId, input.buyerId);
  return { ok: true as const };
}
