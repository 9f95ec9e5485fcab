import type { FastifyInstance } from 'fastify';
import type { CounterOffer, Invoice, InvoiceKind } from '@maplesource/contracts';
import { withTransaction } from '../../db/transaction';
import { chatPayloadOf } from '../../modules/invoices';
import '../../modules/chat';

export type RejectInvoiceDoors = Pick<FastifyInstance, 'db' | 'invoices' | 'chat' | 'events'>;

/**
 * The buyer rejects a pending invoice with a required reason (docs/product.md §4): the invoice leaves `pending`
 * once (the invoices module's conditional update: of 50 concurrent rejections one wins, the others answer 409
 * INVOICE_NOT_PENDING; an expired one answers 409 INVOICE_EXPIRED), `invoice_rejected` with the reason goes into
 * the chat (the seller's notification comes from it) and `invoice.rejected` is announced — in one transaction.
 */
export function rejectInvoice(
  doors: RejectInvoiceDoors,
  input: {
    buyerUserId: string;
    token: string;
    kind: InvoiceKind;
    reason: string;
    /** What the buyer would accept instead (decision 272): kept with the rejection and shown in the chat. */
    counterOffer?: CounterOffer;
    now?: Date;
  },
): Promise<Invoice> {
  return withTransaction(doors.db, async (tx) => {
    const invoice = await doors.invoices.reject(tx, {
      token: input.token,
      kind: input.kind,
      buyerUserId: input.buyerUserId,
      reason: input.reason,
      ...(input.counterOffer ? { counterOffer: input.counterOffer } : {}),
      now: input.now ?? new Date(),
    });
    await doors.chat.postBusinessAction(tx, {
      chatId: invoice.chatId,
      senderId: input.buyerUserId,
      action: 'invoice_rejected',
      payload: chatPayloadOf(invoice),
    });
    const participants = await doors.chat.participants(invoice.chatId, tx);
    if (!participants) throw new Error(`Invoice ${invoice.id} names a conversation that does not exist`);
    await doors.events.emit(
      'invoice.rejected',
      {
        invoiceId: invoice.id,
        chatId: invoice.chatId,
        buyerId: input.buyerUserId,
        sellerUserId: participants.sellerUserId,
        kind: invoice.kind,
      },
      tx,
    );
    return invoice;
  });
}
