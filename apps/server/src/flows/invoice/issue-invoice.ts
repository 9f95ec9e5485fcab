import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  checkTaxOverride,
  computeCanadianTax,
  dateInTimeZone,
  DEFAULT_DOCUMENT_TIME_ZONE,
  documentTimeZoneOf,
  MAX_TAXABLE_CENTS,
  type DocumentTimeZone,
  type Invoice,
  type InvoiceKind,
  type InvoiceTaxLine,
  type IssueInvoiceInput,
  type TaxOverrideReason,
} from '@maplesource/contracts';
import { badRequest, conflict, notFound, unprocessable } from '../../plugins/errors';
import { chatPayloadOf, expireInvoiceJob } from '../../modules/invoices';
import type { Tx } from '../../db/transaction';
import { runWorkflow } from '../run-workflow';
import '../../modules/accounts';
import '../../modules/catalog';
import '../../modules/chat';
import '../../modules/quotes';
import '../../modules/sellers';

export type IssueInvoiceDoors = Pick<
  FastifyInstance,
  'db' | 'chat' | 'quotes' | 'catalog' | 'sellers' | 'invoices' | 'events' | 'jobs' | 'accounts'
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

/** The invoice date: today in the document's time zone (decision 248), the date whose tax rates apply. */
export function invoiceDateOf(now: Date, timeZone: DocumentTimeZone = DEFAULT_DOCUMENT_TIME_ZONE): string {
  return dateInTimeZone(now, timeZone);
}

/**
 * The seller user of a conversation issues an invoice in it (docs/product.md §5 invoice generation): the quotation
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
  return runWorkflow(doors.db, { name: 'issue-invoice', key }, (tx) => issueInTransaction(doors, tx, input));
}

/**
 * The issue itself inside the caller's transaction; `revises` is the version the new invoice follows (the
 * revise-invoice workflow, decision 271), which gives it version n + 1 and its link.
 */
export async function issueInTransaction(
  doors: IssueInvoiceDoors,
  tx: Tx,
  input: {
    sellerUserId: string;
    chatId: string;
    kind: InvoiceKind;
    body: IssueInvoiceInput;
    now?: Date;
    /** The new invoice's id when the caller needs it before it is stored. */
    invoiceId?: string;
    revises?: { id: string; version: number };
  },
): Promise<Invoice> {
  const { body } = input;
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
  // The seller's province sets the document's time zone (decision 248); its date is "today" there.
  const timeZone = documentTimeZoneOf(item.seller.province);
  const issuedOn = invoiceDateOf(now, timeZone);

  let taxLines: InvoiceTaxLine[];
  let taxOverrideReason: string | null = null;
  let taxOverrideCode: TaxOverrideReason | null = null;
  let taxExemptionCertificate: string | null = null;
  if (body.taxOverride) {
    // Only what the law lets differ may differ, checked as the web form checks it (decision 241).
    const checked = checkTaxOverride(body.taxOverride, {
      province: deliveryProvince,
      date: issuedOn,
      taxableCents,
    });
    const [issue] = checked.issues;
    if (issue)
      throw badRequest(issue.code, issue.message, {
        [['taxOverride', ...issue.path].join('.')]: `errors:${issue.code}`,
      });
    taxLines = checked.lines;
    taxOverrideCode = body.taxOverride.reason;
    taxExemptionCertificate = body.taxOverride.certificateNumber;
  } else if (profile.smallSupplier && !profile.gstHstNumber) {
    taxLines = [];
    taxOverrideReason = smallSupplierReason;
  } else {
    taxLines = computeCanadianTax({ province: deliveryProvince, date: issuedOn, taxableCents }).lines;
  }
  // GST/HST is collected under a GST/HST registration and QST under a QST registration, override or not: without
  // one, the seller states why it charges none (decisions 130, 132, 241).
  const charges = (codes: string[]) =>
    taxLines.some((line) => codes.includes(line.code) && line.amountCents > 0);
  if ((charges(['GST', 'HST']) && !profile.gstHstNumber) || (charges(['QST']) && !profile.qstNumber))
    throw taxNumberRequired();

  // The delivery deadline (decision 255): the seller's, else the quotation's; a chosen one not before the invoice date.
  if (body.deadline !== undefined && body.deadline < issuedOn)
    throw badRequest(
      'INVOICE_DEADLINE_BEFORE_ISSUE',
      'The delivery deadline cannot be before the invoice date',
      {
        deadline: 'errors:INVOICE_DEADLINE_BEFORE_ISSUE',
      },
    );
  const deadline = body.deadline ?? quotation.deadline;

  // A pending invoice whose time has passed must not block the new one (its expiry is told as usual).
  await doors.invoices.expireDue(tx, { now, chatId: input.chatId });
  const expiresAt = new Date(now.getTime() + body.expiresInHours * 3_600_000);
  const invoice = await doors.invoices.create(tx, {
    ...(input.invoiceId ? { id: input.invoiceId } : {}),
    kind: input.kind,
    chatId: input.chatId,
    quotationId: quotation.id,
    buyer: {
      userId: chat.buyerId,
      name: chat.buyerName,
      address: await doors.accounts.addresses.documentAddressOf(tx, chat.buyerId),
    },
    sellerUserId: input.sellerUserId,
    seller: {
      sellerId,
      slug: profile.slug,
      name: profile.name,
      legalName: profile.legalName,
      gstHstNumber: profile.gstHstNumber,
      qstNumber: profile.qstNumber,
      address: profile.address ?? null,
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
    taxOverrideCode,
    taxExemptionCertificate,
    paymentTerms: body.paymentTerms,
    deliveryTerms: body.deliveryTerms,
    notes: body.notes,
    leadDays: body.leadDays === undefined ? quotation.leadDays : body.leadDays,
    deliveryProvince,
    deliveryPostalCode: body.deliveryPostalCode ?? quotation.deliveryPostalCode,
    issuedOn,
    timeZone,
    expiresAt,
    deadline,
    ...(input.revises ? { revises: input.revises } : {}),
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
}
