import type { FastifyInstance } from 'fastify';
import { sortRfqComparison, type RfqComparisonSort } from '@maplesource/contracts';
import { priceQuote } from './price-quote';
import '../../modules/chat';
import '../../modules/reviews';
import '../../modules/sellers';

/**
 * The buyer's request with every supplier's latest quote priced for the requested quantity (delivered total with
 * the province's tax on the comparison date, rfq-comparison in contracts), sorted by delivered total or lead time;
 * suppliers without a priced quote follow; each with its rating across its storefront's products and services (the
 * reviews module, decision 317), and the request's attachments. Another buyer's request → 404.
 */
export async function compareQuotes(
  doors: Pick<FastifyInstance, 'db' | 'rfq' | 'sellers' | 'reviews' | 'chat'>,
  input: { buyerId: string; rfqId: string; sort: RfqComparisonSort; now?: Date },
) {
  const { rfq, recipients } = await doors.rfq.forBuyer(doors.db, input.rfqId, input.buyerId);
  const sellerIds = recipients.map((r) => r.sellerId);
  const cards = new Map(
    (await doors.sellers.rfqSupplierCards(doors.db, sellerIds)).map((c) => [c.sellerId, c]),
  );
  const ratings = await doors.reviews.storefrontRatings(doors.db, sellerIds);
  const attachments = (await doors.rfq.attachments(doors.db, [rfq.id])).get(rfq.id) ?? [];
  const chats = await doors.chat.participantsOf(
    recipients.flatMap((r) => (r.chatId ? [r.chatId] : [])),
    doors.db,
  );
  const date = (input.now ?? new Date()).toISOString().slice(0, 10);
  const priced = new Map(
    recipients.flatMap((r) => {
      const latest = r.versions.at(-1);
      if (!latest) return [];
      return [[r.id, priceQuote(r.id, latest, rfq, date)] as const];
    }),
  );
  const order = sortRfqComparison([...priced.values()], input.sort).map((row) => row.quoteId);
  const rank = (id: string) => (order.includes(id) ? order.indexOf(id) : order.length);
  const suppliers = [...recipients]
    .sort((a, b) => rank(a.id) - rank(b.id))
    .map((r) => {
      const latest = r.versions.at(-1) ?? null;
      const row = priced.get(r.id);
      const card = cards.get(r.sellerId);
      return {
        recipientId: r.id,
        storefrontId: r.sellerId,
        storefrontName: card?.name ?? '',
        verified: card?.verified ?? false,
        status: r.status,
        declineReason: r.declineReason,
        latest,
        unitPriceCents: row?.unitPriceCents ?? null,
        goodsCents: row?.goodsCents ?? null,
        shippingCents: row?.shippingCents ?? null,
        taxCents: row?.taxCents ?? null,
        deliveredCents: row?.deliveredCents ?? null,
        leadDays: row?.leadDays ?? null,
        validUntil: latest?.validUntil ?? null,
        rating: ratings.get(r.sellerId) ?? { average: null, count: 0 },
        chatId: r.chatId && chats.has(r.chatId) ? r.chatId : null,
        chatKind: (r.chatId ? chats.get(r.chatId)?.subjectKind : null) ?? null,
      };
    });
  return { rfq: shown(rfq), suppliers, attachments };
}

/** What the buyer and the suppliers see of a request (no buyer id, no accepted recipient id). */
export function shown<T extends { buyerId: string; acceptedRecipientId: string | null }>(rfq: T) {
  const { buyerId: _buyer, acceptedRecipientId: _accepted, ...visible } = rfq;
  return visible;
}
