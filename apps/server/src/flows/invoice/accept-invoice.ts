import { randomUUID } from 'node:crypto';
import {
  invoiceAcceptanceTerms,
  type AcceptInvoiceResponse,
  type OrderAddress,
} from '@maplesource/contracts';
import { queryTemplate } from '../../db/prepared';
import type { SessionCheck, SessionCheckSlot } from '../../plugins/auth';
import { conflict, notFound } from '../../plugins/errors';
import {
  acceptanceTemplate,
  acceptanceValues,
  noSession,
  type AcceptInvoiceBody,
  type AcceptInvoiceDoors,
  type AcceptInvoiceRequest,
  type AcceptSlot,
} from './accept-invoice.sql';

export type { AcceptInvoiceDoors, AcceptInvoiceRequest } from './accept-invoice.sql';
export { prepareAcceptInvoice } from './accept-invoice.sql';

/**
 * With "use shipping for billing" the billing address is a copy of the shipping one (addressType Billing,
 * country CA) whatever was sent; otherwise the billing address given (the schema requires one).
 */
export function addressesOf(body: AcceptInvoiceBody): { shipping: OrderAddress; billing: OrderAddress } {
  const shipping: OrderAddress = { ...body.shippingAddress, addressType: 'Shipping', country: 'CA' };
  const source = body.isBillingSameAsShipping ? body.shippingAddress : body.billingAddress!;
  return { shipping, billing: { ...source, addressType: 'Billing', country: 'CA' } };
}

/**
 * The buyer accepts an invoice (docs/product.md §4 accept flow) in ONE statement (decision 181), atomic without a
 * transaction round trip: the invoice is marked accepted with its order only if it is this buyer's, of this kind,
 * pending and unexpired (a conditional UPDATE: of a double click, two tabs or 50 concurrent requests exactly one
 * matches); with it, in the same statement, the acceptance record (signature, exact terms text, IP, user agent,
 * time), the order and its timeline entry, `invoice_accepted` + `order_created` in the conversation and the
 * outbox events (`chat.message-created` ×2, `order.changed`). Each module writes its own tables through its door;
 * this workflow only wires one part's output into the next. When nothing matched, the invoices module says why:
 * accepted already → its order again (`created: false`); another buyer's or unknown → 404 INVOICE_NOT_FOUND;
 * expired → 409 INVOICE_EXPIRED; rejected → 409 INVOICE_NOT_PENDING. A conversation that is gone leaves the
 * order's chat_id NULL, which fails the whole statement: 404 INVOICE_NOT_FOUND, nothing stored.
 * Unpaid orders are cancelled by the sweep (decision 166, every minute since decision 181).
 *
 * With `request.session` (decision 225): null when the session check failed, or when the request was refused
 * before the statement could check it; the caller then looks the session up the usual way (401/403) and, for a
 * live session, accepts again without the check, which gives the refusal. Nothing was written in either case.
 */
export async function acceptInvoice(
  doors: AcceptInvoiceDoors,
  request: AcceptInvoiceRequest & { session: SessionCheck },
): Promise<(AcceptInvoiceResponse & { created: boolean }) | null>;
export async function acceptInvoice(
  doors: AcceptInvoiceDoors,
  request: AcceptInvoiceRequest & { session?: undefined },
): Promise<AcceptInvoiceResponse & { created: boolean }>;
export async function acceptInvoice(
  doors: AcceptInvoiceDoors,
  request: AcceptInvoiceRequest,
): Promise<(AcceptInvoiceResponse & { created: boolean }) | null> {
  const { body, kind, buyerUserId, now, session } = request;
  const orderId = randomUUID();
  const template = acceptanceTemplate(doors, session);
  let values: Record<AcceptSlot | SessionCheckSlot, unknown>;
  try {
    if (body.termsVersion !== invoiceAcceptanceTerms.version)
      throw conflict('INVOICE_TERMS_OUTDATED', 'The acceptance terms changed: read them again and sign');
    const accept = acceptanceValues(doors, request, orderId, addressesOf(body));
    // Without the session check, its slots are not in the statement.
    values = session ? { ...accept, ...session.values } : { ...accept, ...noSession };
  } catch (error) {
    // A refusal before the statement: the session is checked the usual way first.
    if (session) return null;
    throw error;
  }

  let placed: string | null;
  try {
    const [row] = await queryTemplate<{ order_id: string | null; session_ok?: boolean }>(
      doors.db,
      template.statement,
      values,
    );
    if (session && row?.session_ok !== true) {
      session.forget();
      return null;
    }
    placed = row?.order_id ?? null;
  } catch (error) {
    // The statement failed as a whole (nothing written), its session check with it.
    if (session) return null;
    if (isNotNullViolation(error, 'chat_id')) throw notFound('INVOICE_NOT_FOUND', 'Invoice not found');
    throw error;
  }
  if (placed === null) {
    const accepted = await doors.invoices.acceptanceRefusal(doors.db, {
      token: body.invoiceToken,
      kind,
      buyerUserId,
      now,
    });
    return { orderId: accepted.orderId, kind, created: false };
  }
  template.written();
  return { orderId: placed, kind, created: true };
}

/** PostgreSQL's (and PGlite's) not-null violation on `column`, however the driver wraps it. */
function isNotNullViolation(error: unknown, column: string): boolean {
  const e = error as { code?: string; column?: string; cause?: { code?: string; column?: string } };
  const cause = e?.code === '23502' ? e : e?.cause?.code === '23502' ? e.cause : null;
  return cause !== null && (cause.column === undefined || cause.column === column);
}
