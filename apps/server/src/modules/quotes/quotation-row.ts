import type { ProvinceCode, Quotation, QuotationStatus } from '@maplesource/contracts';
import { notFound } from '../../plugins/errors';

/** A `quotation_requests` row as the driver returns it (this module reads its table with raw SQL, decision 310). */
export interface QuotationRow {
  id: string;
  request_id: string;
  subject_kind: 'product' | 'service';
  subject_id: number | string;
  subject_name: string;
  subject_name_fr: string | null;
  seller_id: number | string;
  buyer_id: string;
  seller_user_id: string;
  chat_id: string;
  quantity: number;
  min_price_cents: number | string;
  max_price_cents: number | string;
  deadline: Date | string;
  delivery_province: ProvinceCode;
  delivery_postal_code: string;
  lead_days: number | null;
  message: string;
  status: QuotationStatus;
  rejection_reason: string | null;
  created_at: Date | string;
  decided_at: Date | string | null;
}

const isoDate = (value: Date | string) =>
  typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);
const iso = (value: Date | string) => new Date(value).toISOString();

export function toQuotation(row: QuotationRow): Quotation {
  return {
    id: String(row.id),
    requestId: row.request_id,
    subject: {
      kind: row.subject_kind,
      id: Number(row.subject_id),
      name: row.subject_name,
      nameFr: row.subject_name_fr,
    },
    buyerId: String(row.buyer_id),
    sellerUserId: String(row.seller_user_id),
    chatId: String(row.chat_id),
    quantity: Number(row.quantity),
    minPriceCents: Number(row.min_price_cents),
    maxPriceCents: Number(row.max_price_cents),
    deadline: isoDate(row.deadline),
    deliveryProvince: row.delivery_province,
    deliveryPostalCode: row.delivery_postal_code,
    leadDays: row.lead_days === null ? null : Number(row.lead_days),
    message: row.message,
    status: row.status,
    rejectionReason: row.rejection_reason,
    createdAt: iso(row.created_at),
    decidedAt: row.decided_at === null ? null : iso(row.decided_at),
  };
}

export const quotationNotFound = () => notFound('QUOTATION_NOT_FOUND', 'Quotation not found');
