import type { FastifyInstance } from 'fastify';
import { notFound } from '../../plugins/errors';
import { shown } from './compare-quotes';
import '../../modules/sellers';

export type SupplierDoors = Pick<FastifyInstance, 'db' | 'rfq' | 'sellers'>;

/** The storefront must be the user's (else 404 as for one that does not exist). */
export async function ownStorefront(doors: SupplierDoors, userId: string, sellerId: string) {
  const owned = await doors.sellers.ownedStorefrontIds(doors.db, userId);
  if (!owned.includes(Number(sellerId))) throw notFound('SELLER_NOT_FOUND', 'Seller not found');
}

/** The supplier's inbox across their storefronts, with the number of open requests not answered yet. */
export async function supplierInbox(doors: SupplierDoors, userId: string, sellerId: string) {
  await ownStorefront(doors, userId, sellerId);
  const rows = await doors.rfq.inbox(doors.db, userId);
  return {
    rfqs: rows.map((row) => ({ ...shown(row), recipientStatus: row.recipientStatus })),
    newCount: rows.filter((row) => row.status === 'open' && row.recipientStatus === 'invited').length,
  };
}

/** A matched supplier's view of one request and their own answers; a storefront not matched → 404. */
export async function supplierRfq(doors: SupplierDoors, userId: string, sellerId: string, rfqId: string) {
  await ownStorefront(doors, userId, sellerId);
  const { rfq, recipients } = await doors.rfq.forSupplier(doors.db, rfqId, userId);
  const own = recipients.find((r) => r.sellerId === sellerId);
  if (!own) throw notFound('RFQ_NOT_FOUND', 'This request for quotes does not exist');
  return { rfq: shown(rfq), status: own.status, declineReason: own.declineReason, versions: own.versions };
}
