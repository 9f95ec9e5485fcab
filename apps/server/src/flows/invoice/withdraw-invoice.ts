import type { FastifyInstance } from 'fastify';
import type { Invoice, InvoiceKind } from '@maplesource/contracts';
import type { Tx } from '../../db/transaction';
import { withTransaction } from '../../db/transaction';
import { chatPayloadOf } from '../../modules/invoices';
import '../../modules/chat';

export type WithdrawInvoiceDoors = Pick<FastifyInstance, 'db' | 'invoices' | 'chat' | 'events'>;

/**
 * The seller user withdraws a pending invoice (decision 271): it leaves `pending` once (the invoices module's
 * conditional update — a withdrawal racing the buyer's accept ends in exactly one of the two), `invoice_withdrawn`
 * goes into the chat (the buyer's notification comes from it) and `invoice.withdrawn` is announced, in one
 * transaction. Not the seller's: 404; no longer pending: 409.
 */
export function withdrawInvoice(
  doors: WithdrawInvoiceDoors,
  input: { sellerUserId: string; token: string; kind: InvoiceKind; now?: Date },
): Promise<Invoice> {
  return withTransaction(doors.db, async (tx) => {
    const invoice = await doors.invoices.withdraw(tx, {
      token: input.token,
      kind: input.kind,
      sellerUserId: input.sellerUserId,
      now: input.now ?? new Date(),
    });
    await tellWithdrawal(doors, tx, { invoice, sellerUserId: input.sellerUserId, revisedBy: null });
    return invoice;
  });
}

/** The chat's `invoice_withdrawn` and the `invoice.withdrawn` event of a withdrawn invoice. */
export async function tellWithdrawal(
  doors: Pick<WithdrawInvoiceDoors, 'chat' | 'events'>,
  tx: Tx,
  told: { invoice: Invoice; sellerUserId: string; revisedBy: string | null },
) {
  const { invoice } = told;
  await doors.chat.postBusinessAction(tx, {
    chatId: invoice.chatId,
    senderId: told.sellerUserId,
    action: 'invoice_withdrawn',
    payload: chatPayloadOf(invoice),
  });
  await doors.events.emit(
    'invoice.withdrawn',
    {
      invoiceId: invoice.id,
      chatId: invoice.chatId,
      buyerId: invoice.buyer.userId,
      sellerUserId: told.sellerUserId,
      kind: invoice.kind,
      version: invoice.version,
      revisedBy: told.revisedBy,
    },
    tx,
  );
}
