import { randomUUID } from 'node:crypto';
import type { Invoice, InvoiceKind, IssueInvoiceInput } from '@maplesource/contracts';
import { runWorkflow } from '../run-workflow';
import { issueInTransaction, type IssueInvoiceDoors } from './issue-invoice';
import { tellWithdrawal } from './withdraw-invoice';

/**
 * The seller user issues the next version of an invoice (decision 271), once per Idempotency-Key, in one
 * transaction: the version is locked; if still pending it is withdrawn (told in the chat as `invoice_withdrawn`,
 * announced as `invoice.withdrawn` naming its successor); the new invoice is issued exactly as `issue-invoice`
 * issues one, with version n + 1 and a link to the version it revises. An accepted version (409
 * INVOICE_NOT_REVISABLE) or one already revised (409 INVOICE_ALREADY_REVISED) is not revised; not the seller's: 404.
 */
export function reviseInvoice(
  doors: IssueInvoiceDoors,
  input: {
    sellerUserId: string;
    token: string;
    kind: InvoiceKind;
    body: IssueInvoiceInput;
    idempotencyKey: string | null;
    now?: Date;
  },
): Promise<Invoice> {
  const key = `${input.sellerUserId}:${input.idempotencyKey ?? randomUUID()}`;
  return runWorkflow(doors.db, { name: 'revise-invoice', key }, async (tx) => {
    const now = input.now ?? new Date();
    const { previous, withdrawn } = await doors.invoices.openRevision(tx, {
      token: input.token,
      kind: input.kind,
      sellerUserId: input.sellerUserId,
      now,
    });
    // The withdrawal is told before the new version is sent, in the chat's order; its event names the new version.
    const revisedBy = randomUUID();
    if (withdrawn)
      await tellWithdrawal(doors, tx, { invoice: previous, sellerUserId: input.sellerUserId, revisedBy });
    return issueInTransaction(doors, tx, {
      sellerUserId: input.sellerUserId,
      chatId: previous.chatId,
      kind: input.kind,
      body: input.body,
      now,
      invoiceId: revisedBy,
      revises: { id: previous.id, version: previous.version },
    });
  });
}
