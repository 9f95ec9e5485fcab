import type { FastifyInstance } from 'fastify';
import type { Quotation, QuotationDecisionRequest } from '@maplesource/contracts';
import { withTransaction } from '../../db/transaction';
import '../../modules/catalog';
import '../../modules/chat';

export type DecideQuotationDoors = Pick<FastifyInstance, 'db' | 'quotes' | 'chat' | 'catalog' | 'events'>;

/**
 * The seller user accepts or rejects a quotation in its conversation: the quotation leaves `pending` once (the
 * quotes module's conditional update), `quotation_accepted` / `quotation_rejected` is posted into the chat and
 * `quotation.decided` announced, in one transaction. Another user's quotation is a 404; a second answer a 409.
 */
export function decideQuotation(
  doors: DecideQuotationDoors,
  sellerUserId: string,
  quotationId: string,
  answer: QuotationDecisionRequest,
): Promise<Quotation> {
  return withTransaction(doors.db, async (tx) => {
    const quotation = await doors.quotes.decide(tx, sellerUserId, quotationId, answer);
    const decision = answer.decision;
    // The answer counts on the item (its scores, decision 040; the seller's stats, decision 273).
    await doors.catalog.countQuotationOutcome(
      tx,
      quotation.subject.kind,
      Number(quotation.subject.id),
      decision,
    );
    await doors.chat.postBusinessAction(tx, {
      chatId: quotation.chatId,
      senderId: sellerUserId,
      action: decision === 'accepted' ? 'quotation_accepted' : 'quotation_rejected',
      payload: {
        quotationId: quotation.id,
        requestId: quotation.requestId,
        decidedAt: quotation.decidedAt,
        ...(quotation.rejectionReason ? { reason: quotation.rejectionReason } : {}),
      },
    });
    await doors.events.emit(
      'quotation.decided',
      { quotationId: quotation.id, chatId: quotation.chatId, decision },
      tx,
    );
    return quotation;
  });
}
