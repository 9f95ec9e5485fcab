import type { FastifyInstance } from 'fastify';
import type { RfqBuyerShown } from '@maplesource/contracts';
import type { Db } from '../../db/client';
import { notFound } from '../../plugins/errors';
import { shown } from './compare-quotes';
import '../../modules/auth';
import '../../modules/chat';
import '../../modules/sellers';

export type SupplierDoors = Pick<FastifyInstance, 'db' | 'rfq' | 'sellers'>;
export type SupplierViewDoors = SupplierDoors & Pick<FastifyInstance, 'auth' | 'chat'>;

/** The storefront must be the user's (else 404 as for one that does not exist). */
export async function ownStorefront(doors: SupplierDoors, userId: string, sellerId: string) {
  const owned = await doors.sellers.ownedStorefrontIds(doors.db, userId);
  if (!owned.includes(Number(sellerId))) throw notFound('SELLER_NOT_FOUND', 'Seller not found');
}

/**
 * What a supplier sees of the buyer (decision 317): the name when the request is not private or the buyer was
 * revealed to this supplier (a chat, or the award), else only the delivery province ("a verified buyer in …").
 */
export function buyerShown(
  rfq: { private: boolean; deliveryProvince: string },
  revealedToSupplier: boolean,
  name: string | null,
): RfqBuyerShown {
  const visible = !rfq.private || revealedToSupplier;
  return { name: visible ? (name ?? '') : null, province: rfq.deliveryProvince, revealed: visible };
}

/** The display names of these buyers (only those shown are asked for). */
async function buyerNames(doors: SupplierViewDoors, db: Db, buyerIds: Iterable<string>) {
  const names = new Map<string, string>();
  for (const id of new Set(buyerIds))
    names.set(id, (await doors.auth.users.findById(id, db))?.fullName ?? '');
  return names;
}

/** The supplier's inbox across their storefronts, with the number of open requests not answered yet. */
export async function supplierInbox(doors: SupplierViewDoors, userId: string, sellerId: string) {
  await ownStorefront(doors, userId, sellerId);
  const rows = await doors.rfq.inbox(doors.db, userId);
  const names = await buyerNames(
    doors,
    doors.db,
    rows.filter((row) => !row.private || row.buyerRevealed).map((row) => row.buyerId),
  );
  return {
    rfqs: rows.map((row) => ({
      ...shown(row),
      recipientStatus: row.recipientStatus,
      buyer: buyerShown(row, row.buyerRevealed, names.get(row.buyerId) ?? null),
    })),
    newCount: rows.filter((row) => row.status === 'open' && row.recipientStatus === 'invited').length,
  };
}

/** The request and this storefront's recipient row of it, for a storefront of the user's (else 404). */
export async function matchedRecipient(
  doors: SupplierDoors,
  userId: string,
  sellerId: string,
  rfqId: string,
) {
  await ownStorefront(doors, userId, sellerId);
  const { rfq, recipients } = await doors.rfq.forSupplier(doors.db, rfqId, userId);
  const own = recipients.find((r) => r.sellerId === sellerId);
  if (!own) throw notFound('RFQ_NOT_FOUND', 'This request for quotes does not exist');
  return { rfq, own };
}

/**
 * A matched supplier's view of one request: their own answers, the buyer as shown to them, the request's
 * attachments and the conversation the buyer opened with them (reachable from the inbox); a storefront not
 * matched → 404.
 */
export async function supplierRfq(doors: SupplierViewDoors, userId: string, sellerId: string, rfqId: string) {
  const { rfq, own } = await matchedRecipient(doors, userId, sellerId, rfqId);
  const revealed = own.buyerRevealedAt !== null;
  const names = await buyerNames(doors, doors.db, !rfq.private || revealed ? [rfq.buyerId] : []);
  const attachments = (await doors.rfq.attachments(doors.db, [rfq.id])).get(rfq.id) ?? [];
  const chat = own.chatId ? await doors.chat.participants(own.chatId, doors.db) : null;
  return {
    rfq: shown(rfq),
    status: own.status,
    declineReason: own.declineReason,
    versions: own.versions,
    buyer: buyerShown(rfq, revealed, names.get(rfq.buyerId) ?? null),
    attachments,
    chatId: chat ? own.chatId : null,
    chatKind: chat?.subjectKind ?? null,
  };
}
