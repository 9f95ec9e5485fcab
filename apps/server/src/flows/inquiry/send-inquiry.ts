import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { InquiryResponse, ProductInquiry, ServiceInquiry } from '@maplesource/contracts';
import { unprocessable } from '../../plugins/errors';
import { chatPayloadOf, toCents } from '../../modules/quotes';
import { runWorkflow } from '../run-workflow';
import '../../modules/catalog';
import '../../modules/sellers';
import '../../modules/chat';

/** The doors an inquiry goes through. */
export type SendInquiryDoors = Pick<
  FastifyInstance,
  'db' | 'catalog' | 'sellers' | 'quotes' | 'chat' | 'events'
>;

export type InquiryInput = ({ kind: 'product' } & ProductInquiry) | ({ kind: 'service' } & ServiceInquiry);

/**
 * docs/product.md §7 `quotation` / `service-quotation`: stores the buyer's quotation, opens (or reuses) the conversation
 * between the buyer and the storefront's owner about that product or service, posts the `quotation_created`
 * business action holding the quotation and announces `quotation.created` — all in one transaction, once per
 * key (the request's Idempotency-Key, scoped by the buyer). The answer names the chat the buyer lands in.
 */
export function sendInquiry(
  doors: SendInquiryDoors,
  buyerId: string,
  input: InquiryInput,
  idempotencyKey: string | null,
): Promise<InquiryResponse> {
  const key = `${buyerId}:${idempotencyKey ?? randomUUID()}`;
  return runWorkflow(doors.db, { name: 'send-inquiry', key }, async (tx) => {
    const item =
      input.kind === 'product'
        ? await doors.catalog.getProductDetail(tx, String(input.productId), null)
        : await doors.catalog.getServiceDetail(tx, String(input.serviceId), null);
    const sellerId = Number(item.seller.id);
    const sellerUserId = await doors.sellers.storefrontOwner(tx, sellerId);
    if (!sellerUserId)
      throw unprocessable('SELLER_NOT_REACHABLE', 'This seller does not answer inquiries on MapleSource yet');
    if (sellerUserId === buyerId)
      throw unprocessable('INQUIRY_OWN_LISTING', 'You cannot send an inquiry about your own listing');
    const subject = { kind: input.kind, id: Number(item.id) };
    const quotationId = randomUUID();
    const { chatId, created } = await doors.chat.openConversation(tx, {
      buyerId,
      sellerUserId,
      subject,
      quotationId,
      names: { subject: item.nameEn, subjectFr: item.nameFr, sellerCompany: item.seller.name },
    });
    const quotation = await doors.quotes.create(tx, {
      id: quotationId,
      subject: { ...subject, name: item.nameEn, nameFr: item.nameFr },
      sellerId,
      buyerId,
      sellerUserId,
      chatId,
      quantity: input.quantity,
      minPriceCents: toCents(input.minPrice),
      maxPriceCents: toCents(input.maxPrice),
      deadline: input.deadline,
      deliveryProvince: input.deliveryProvince,
      deliveryPostalCode: input.deliveryPostalCode,
      leadDays: input.leadDays,
      message: input.message,
    });
    await doors.chat.postBusinessAction(tx, {
      chatId,
      senderId: buyerId,
      action: 'quotation_created',
      payload: chatPayloadOf(quotation),
    });
    // The item's quotation counter feeds its scores (decision 040) and the seller's stats (decision 273).
    await doors.catalog.countQuotationOutcome(tx, subject.kind, subject.id, 'quotation');
    await doors.events.emit(
      'quotation.created',
      { quotationId, chatId, buyerId, sellerUserId, subjectKind: input.kind },
      tx,
    );
    return { quotationId, requestId: quotation.requestId, chatId, chatCreated: created };
  });
}
