import { matchedRecipient, type SupplierDoors } from './supplier-rfq';

/**
 * A matched supplier stops receiving the requests of the buyer of this request (idempotent), without ever learning
 * who the buyer is: the screens name a request, not a buyer id, so a private request's buyer stays hidden (decision
 * 317) and cannot be followed from one request to the next. A storefront not matched → 404 as for any other route.
 */
export async function muteRfqBuyerOf(
  doors: SupplierDoors,
  input: { userId: string; sellerId: string; rfqId: string },
) {
  const { rfq } = await matchedRecipient(doors, input.userId, input.sellerId, input.rfqId);
  await doors.rfq.muteBuyer(doors.db, input.userId, rfq.buyerId);
  return { ok: true as const };
}
