import type { FastifyInstance } from 'fastify';
import { matchedRecipient } from './supplier-rfq';
import '../../modules/sellers';

export type DownloadDoors = Pick<FastifyInstance, 'db' | 'rfq' | 'sellers'>;

/**
 * Which stored file a reader may download (decision 317): the buyer of the request, or a matched supplier through
 * a storefront of theirs; anyone else 404 (RFQ_NOT_FOUND, as for a request that does not exist, or
 * SELLER_NOT_FOUND for a storefront not theirs). The route streams it with the storage port's `sendPrivate`.
 */
export async function rfqAttachmentFor(
  doors: DownloadDoors,
  input: { rfqId: string; attachmentId: string } & (
    { as: 'buyer'; buyerId: string } | { as: 'supplier'; userId: string; sellerId: string }
  ),
) {
  if (input.as === 'buyer') {
    await doors.rfq.forBuyer(doors.db, input.rfqId, input.buyerId);
  } else {
    await matchedRecipient(doors, input.userId, input.sellerId, input.rfqId);
  }
  return doors.rfq.attachmentFile(doors.db, input);
}
