import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  endRfq,
  query,
  rfqForBuyer,
  rfqNotFound,
  rfqNotOpen,
  type StoredRecipient,
  type StoredRfq,
} from '../rfq.service';

export interface Award {
  rfq: StoredRfq;
  accepted: StoredRecipient;
  others: StoredRecipient[];
  /** The same accept again: nothing changed, the stored award is answered (decision 317). */
  repeated: boolean;
}

/**
 * The buyer accepts one quote (run in a transaction, decision 317): under the request's row lock, the request
 * becomes `accepted`, the quote's recipient `accepted`, the others `closed` (declines stay declined) and the open
 * slot is given back (decision 298's `endRfq`). The same accept again answers the stored award; any other accept of
 * an ended request, or one past its deadline, is 409 RFQ_NOT_OPEN. Another buyer's request → 404.
 */
export async function awardRfq(
  db: Db,
  input: { rfqId: string; buyerId: string; recipientId: string; now?: Date },
): Promise<Award> {
  const [locked] = await query(
    db,
    sql`SELECT status, accepted_recipient_id, deadline FROM rfqs
        WHERE id = ${input.rfqId} AND buyer_id = ${input.buyerId} FOR UPDATE`,
  );
  if (!locked) throw rfqNotFound();
  if (locked.status === 'accepted' && String(locked.accepted_recipient_id) === input.recipientId) {
    const { rfq, recipients } = await rfqForBuyer(db, input.rfqId, input.buyerId);
    return {
      rfq,
      accepted: recipients.find((r) => r.id === input.recipientId)!,
      others: recipients.filter((r) => r.id !== input.recipientId),
      repeated: true,
    };
  }
  // Past its deadline a request is as good as expired: the sweep ends it (decision 317), nobody accepts into it.
  if (locked.status !== 'open' || new Date(locked.deadline as string) <= (input.now ?? new Date()))
    throw rfqNotOpen();
  const ended = await endRfq(db, {
    rfqId: input.rfqId,
    buyerId: input.buyerId,
    outcome: 'accepted',
    recipientId: input.recipientId,
  });
  return { rfq: ended.rfq, accepted: ended.accepted!, others: ended.others, repeated: false };
}
