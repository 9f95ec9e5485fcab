import type {
  Invoice,
  InvoiceKind,
  InvoiceStatus,
  InvoiceTaxLine,
  ProvinceCode,
} from '@maplesource/contracts';

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
  total_cents: number | string;
  payment_terms: string;
  delivery_terms: string;
  notes: string;
  lead_days: number | string | null;
  delivery_province: ProvinceCode;
  delivery_postal_code: string;
  issued_on: Date | string;
  expires_at: Date | string;
  status: InvoiceStatus;
  viewed_at: Date | string | null;
  accepted_at: Date | string | null;
  rejected_at: Date | string | null;
  rejection_reason: string | null;
  order_id: string | null;
  created_at: Date | string;
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
  return row.status === 'pending' && new Date(row.expires_at).getTime() <= now.getTime()
    ? 'expired'
    : row.status;
}

export function toInvoice(row: InvoiceRow, now: Date): Invoice {
  const taxLines =
    typeof row.tax_lines === 'string' ? (JSON.parse(row.tax_lines) as InvoiceTaxLine[]) : row.tax_lines;
  return {
    id: String(row.id),
    token: row.token,
    kind: row.kind,
    chatId: String(row.chat_id),
    status: shownStatus(row, now),
    buyer: { userId: String(row.buyer_id), name: row.buyer_name },
    seller: {
      sellerId: Number(row.seller_id),
      slug: row.seller_slug,
      name: row.seller_name,
      legalName: row.seller_legal_name,
      gstHstNumber: row.seller_gst_hst_number,
      qstNumber: row.seller_qst_number,
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
    shippingCents: Number(row.shipping_cents),
    taxLines: taxLines.map((line) => ({ ...line, amountCents: Number(line.amountCents) })),
    taxCents: Number(row.tax_cents),
    taxOverrideReason: row.tax_override_reason,
    totalCents: Number(row.total_cents),
    paymentTerms: row.payment_terms,
    deliveryTerms: row.delivery_terms,
    notes: row.notes,
    leadDays: row.lead_days === null ? null : Number(row.lead_days),
    deliveryProvince: row.delivery_province,
    deliveryPostalCode: row.delivery_postal_code,
    issuedOn: isoDate(row.issued_on),
    expiresAt: iso(row.expires_at),
    viewedAt: isoOrNull(row.viewed_at),
    acceptedAt: isoOrNull(row.accepted_at),
    rejectedAt: isoOrNull(row.rejected_at),
    rejectionReason: row.rejection_reason,
    orderId: row.order_id,
    documentLanguage: row.delivery_province === 'QC' ? 'fr' : 'en',
    createdAt: iso(row.created_at),
  };
}
