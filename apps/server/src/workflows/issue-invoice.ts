import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  computeCanadianTax,
  MAX_TAXABLE_CENTS,
  type Invoice,
  type InvoiceKind,
  type InvoiceTaxLine,
  type IssueInvoiceInput,
} from '@maplesource/contracts';
import { badRequest, conflict, notFound, unprocessable } from '../plugins/errors';
import { chatPayloadOf, expireInvoiceJob } from '../modules/invoices';
import { runWorkflow } from './run-workflow';
import '../modules/catalog';
import '../modules/chat';
import '../modules/quotes';
import '../modules/sellers';

export type IssueInvoiceDoors = Pick<
  FastifyInstance,
  'db' | 'chat' | 'quotes' | 'catalog' | 'sellers' | 'invoices' | 'events' | 'jobs'
>;

const chatNotFound = () => notFound('CHAT_NOT_FOUND', 'Chat not found');
const taxNumberRequired = () =>
  unprocessable(
    'INVOICE_SELLER_TAX_NUMBER_REQUIRED',
    'Add your legal name and GST/HST number (and QST number for Quebec) or declare the small-supplier exemption',
  );

/** Small suppliers charge no GST/HST (decision 132); the invoice says why it has no tax. */
export const smallSupplierReason =
  'Small supplier, not registered for GST/HST / Petit fournisseur, non inscrit à la TPS/TVH';

/** The invoice date: today in Eastern time, the date whose tax rates apply. */
export function invoiceDateOf(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Toronto',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/**
 * The seller user of a conversation issues an invoice in it (spec §5 invoice generation, issue 12): the quotation
 * it holds fills in quantity, delivery province, postal code and lead days; the server computes the tax from the
 * delivery province and the invoice date (or takes the seller's override with its reason); the seller's legal name
 * and registration numbers are copied onto it. In one transaction, once per Idempotency-Key: a pending invoice of
 * the conversation whose time has passed is expired first, the invoice is stored (one pending per conversation,
 * else 409 INVOICE_ALREADY_PENDING), `invoice_sent` goes into the chat (the buyer's notification comes from it),
 * `invoice.issued` is announced and the expiry job is queued for `expiresAt`.
 */
export function issueInvoice(
  doors: IssueInvoiceDoors,
  input: {
    sellerUserId: string;
    chatId: string;
    kind: InvoiceKind;
    body: IssueInvoiceInput;
    idempotencyKey: string | null;
    now?: Date;
  },
): Promise<Invoice> {
  const key = `${input.sellerUserId}:${input.idempotencyKey ?? randomUUID()}`;
  const { body } = input;
  return runWorkflow(doors.db, { name: 'issue-invoice', key }, async (tx) => {
    const now = input.now ?? new Date();
    const participants = await doors.chat.participants(input.chatId, tx);
    if (
      !participants ||
      participants.sellerUserId !== input.sellerUserId ||
      participants.subjectKind !== input.kind
    )
      throw chatNotFound();
    const { chat } = await doors.chat.chatItem(tx, input.sellerUserId, input.chatId, input.kind);
    if (!chat.quotationId)
      throw unprocessable('INVOICE_NO_QUOTATION', 'This conversation holds no quotation request to invoice');
    const quotation = await doors.quotes.getFor(tx, input.sellerUserId, chat.quotationId);

    const item =
      input.kind === 'product'
        ? await doors.catalog.getProductDetail(tx, String(chat.subjectId), null)
        : await doors.catalog.getServiceDetail(tx, String(chat.subjectId), null);
    const sellerId = Number(item.seller.id);
    // The storefront changed hands since the conversation began: its former owner no longer invoices for it.
    if ((await doors.sellers.storefrontOwner(tx, sellerId)) !== input.sellerUserId) throw chatNotFound();
    const profile = await doors.sellers.taxProfile(tx, sellerId);
    if (!profile.smallSupplier && !profile.gstHstNumber) throw taxNumberRequired();

    const deliveryProvince = body.deliveryProvince ?? quotation.deliveryProvince;
    const taxableCents = body.negotiatedPriceCents + body.shippingCents;
    if (taxableCents > MAX_TAXABLE_CENTS)
      throw badRequest('INVOICE_AMOUNT_TOO_LARGE', 'The price and shipping together are too large');
    const issuedOn = invoiceDateOf(now);

    let taxLines: InvoiceTaxLine[];
    let taxOverrideReason: string | null = null;
    if (body.taxOverride) {
      taxLines = body.taxOverride.lines;
      taxOverrideReason = body.taxOverride.reason;
    } else if (profile.smallSupplier && !profile.gstHstNumber) {
      taxLines = [];
      taxOverrideReason = smallSupplierReason;
    } else {
      taxLines = computeCanadianTax({ province: deliveryProvince, date: issuedOn, taxableCents }).lines;
      // QST is collected under a QST registration: without one, the seller states why it does not charge it.
      if (taxLines.some((line) => line.code === 'QST') && !profile.qstNumber) throw taxNumberRequired();
    }

    // A pending invoice whose time has passed must not block the new one (its expiry is told as usual).
    await doors.invoices.expireDue(tx, { now, chatId: input.chatId });
    const expiresAt = new Date(now.getTime() + body.expiresInHours * 3_600_000);
    const invoice = await doors.invoices.create(tx, {
      kind: input.kind,
      chatId: input.chatId,
      quotationId: quotation.id,
      buyer: { userId: chat.buyerId, name: chat.buyerName },
      sellerUserId: input.sellerUserId,
      seller: {
        sellerId,
        slug: profile.slug,
        name: profile.name,
        legalName: profile.legalName,
        gstHstNumber: profile.gstHstNumber,
        qstNumber: profile.qstNumber,
      },
      subject: {
        id: chat.subjectId,
        name: item.nameEn,
        nameFr: item.nameFr,
        category: item.category.nameEn,
        categoryFr: item.category.nameFr,
        quantity: body.quantity ?? quotation.quantity,
        unit: 'unit' in item && typeof item.unit === 'string' ? item.unit : null,
      },
      negotiatedPriceCents: body.negotiatedPriceCents,
      shippingCents: body.shippingCents,
      taxLines,
      taxOverrideReason,
      paymentTerms: body.paymentTerms,
      deliveryTerms: body.deliveryTerms,
      notes: body.notes,
      leadDays: body.leadDays === undefined ? quotation.leadDays : body.leadDays,
      deliveryProvince,
      deliveryPostalCode: body.deliveryPostalCode ?? quotation.deliveryPostalCode,
      issuedOn,
      expiresAt,
    });
    if (!invoice)
      throw conflict(
        'INVOICE_ALREADY_PENDING',
        'This conversation already has a pending invoice: wait for the buyer’s answer or its expiry',
      );

    await doors.chat.postBusinessAction(tx, {
      chatId: input.chatId,
      senderId: input.sellerUserId,
      action: 'invoice_sent',
      payload: chatPayloadOf(invoice),
    });
    await doors.events.emit(
      'invoice.issued',
      {
        invoiceId: invoice.id,
        chatId: invoice.chatId,
        buyerId: invoice.buyer.userId,
        sellerUserId: input.sellerUserId,
        kind: invoice.kind,
        totalCents: invoice.totalCents,
        expiresAt: invoice.expiresAt,
      },
      tx,
    );
    await doors.jobs.send(
      expireInvoiceJob,
      { invoiceId: invoice.id },
      { startAfter: expiresAt, singletonKey: invoice.id, tx },
    );
    return invoice;
  });
}
