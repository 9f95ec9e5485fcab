import type { FastifyInstance } from 'fastify';
import { dateInTimeZone, provinceCodeSchema } from '@maplesource/contracts';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/transaction';
import '../../modules/ledger';
import '../../modules/orders';
import '../../modules/sellers';

export type LedgerPostingDoors = Pick<FastifyInstance, 'orders' | 'ledger' | 'sellers'>;

/**
 * A captured payment in the ledger (decision 296), in the webhook's transaction: the platform's fee at the
 * category's rate in force on the payment date (in the order's zone), GST/HST on it by the seller's province, the
 * seller's share held until the payment review window closes.
 */
export async function postCaptureToLedger(
  doors: LedgerPostingDoors,
  tx: Tx,
  orderId: string,
  paidAt: Date,
): Promise<void> {
  const facts = await doors.orders.ledgerFacts(tx, orderId);
  if (!facts) return;
  const date = dateInTimeZone(paidAt, facts.timeZone);
  const rateBps = await doors.ledger.feeRateBps(tx, facts.category, date);
  const province = await sellerProvince(doors, tx, facts.sellerId);
  const fee = doors.ledger.quoteFee({ grossCents: facts.totalCents, rateBps, province, date });
  await doors.ledger.postCapture(tx, {
    orderId,
    sellerId: facts.sellerId,
    buyerUserId: facts.buyerUserId,
    grossCents: facts.totalCents,
    fee,
    releaseAt: facts.releaseAt,
  });
}

/** The seller's province, for the tax on the platform's fee; null for a storefront removed since the order. */
export async function sellerProvince(doors: Pick<FastifyInstance, 'sellers'>, db: Db, sellerId: string) {
  try {
    const { province } = await doors.sellers.getSeller(db, sellerId);
    return provinceCodeSchema.safeParse(province).data ?? null;
  } catch {
    return null;
  }
}
