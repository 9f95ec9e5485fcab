import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { dollarsToCents } from '@maplesource/contracts/money';
import type {
  ChatQuotationPayload,
  ProvinceCode,
  Quotation,
  QuotationDecisionRequest,
  QuotationStatus,
} from '@maplesource/contracts';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/transaction';
import { badRequest, conflict, notFound } from '../../plugins/errors';

interface QuotationRow {
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

/** What a new quotation holds (prices already in cents; the subject and parties resolved by the caller). */
export interface NewQuotation {
  id: string;
  subject: { kind: 'product' | 'service'; id: number; name: string; nameFr: string | null };
  sellerId: number;
  buyerId: string;
  sellerUserId: string;
  chatId: string;
  quantity: number;
  minPriceCents: number;
  maxPriceCents: number;
  deadline: string;
  deliveryProvince: ProvinceCode;
  deliveryPostalCode: string;
  leadDays: number | null;
  message: string;
}

const isoDate = (value: Date | string) =>
  typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);
const iso = (value: Date | string) => new Date(value).toISOString();

function toQuotation(row: QuotationRow): Quotation {
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

/**
 * Dollars from the inquiry form → integer cents, exactly (contracts' `dollarsToCents`; the schema allows two
 * decimals at most and 100,000,000 at the most, so the number's text is a plain decimal).
 */
export function toCents(dollars: number): number {
  const cents = dollarsToCents(String(dollars));
  if (cents === null) throw badRequest('INQUIRY_PRICE_CENTS', 'Prices have at most two decimals');
  return cents;
}

/** A short reference both parties can quote (RQ- and 10 characters without look-alikes). */
function newRequestId(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return `RQ-${[...randomBytes(10)].map((byte) => alphabet[byte % alphabet.length]).join('')}`;
}

export const quotationNotFound = () => notFound('QUOTATION_NOT_FOUND', 'Quotation not found');

/** What the conversation shows of a quotation (the `quotation_created` business action's payload). */
export function chatPayloadOf(quotation: Quotation): ChatQuotationPayload {
  return {
    quotationId: quotation.id,
    requestId: quotation.requestId,
    subjectName: quotation.subject.name,
    subjectNameFr: quotation.subject.nameFr,
    quantity: quotation.quantity,
    deadline: quotation.deadline,
    minPriceCents: quotation.minPriceCents,
    maxPriceCents: quotation.maxPriceCents,
    deliveryProvince: quotation.deliveryProvince,
    deliveryPostalCode: quotation.deliveryPostalCode,
    leadDays: quotation.leadDays,
    description: quotation.message,
    additionalRequirements: null,
  };
}

/**
 * Quotations (docs/product.md §3 Inquiry): stored by the send-inquiry workflow, answered once by the seller user of the
 * conversation, read by its two parties only (anyone else: 404).
 */
export function createQuotesService() {
  const service = {
    async create(db: Db, input: NewQuotation): Promise<Quotation> {
      const [row] = rowsOf<QuotationRow>(
        await db.execute(sql`
          INSERT INTO quotation_requests (id, request_id, subject_kind, subject_id, subject_name, subject_name_fr,
                                  seller_id, buyer_id, seller_user_id, chat_id, quantity, min_price_cents,
                                  max_price_cents, deadline, delivery_province, delivery_postal_code, lead_days, message)
          VALUES (${input.id}, ${newRequestId()}, ${input.subject.kind}, ${input.subject.id}, ${input.subject.name},
                  ${input.subject.nameFr}, ${input.sellerId}, ${input.buyerId}, ${input.sellerUserId}, ${input.chatId},
                  ${input.quantity}, ${input.minPriceCents}, ${input.maxPriceCents}, ${input.deadline}::date, ${input.deliveryProvince},
                  ${input.deliveryPostalCode}, ${input.leadDays}, ${input.message})
          RETURNING *`),
      );
      return toQuotation(row!);
    },

    /** The quotation if `userId` is its buyer or its seller user; otherwise QUOTATION_NOT_FOUND. */
    async getFor(db: Db, userId: string, quotationId: string): Promise<Quotation> {
      const [row] = rowsOf<QuotationRow>(
        await db.execute(sql`
          SELECT * FROM quotation_requests
          WHERE id::text = ${quotationId} AND (buyer_id = ${userId} OR seller_user_id = ${userId})`),
      );
      if (!row) throw quotationNotFound();
      return toQuotation(row);
    },

    /**
     * The seller user answers a pending quotation, once: the update only matches while it is pending, so of
     * two concurrent answers one wins and the other gets QUOTATION_ALREADY_DECIDED. Not theirs: 404.
     */
    async decide(
      db: Db,
      sellerUserId: string,
      quotationId: string,
      answer: QuotationDecisionRequest,
    ): Promise<Quotation> {
      const reason = answer.decision === 'rejected' ? (answer.reason ?? null) : null;
      const [row] = rowsOf<QuotationRow>(
        await db.execute(sql`
          UPDATE quotation_requests SET status = ${answer.decision}, rejection_reason = ${reason}, decided_at = now()
          WHERE id::text = ${quotationId} AND seller_user_id = ${sellerUserId} AND status = 'pending'
          RETURNING *`),
      );
      if (row) return toQuotation(row);
      // Nothing pending matched: not this seller's (404, also for the buyer) or already answered (409).
      const existing = await service.getFor(db, sellerUserId, quotationId);
      if (existing.sellerUserId !== sellerUserId) throw quotationNotFound();
      throw conflict('QUOTATION_ALREADY_DECIDED', 'This quotation was already accepted or rejected');
    },
  };
  return service;
}

export type QuotesService = ReturnType<typeof createQuotesService>;
