import type { FastifyInstance } from 'fastify';
import {
  invoiceAcceptanceTerms,
  type AcceptInvoiceResponse,
  type ChatOrderPayload,
  type OrderAddress,
  type OrderKind,
} from '@maplesource/contracts';
import type { z } from 'zod';
import type { acceptInvoiceBodySchema } from '@maplesource/contracts';
import { withTransaction } from '../db/transaction';
import { AppError, conflict, notFound } from '../plugins/errors';
import '../modules/chat';
import type { InvoicesService } from '../modules/invoices';
import '../modules/orders';
import { scheduleUnpaidOrderExpiry } from './expire-unpaid-orders';

type AcceptInvoiceBody = z.output<typeof acceptInvoiceBodySchema>;

export type AcceptInvoiceDoors = Pick<FastifyInstance, 'db' | 'orders' | 'chat' | 'events' | 'jobs'> & {
  /** The invoices module's part of the acceptance: the row lock and the acceptance record. */
  invoices: Pick<InvoicesService, 'lockForAcceptance' | 'recordAcceptance'>;
};

export interface AcceptInvoiceRequest {
  kind: OrderKind;
  buyerUserId: string;
  body: AcceptInvoiceBody;
  ip: string;
  userAgent: string | null;
  now: Date;
}

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
 * The buyer accepts an invoice (spec §4 accept flow): in ONE transaction the invoice row is locked, then
 * either it was already accepted (a double click, a second tab, 50 concurrent requests) and its order is
 * answered again, or the order is created (orders.invoice_id is unique), the acceptance recorded with the
 * signature, the exact terms text, IP, user agent and time, and `invoice_accepted` + `order_created` posted
 * in the conversation (their chat messages notify the seller). Expired → 409 INVOICE_EXPIRED; another
 * buyer's or unknown → 404 INVOICE_NOT_FOUND (both from the invoices module).
 */
export function acceptInvoice(
  doors: AcceptInvoiceDoors,
  request: AcceptInvoiceRequest,
): Promise<AcceptInvoiceResponse & { created: boolean }> {
  const { body, kind } = request;
  if (body.termsVersion !== invoiceAcceptanceTerms.version)
    throw conflict('INVOICE_TERMS_OUTDATED', 'The acceptance terms changed: read them again and sign');
  const termsText = invoiceAcceptanceTerms[body.termsLanguage];
  const { shipping, billing } = addressesOf(body);

  return withTransaction(doors.db, async (tx) => {
    const { invoice, sellerUserId, alreadyAccepted } = await doors.invoices.lockForAcceptance(tx, {
      token: body.invoiceToken,
      kind,
      buyerUserId: request.buyerUserId,
      now: request.now,
    });
    if (alreadyAccepted) {
      if (!invoice.orderId) throw notFound('ORDER_NOT_FOUND', 'The order of this invoice was not found');
      return { orderId: invoice.orderId, kind, created: false };
    }
    // The seller user is the invoice's own (the one of its conversation): no read of the chat here; the chat
    // row is locked once, when the two messages are posted below.
    const order = await doors.orders.create(tx, {
      kind,
      invoiceId: invoice.id,
      invoiceToken: invoice.token,
      chatId: invoice.chatId,
      buyer: { userId: request.buyerUserId, name: invoice.buyer.name },
      sellerUserId,
      seller: { sellerId: invoice.seller.sellerId, slug: invoice.seller.slug, name: invoice.seller.name },
      subject: invoice.subject,
      negotiatedPriceCents: invoice.negotiatedPriceCents,
      shippingCents: invoice.shippingCents,
      taxCents: invoice.taxCents,
      totalCents: invoice.totalCents,
      leadDays: invoice.leadDays ?? 0,
      shippingAddress: shipping,
      billingAddress: billing,
      placedAt: request.now,
    });
    await doors.invoices.recordAcceptance(tx, {
      invoiceId: invoice.id,
      orderId: order.id,
      signerName: body.signature.fullName,
      signatureSvg: body.signature.svg,
      termsVersion: body.termsVersion,
      termsLanguage: body.termsLanguage,
      termsText,
      ip: request.ip,
      userAgent: request.userAgent,
      at: request.now,
    });
    const orderPayload: ChatOrderPayload = {
      orderId: order.id,
      kind,
      status: 'pending',
      invoiceToken: invoice.token,
    };
    // Both messages in one call (one chat lock, one statement); a conversation that is gone is the invoice's.
    await doors.chat
      .postBusinessActions(tx, {
        chatId: invoice.chatId,
        senderId: request.buyerUserId,
        actions: [
          {
            action: 'invoice_accepted',
            payload: { invoiceId: invoice.id, invoiceToken: invoice.token, orderId: order.id, kind },
          },
          { action: 'order_created', payload: orderPayload },
        ],
      })
      .catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'CHAT_NOT_FOUND')
          throw notFound('INVOICE_NOT_FOUND', 'Invoice not found');
        throw error;
      });
    await doors.events.emit(
      'order.changed',
      { orderId: order.id, kind, chatId: invoice.chatId, status: 'pending', change: 'created' },
      tx,
    );
    // Unpaid by its deadline, the order is cancelled (decision 166).
    await scheduleUnpaidOrderExpiry(doors, tx, { id: order.id, placedAt: request.now });
    return { orderId: order.id, kind, created: true };
  });
}
