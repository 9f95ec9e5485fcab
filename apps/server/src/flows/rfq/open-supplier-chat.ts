import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/transaction';
import { conflict } from '../../plugins/errors';
import type { StoredRecipient, StoredRfq } from '../../modules/rfq';
import '../../modules/catalog';
import '../../modules/chat';
import '../../modules/sellers';

export type SupplierChatDoors = Pick<FastifyInstance, 'rfq' | 'chat' | 'catalog' | 'sellers'>;

/**
 * Opens (or returns) the buyer's conversation with one matched supplier about a request, in the caller's
 * transaction (decision 317), and reveals the buyer to that supplier. A conversation is about one of the
 * storefront's listed items (the catalogue's `rfqSubjectItem`: its product in the request's category first), so
 * that an invoice issued in it names what it sells; a storefront that lists nothing answers 409
 * RFQ_SUPPLIER_UNLISTED. It is the same conversation the buyer would have about that item (one per pair and item).
 */
export async function openSupplierChat(
  doors: SupplierChatDoors,
  tx: Tx,
  input: { rfq: StoredRfq; recipient: StoredRecipient; quotationId?: string },
): Promise<{ chatId: string; created: boolean; subject: { kind: 'product' | 'service'; id: number } }> {
  const { rfq, recipient } = input;
  const subject = await doors.catalog.rfqSubjectItem(tx, {
    sellerId: Number(recipient.sellerId),
    categoryId: Number(rfq.categoryId),
  });
  if (!subject)
    throw conflict('RFQ_SUPPLIER_UNLISTED', 'This supplier lists no product or service to talk about yet');
  const item =
    subject.kind === 'product'
      ? await doors.catalog.getProductDetail(tx, String(subject.id), null)
      : await doors.catalog.getServiceDetail(tx, String(subject.id), null);
  const { chatId, created } = await doors.chat.openConversation(tx, {
    buyerId: rfq.buyerId,
    sellerUserId: recipient.sellerUserId,
    subject,
    quotationId: input.quotationId ?? null,
    names: { subject: item.nameEn, subjectFr: item.nameFr, sellerCompany: item.seller.name },
  });
  await doors.rfq.linkChat(tx, {
    recipientId: recipient.id,
    chatId,
    ...(input.quotationId ? { quotationId: input.quotationId } : {}),
  });
  return { chatId, created, subject };
}
