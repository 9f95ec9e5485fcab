import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ProvinceCode, Quotation } from '@maplesource/contracts';
import type { Db } from '../../../db/client';
import { rowsOf } from '../../../db/transaction';
import { toQuotation, type QuotationRow } from '../quotation-row';

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

/** A short reference both parties can quote (RQ- and 10 characters without look-alikes). */
function newRequestId(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return `RQ-${[...randomBytes(10)].map((byte) => alphabet[byte % alphabet.length]).join('')}`;
}

/** Stores a pending quotation (called by the send-inquiry flow). */
export async function createQuotation(db: Db, input: NewQuotation): Promise<Quotation> {
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
}
