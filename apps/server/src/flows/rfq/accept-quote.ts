import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  addCalendarDays,
  dateInTimeZone,
  documentTimeZoneOf,
  type ProvinceCode,
} from '@maplesource/contracts';
import { chatPayloadOf } from '../../modules/quotes';
import { withTransaction } from '../../db/transaction';
import { shown } from './compare-quotes';
import { openSupplierChat, type SupplierChatDoors } from './open-supplier-chat';
import { priceQuote } from './price-quote';

export type AcceptQuoteDoors = SupplierChatDoors & Pick<FastifyInstance, 'db' | 'quotes' | 'events'>;

/**
 * `POST rfqs/:id/quotes/:quoteId/accept` (decision 317): the buyer awards the request to one supplier's latest
 * quote. In one transaction, under the request's row lock (the rfq module's `award`): the request `accepted`, that
 * recipient `accepted`, the others `closed`; the conversation with the supplier opened or returned (the buyer is
 * revealed to it); a quotation holding the request's details and the accepted quote's lines stored in it and
 * accepted, as `quotation_created` + `quotation_accepted`, so the supplier issues the invoice there as for any
 * quotation; `rfq.ended` announced (the suppliers not chosen are told after commit). The same accept again answers
 * the same award; any other accept of an ended request is 409 RFQ_NOT_OPEN.
 */
export function acceptQuote(
  doors: AcceptQuoteDoors,
  input: { buyerId: string; rfqId: string; recipientId: string; now?: Date },
) {
  return withTransaction(doors.db, async (tx) => {
    const now = input.now ?? new Date();
    const award = await doors.rfq.award(tx, { ...input, now });
    const { rfq, accepted } = award;
    if (award.repeated && accepted.chatId && accepted.quotationId) {
      const chat = await doors.chat.participants(accepted.chatId, tx);
      return {
        rfq: shown(rfq),
        recipientId: accepted.id,
        chatId: accepted.chatId,
        chatKind: chat?.subjectKind ?? 'product',
        quotationId: accepted.quotationId,
      };
    }

    const latest = accepted.versions.at(-1)!;
    const timeZone = documentTimeZoneOf(rfq.deliveryProvince as ProvinceCode);
    // Priced from 1 unit on (priceQuote adds the quote's own unit price as a tier), so never null.
    const unitPriceCents =
      priceQuote(accepted.id, latest, rfq, dateInTimeZone(now, timeZone)).unitPriceCents ??
      latest.unitPriceCents;
    const quotationId = randomUUID();
    const { chatId, subject } = await openSupplierChat(doors, tx, { rfq, recipient: accepted, quotationId });
    const quotation = await doors.quotes.create(tx, {
      id: quotationId,
      subject: { ...subject, name: rfq.title, nameFr: null },
      sellerId: Number(accepted.sellerId),
      buyerId: rfq.buyerId,
      sellerUserId: accepted.sellerUserId,
      chatId,
      quantity: rfq.quantity,
      // The one unit price accepted for the quantity is both ends of the range (migration 1081).
      minPriceCents: unitPriceCents,
      maxPriceCents: unitPriceCents,
      // Delivery is due the quote's lead time after the award, in calendar days where it is delivered.
      deadline: dateInTimeZone(addCalendarDays(now, latest.leadDays, timeZone), timeZone),
      deliveryProvince: rfq.deliveryProvince as ProvinceCode,
      deliveryPostalCode: rfq.deliveryPostalCode,
      leadDays: latest.leadDays,
      // The buyer's own words; the quote's lines are the structured fields (shown translated by the screens).
      message: rfq.description,
    });
    // The supplier's quote is its agreement to these terms: the quotation is accepted as it is stored.
    const decided = await doors.quotes.decide(tx, accepted.sellerUserId, quotationId, {
      decision: 'accepted',
    });
    await doors.chat.postBusinessAction(tx, {
      chatId,
      senderId: rfq.buyerId,
      action: 'quotation_created',
      payload: chatPayloadOf(quotation),
    });
    await doors.chat.postBusinessAction(tx, {
      chatId,
      senderId: accepted.sellerUserId,
      action: 'quotation_accepted',
      payload: { quotationId, requestId: quotation.requestId, decidedAt: decided.decidedAt },
    });
    await doors.events.emit('rfq.ended', { rfqId: rfq.id, outcome: 'accepted' }, tx);
    return { rfq: shown(rfq), recipientId: accepted.id, chatId, chatKind: subject.kind, quotationId };
  });
}
