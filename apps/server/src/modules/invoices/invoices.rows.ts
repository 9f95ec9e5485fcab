import {
  invoiceChanges,
  type CounterOffer,
  type DocumentAddress,
  DEFAULT_DOCUMENT_TIME_ZONE,
  isDocumentTimeZone,
  type Invoice,
  type InvoiceKind,
  type InvoiceStatus,
  type InvoiceTaxLine,
  type ProvinceCode,
  type TaxOverrideReason,
} from '@maplesource/contracts';
import { isInvoiceExpired } from '@maplesource/contracts/invoices';

/** An `invoices` row as both drivers return it (bigint and dates may come back as strings). */
export interface InvoiceRow {
  id: string;
  token: string;
  kind: InvoiceKind;
  chat_id: string;
  quotation_id: string | null;
  buyer_id: string;
  buyer_name: string;
  seller_user_id: string;
  seller_id: number | string;
  seller_slug: string;
  seller_name: string;
  seller_legal_name: string;
  seller_gst_hst_number: string | null;
  seller_qst_number: string | null;
  /** Absent from rows selected by column list, null on invoices issued before decision 315. */
  seller_address?: DocumentAddress | string | null;
  buyer_address?: DocumentAddress | string | null;
  subject_id: number | string;
  subject_name: string;
  subject_name_fr: string | null;
  subject_category: string;
  subject_category_fr: string | null;
  quantity: number | string;
  unit: string | null;
  negotiated_price_cents: number | string;
  shipping_cents: number | string;
  tax_lines: InvoiceTaxLine[] | string;
  tax_cents: number | string;
  tax_override_reason: string | null;
  tax_override_code: TaxOverrideReason | null;
  tax_exemption_certificate: string | null;
  total_cents: number | string;
  payment_terms: string;
  delivery_terms: string;
  notes: string;
  lead_days: number | string | null;
  delivery_province: ProvinceCode;
  delivery_postal_code: string;
  issued_on: Date | string;
  time_zone: string;
  total_price_cents: number | string;
  unit_price_cents: number | string;
  due_on: Date | string;
  deadline: Date | string | null;
  expires_at: Date | string;
  status: InvoiceStatus;
  viewed_at: Date | string | null;
  accepted_at: Date | string | null;
  rejected_at: Date | string | null;
  rejection_reason: string | null;
  order_id: string | null;
  created_at: Date | string;
  version: number | string;
  previous_invoice_id: string | null;
  withdrawn_at: Date | string | null;
  counter_offer: CounterOffer | string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));
/** A `date` column: a Date at UTC midnight or a 'YYYY-MM-DD' string depending on the driver. */
const isoDate = (value: Date | string) =>
  typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);

/**
 * A pending invoice whose expiry time has passed is shown as `expired` at once, before the expiry job has run
 * (decision 133): the answer never depends on when the job last ran.
 */
export function shownStatus(row: Pick<InvoiceRow, 'status' | 'expires_at'>, now: Date): InvoiceStatus {
  return isInvoiceExpired({ status: row.status, expiresAt: row.expires_at }, now) ? 'expired' : row.status;
}

/**
 * The invoice a row holds; `previous` is the version it revises (its token and what changed are shown with it,
 * decision 271) — the service loads it for every row that has one.
 */
/** A stored party address (jsonb: parsed by both drivers; a string parsed for safety). */
const addressOf = (value: DocumentAddress | string | null | undefined): DocumentAddress | null =>
  typeof value === 'string' ? (JSON.parse(value) as DocumentAddress) : (value ?? null);

export function toInvoice(row: InvoiceRow, now: Date, previous?: InvoiceRow): Invoice {
  const taxLines =
    typeof row.tax_lines === 'string' ? (JSON.parse(row.tax_lines) as InvoiceTaxLine[]) : row.tax_lines;
  const invoice: Invoice = {
    id: String(row.id),
    token: row.token,
    kind: row.kind,
    chatId: String(row.chat_id),
    status: shownStatus(row, now),
    buyer: { userId: String(row.buyer_id), name: row.buyer_name, address: addressOf(row.buyer_address) },
    seller: {
      sellerId: Number(row.seller_id),
      slug: row.seller_slug,
      name: row.seller_name,
      legalName: row.seller_legal_name,
      gstHstNumber: row.seller_gst_hst_number,
      qstNumber: row.seller_qst_number,
      address: addressOf(row.seller_address),
    },
    subject: {
      id: Number(row.subject_id),
      name: row.subject_name,
      nameFr: row.subject_name_fr,
      category: row.subject_category,
      categoryFr: row.subject_category_fr,
      quantity: Number(row.quantity),
      unit: row.unit,
    },
    negotiatedPriceCents: Number(row.negotiated_price_cents),
    unitPriceCents: Number(row.unit_price_cents),
    totalPriceCents: Number(row.total_price_cents),
    shippingCents: Number(row.shipping_cents),
    taxLines: taxLines.map((line) => ({ ...line, amountCents: Number(line.amountCents) })),
    taxCents: Number(row.tax_cents),
    taxOverrideReason: row.tax_override_reason,
    taxOverrideCode: row.tax_override_code,
    taxExemptionCertificate: row.tax_exemption_certificate,
    totalCents: Number(row.total_cents),
    paymentTerms: row.payment_terms,
    deliveryTerms: row.delivery_terms,
    notes: row.notes,
    leadDays: row.lead_days === null ? null : Number(row.lead_days),
    deliveryProvince: row.delivery_province,
    deliveryPostalCode: row.delivery_postal_code,
    issuedOn: isoDate(row.issued_on),
    timeZone: isDocumentTimeZone(row.time_zone) ? row.time_zone : DEFAULT_DOCUMENT_TIME_ZONE,
    dueOn: isoDate(row.due_on),
    deadline: row.deadline === null ? null : isoDate(row.deadline),
    expiresAt: iso(row.expires_at),
    viewedAt: isoOrNull(row.viewed_at),
    acceptedAt: isoOrNull(row.accepted_at),
    rejectedAt: isoOrNull(row.rejected_at),
    rejectionReason: row.rejection_reason,
    orderId: row.order_id,
    version: Number(row.version),
    previousInvoiceToken: previous?.token ?? null,
    changes: [],
    withdrawnAt: isoOrNull(row.withdrawn_at),
    counterOffer:
      typeof row.counter_offer === 'string'
        ? (JSON.parse(row.counter_offer) as CounterOffer)
        : (row.counter_offer ?? null),
    documentLanguage: row.delivery_province === 'QC' ? 'fr' : 'en',
    createdAt: iso(row.created_at),
  };
  if (previous) invoice.changes = invoiceChanges(toInvoice(previous, now), invoice);
  return invoice;
}
