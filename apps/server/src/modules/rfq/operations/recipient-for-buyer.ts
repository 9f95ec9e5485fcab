import type { Db } from '../../../db/client';
import { rfqForBuyer, rfqNotFound } from '../rfq.service';

/** One matched supplier of the buyer's own request; another buyer's request, or a storefront not matched → 404. */
export async function recipientForBuyer(db: Db, input: { rfqId: string; buyerId: string; sellerId: string }) {
  const { rfq, recipients } = await rfqForBuyer(db, input.rfqId, input.buyerId);
  const recipient = recipients.find((r) => r.sellerId === input.sellerId);
  if (!recipient) throw rfqNotFound();
  return { rfq, recipient };
}
