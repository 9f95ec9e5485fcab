import type { FastifyInstance } from 'fastify';
import type { DocumentPaperSize, Order, OrderKind } from '@maplesource/contracts';
import { conflict } from '../../plugins/errors';
import { orderNotFound } from '../../modules/orders';
import {
  documentLogo,
  pdfLanguages,
  renderOrderDocumentPdf,
  type OrderDocumentKind,
} from '../../modules/invoices';

export type OrderDocumentDoors = Pick<FastifyInstance, 'db' | 'orders' | 'invoices' | 'sellers' | 'storage'>;

/** Payment states in which the order was paid (a refund later does not unmake the payment the receipt records). */
const paidStatuses = new Set<Order['payment']['status']>(['paid', 'refunded', 'partially_refunded']);

export const orderNotPaid = () =>
  conflict('ORDER_NOT_PAID', 'This order has not been paid yet, so it has no receipt');

/**
 * The order for its buyer, else for its seller user (the seller's view links the same documents); anyone else, or the
 * other kind's path, 404 ORDER_NOT_FOUND.
 */
async function orderFor(doors: OrderDocumentDoors, userId: string, kind: OrderKind, orderId: string) {
  try {
    return await doors.orders.getForBuyer(doors.db, userId, kind, orderId);
  } catch (error) {
    if ((error as { code?: string }).code !== 'ORDER_NOT_FOUND') throw error;
  }
  const order = await doors.orders.getForSeller(doors.db, userId, orderId);
  if (order.kind !== kind) throw orderNotFound();
  return order;
}

/** The storefront's uploaded logo as PNG, or null (none, the storefront gone, or unreadable). */
export async function storefrontLogo(
  doors: Pick<OrderDocumentDoors, 'db' | 'sellers' | 'storage'>,
  sellerId: number,
) {
  try {
    const seller = await doors.sellers.getSeller(doors.db, String(sellerId));
    return await documentLogo(doors.storage, seller.logoUrl);
  } catch {
    return null;
  }
}

/**
 * The payment receipt or the order confirmation of an order as a PDF (decision 293): the order (its buyer's or
 * seller's), the invoice it came from (the tax lines and the parties' tax numbers the order copied the totals of) and
 * the storefront's logo, laid out by the invoices module like the invoice. A receipt exists once the order was paid
 * (otherwise 409 ORDER_NOT_PAID). Reading changes nothing.
 */
export async function renderOrderDocument(
  doors: OrderDocumentDoors,
  input: {
    userId: string;
    kind: OrderKind;
    orderId: string;
    document: OrderDocumentKind;
    viewerLanguage: 'en' | 'fr';
    paper: DocumentPaperSize;
    now: Date;
  },
) {
  const order = await orderFor(doors, input.userId, input.kind, input.orderId);
  if (input.document === 'receipt' && (!paidStatuses.has(order.payment.status) || !order.payment.paidAt))
    throw orderNotPaid();
  const invoice = await doors.invoices.readFor(doors.db, {
    token: order.invoiceToken,
    kind: input.kind,
    userId: input.userId,
    now: input.now,
  });
  const pdf = await renderOrderDocumentPdf({
    kind: input.document,
    invoice,
    order,
    languages: pdfLanguages(invoice, input.viewerLanguage),
    paper: input.paper,
    logo: await storefrontLogo(doors, order.seller.sellerId),
  });
  return { order, pdf };
}
