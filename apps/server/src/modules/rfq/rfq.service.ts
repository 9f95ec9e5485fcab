import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/transaction';
import { conflict, notFound, tooManyRequests } from '../../plugins/errors';

/** Limits that protect suppliers (decision 298); the database enforces them with conditional upserts. */
export const RFQ_LIMITS = { openPerBuyer: 10, createdPerDay: 20, recipients: 10 } as const;

export interface NewRfq {
  buyerId: string;
  title: string;
  categoryId: number;
  description: string;
  quantity: number;
  targetUnitPriceCents: number | null;
  deadline: Date;
  deliveryProvince: string;
  deliveryPostalCode: string;
  recipients: Array<{ sellerId: string; ownerUserId: string }>;
  /** Decision 317: suppliers see "a verified buyer in <province>" until the buyer is revealed to them. */
  private?: boolean;
  now: Date;
}

export interface QuoteAnswer {
  unitPriceCents: number;
  tiers: Array<{ minQuantity: number; unitPriceCents: number }>;
  leadDays: number;
  shippingCents: number;
  validUntil: string;
  notes: string;
}

export type RfqStatus = 'open' | 'accepted' | 'closed' | 'expired';
export type RecipientStatus = 'invited' | 'quoted' | 'declined' | 'accepted' | 'closed';

export interface StoredQuoteVersion extends QuoteAnswer {
  version: number;
  createdAt: string;
}
export interface StoredRecipient {
  id: string;
  sellerId: string;
  sellerUserId: string;
  status: RecipientStatus;
  declineReason: string | null;
  versions: StoredQuoteVersion[];
  /** When the buyer's name was revealed to this supplier (decision 317), null while it is not. */
  buyerRevealedAt: string | null;
  /** The buyer's conversation with this supplier about the request, and the award's quotation in it. */
  chatId: string | null;
  quotationId: string | null;
}
export interface StoredRfq {
  id: string;
  buyerId: string;
  title: string;
  categoryId: string;
  description: string;
  quantity: number;
  targetUnitPriceCents: number | null;
  deadline: string;
  deliveryProvince: string;
  deliveryPostalCode: string;
  status: RfqStatus;
  acceptedRecipientId: string | null;
  createdAt: string;
  private: boolean;
}

type Row = Record<string, unknown>;
export const query = async (db: Db, q: ReturnType<typeof sql>) => rowsOf<Row>(await db.execute(q));
export const iso = (value: unknown) => new Date(value as string).toISOString();
export const rfqNotFound = () => notFound('RFQ_NOT_FOUND', 'This request for quotes does not exist');
export const rfqNotOpen = () => conflict('RFQ_NOT_OPEN', 'This request for quotes is no longer open');

export const rfqOf = (row: Row): StoredRfq => ({
  id: String(row.id),
  buyerId: String(row.buyer_id),
  title: String(row.title),
  categoryId: String(row.category_id),
  description: String(row.description),
  quantity: Number(row.quantity),
  targetUnitPriceCents: row.target_unit_price_cents === null ? null : Number(row.target_unit_price_cents),
  deadline: iso(row.deadline),
  deliveryProvince: String(row.delivery_province),
  deliveryPostalCode: String(row.delivery_postal_code),
  status: row.status as RfqStatus,
  acceptedRecipientId: row.accepted_recipient_id === null ? null : String(row.accepted_recipient_id),
  createdAt: iso(row.created_at),
  private: row.private === true,
});

export type { Row };

const versionOf = (row: Row): StoredQuoteVersion => ({
  version: Number(row.version),
  unitPriceCents: Number(row.unit_price_cents),
  tiers: (typeof row.tiers === 'string' ? JSON.parse(row.tiers) : row.tiers) as QuoteAnswer['tiers'],
  leadDays: Number(row.lead_days),
  shippingCents: Number(row.shipping_cents),
  validUntil:
    typeof row.valid_until === 'string' ? row.valid_until.slice(0, 10) : iso(row.valid_until).slice(0, 10),
  notes: String(row.notes),
  createdAt: iso(row.created_at),
});

/** The suppliers who muted this buyer: matching leaves their storefronts out. */
export async function mutedBy(db: Db, buyerId: string): Promise<string[]> {
  const rows = await query(db, sql`SELECT seller_user_id FROM rfq_buyer_mutes WHERE buyer_id = ${buyerId}`);
  return rows.map((row) => String(row.seller_user_id));
}

/** A supplier mutes a buyer (idempotent). */
export async function muteBuyer(db: Db, sellerUserId: string, buyerId: string): Promise<void> {
  await db.execute(
    sql`INSERT INTO rfq_buyer_mutes (seller_user_id, buyer_id) VALUES (${sellerUserId}, ${buyerId}) ON CONFLICT DO NOTHING`,
  );
}

/**
 * Stores a request and its recipients. Run in a transaction: the open and per-day counters move by conditional
 * upserts (a row lock each), so 50 concurrent requests of one buyer never pass the limits.
 */
export async function createRfq(db: Db, input: NewRfq): Promise<StoredRfq> {
  const open = await query(
    db,
    sql`INSERT INTO rfq_buyer_limits AS l (buyer_id, open_count) VALUES (${input.buyerId}, 1)
        ON CONFLICT (buyer_id) DO UPDATE SET open_count = l.open_count + 1
        WHERE l.open_count < ${RFQ_LIMITS.openPerBuyer}
        RETURNING open_count`,
  );
  if (open.length === 0) {
    throw tooManyRequests(
      'RFQ_OPEN_LIMIT',
      `At most ${RFQ_LIMITS.openPerBuyer} requests for quotes can be open`,
    );
  }
  const day = input.now.toISOString().slice(0, 10);
  const daily = await query(
    db,
    sql`INSERT INTO rfq_buyer_days AS d (buyer_id, day, created_count) VALUES (${input.buyerId}, ${day}, 1)
        ON CONFLICT (buyer_id, day) DO UPDATE SET created_count = d.created_count + 1
        WHERE d.created_count < ${RFQ_LIMITS.createdPerDay}
        RETURNING created_count`,
  );
  if (daily.length === 0) {
    throw tooManyRequests('RFQ_DAILY_LIMIT', `At most ${RFQ_LIMITS.createdPerDay} requests for quotes a day`);
  }
  const id = randomUUID();
  const [row] = await query(
    db,
    sql`INSERT INTO rfqs (id, buyer_id, title, category_id, description, quantity, target_unit_price_cents,
          deadline, delivery_province, delivery_postal_code, created_at, private)
        VALUES (${id}, ${input.buyerId}, ${input.title}, ${input.categoryId}, ${input.description},
          ${input.quantity}, ${input.targetUnitPriceCents}, ${input.deadline.toISOString()},
          ${input.deliveryProvince}, ${input.deliveryPostalCode}, ${input.now.toISOString()}, ${input.private ?? false})
        RETURNING *`,
  );
  let position = 0;
  for (const recipient of input.recipients.slice(0, RFQ_LIMITS.recipients)) {
    position += 1;
    await db.execute(
      sql`INSERT INTO rfq_recipients (id, rfq_id, seller_id, seller_user_id, position)
          VALUES (${randomUUID()}, ${id}, ${recipient.sellerId}, ${recipient.ownerUserId}, ${position})`,
    );
  }
  return rfqOf(row!);
}

export async function recipientsOf(db: Db, rfqId: string, sellerUserId?: string): Promise<StoredRecipient[]> {
  const rows = await query(
    db,
    sql`SELECT r.id, r.seller_id, r.seller_user_id, r.status, r.decline_reason, r.buyer_revealed_at, r.chat_id,
          r.quotation_id,
          coalesce(jsonb_agg(to_jsonb(v) ORDER BY v.version) FILTER (WHERE v.version IS NOT NULL), '[]') AS versions
        FROM rfq_recipients r LEFT JOIN rfq_quote_versions v ON v.recipient_id = r.id
        WHERE r.rfq_id = ${rfqId} ${sellerUserId === undefined ? sql`` : sql`AND r.seller_user_id = ${sellerUserId}`}
        GROUP BY r.id ORDER BY r.position`,
  );
  return rows.map((row) => ({
    id: String(row.id),
    sellerId: String(row.seller_id),
    sellerUserId: String(row.seller_user_id),
    status: row.status as RecipientStatus,
    declineReason: row.decline_reason === null ? null : String(row.decline_reason),
    versions: ((typeof row.versions === 'string' ? JSON.parse(row.versions) : row.versions) as Row[]).map(
      versionOf,
    ),
    buyerRevealedAt: row.buyer_revealed_at === null ? null : iso(row.buyer_revealed_at),
    chatId: row.chat_id === null ? null : String(row.chat_id),
    quotationId: row.quotation_id === null ? null : String(row.quotation_id),
  }));
}

/** The buyer's view: the request with every recipient and every quote version. Another buyer's → 404. */
export async function rfqForBuyer(db: Db, rfqId: string, buyerId: string) {
  const [row] = await query(db, sql`SELECT * FROM rfqs WHERE id = ${rfqId} AND buyer_id = ${buyerId}`);
  if (!row) throw rfqNotFound();
  return { rfq: rfqOf(row), recipients: await recipientsOf(db, rfqId) };
}

/** A matched supplier's view: the request and only their own answer. A supplier not matched → 404. */
export async function rfqForSupplier(db: Db, rfqId: string, sellerUserId: string) {
  const [row] = await query(db, sql`SELECT * FROM rfqs WHERE id = ${rfqId}`);
  if (!row) throw rfqNotFound();
  const own = await recipientsOf(db, rfqId, sellerUserId);
  if (own.length === 0) throw rfqNotFound();
  return { rfq: rfqOf(row), recipients: own };
}

/** Locks the supplier's recipient row of an open request; 404 for a supplier not matched, 409 once closed. */
async function lockOpenRecipient(db: Db, rfqId: string, sellerUserId: string, recipientId?: string) {
  const [row] = await query(
    db,
    sql`SELECT r.id, f.status AS rfq_status, f.deadline FROM rfq_recipients r JOIN rfqs f ON f.id = r.rfq_id
        WHERE r.rfq_id = ${rfqId} AND r.seller_user_id = ${sellerUserId}
          ${recipientId === undefined ? sql`` : sql`AND r.id = ${recipientId}`}
        ORDER BY r.position LIMIT 1 FOR UPDATE OF r`,
  );
  if (!row) throw rfqNotFound();
  if (row.rfq_status !== 'open' || new Date(row.deadline as string) <= new Date()) throw rfqNotOpen();
  return String(row.id);
}

/** A supplier quotes or revises (run in a transaction): a new version is added, earlier ones are kept. */
export async function quoteRfq(
  db: Db,
  input: { rfqId: string; sellerUserId: string; answer: QuoteAnswer },
): Promise<StoredQuoteVersion & { recipientId: string }> {
  const recipientId = await lockOpenRecipient(db, input.rfqId, input.sellerUserId);
  const a = input.answer;
  const [row] = await query(
    db,
    sql`INSERT INTO rfq_quote_versions (recipient_id, version, unit_price_cents, tiers, lead_days, shipping_cents,
          valid_until, notes)
        SELECT ${recipientId}, coalesce(max(version), 0) + 1, ${a.unitPriceCents}, ${JSON.stringify(a.tiers)}::jsonb,
          ${a.leadDays}, ${a.shippingCents}, ${a.validUntil}, ${a.notes}
        FROM rfq_quote_versions WHERE recipient_id = ${recipientId}
        RETURNING *`,
  );
  await db.execute(
    sql`UPDATE rfq_recipients SET status = 'quoted', decline_reason = NULL, updated_at = now() WHERE id = ${recipientId}`,
  );
  return { ...versionOf(row!), recipientId };
}

/** A supplier declines with a reason (run in a transaction). */
export async function declineRfq(db: Db, input: { rfqId: string; sellerUserId: string; reason: string }) {
  const recipientId = await lockOpenRecipient(db, input.rfqId, input.sellerUserId);
  await db.execute(
    sql`UPDATE rfq_recipients SET status = 'declined', decline_reason = ${input.reason}, updated_at = now()
        WHERE id = ${recipientId}`,
  );
}

/**
 * Ends an open request exactly once (run in a transaction): accepted (one quoted recipient), closed by the buyer
 * or expired. The conditional UPDATE on the request's row is the one winner; a loser gets 409. Returns the other
 * recipients, who get the polite closing notice.
 */
export async function endRfq(
  db: Db,
  input: {
    rfqId: string;
    buyerId: string | null;
    outcome: 'accepted' | 'closed' | 'expired';
    recipientId?: string;
  },
): Promise<{ rfq: StoredRfq; accepted: StoredRecipient | null; others: StoredRecipient[] }> {
  const owner = input.buyerId === null ? sql`` : sql`AND buyer_id = ${input.buyerId}`;
  // The request's row lock orders concurrent enders; the first one wins, the others then see it ended (409).
  const [locked] = await query(
    db,
    sql`SELECT status FROM rfqs WHERE id = ${input.rfqId} ${owner} FOR UPDATE`,
  );
  if (!locked) throw rfqNotFound();
  if (locked.status !== 'open') throw rfqNotOpen();
  if (input.outcome === 'accepted') {
    const [quoted] = await query(
      db,
      sql`SELECT id FROM rfq_recipients WHERE id = ${input.recipientId ?? null} AND rfq_id = ${input.rfqId}
            AND status = 'quoted'`,
    );
    if (!quoted) throw notFound('RFQ_QUOTE_NOT_FOUND', 'This supplier has not quoted on this request');
  }
  const [ended] = await query(
    db,
    sql`UPDATE rfqs SET status = ${input.outcome}, closed_at = now(),
          accepted_recipient_id = ${input.outcome === 'accepted' ? input.recipientId! : null}
        WHERE id = ${input.rfqId} AND status = 'open' RETURNING *`,
  );
  if (!ended) throw rfqNotOpen();
  await db.execute(
    sql`UPDATE rfq_buyer_limits SET open_count = open_count - 1 WHERE buyer_id = ${String(ended.buyer_id)}`,
  );
  await db.execute(
    sql`UPDATE rfq_recipients SET updated_at = now(),
          status = CASE WHEN id = ${input.recipientId ?? null} THEN 'accepted'
                        WHEN status = 'declined' THEN 'declined' ELSE 'closed' END
        WHERE rfq_id = ${input.rfqId}`,
  );
  const recipients = await recipientsOf(db, input.rfqId);
  return {
    rfq: rfqOf(ended),
    accepted: recipients.find((r) => r.status === 'accepted') ?? null,
    others: recipients.filter((r) => r.status !== 'accepted'),
  };
}

/** The supplier's inbox: requests sent to their storefronts, newest activity first. */
export async function supplierInbox(db: Db, sellerUserId: string) {
  const rows = await query(
    db,
    sql`SELECT f.*, r.id AS recipient_id, r.status AS recipient_status, r.buyer_revealed_at, r.chat_id
        FROM rfq_recipients r
        JOIN rfqs f ON f.id = r.rfq_id WHERE r.seller_user_id = ${sellerUserId}
        ORDER BY r.updated_at DESC LIMIT 100`,
  );
  return rows.map((row) => ({
    ...rfqOf(row),
    recipientStatus: row.recipient_status as RecipientStatus,
    buyerRevealed: row.buyer_revealed_at !== null,
    chatId: row.chat_id === null ? null : String(row.chat_id),
  }));
}

/**
 * The buyer's requests, newest first, one page at a time, each with how many suppliers it went to and how many of
 * them have quoted (a supplier with any version, whatever became of the request since).
 */
export async function buyerRfqs(db: Db, buyerId: string, page: { limit: number; offset: number }) {
  const rows = await query(
    db,
    sql`SELECT f.*, count(*) OVER () AS total,
          (SELECT count(*) FROM rfq_recipients r WHERE r.rfq_id = f.id) AS supplier_count,
          (SELECT count(*) FROM rfq_recipients r WHERE r.rfq_id = f.id
             AND EXISTS (SELECT 1 FROM rfq_quote_versions v WHERE v.recipient_id = r.id)) AS quote_count
        FROM rfqs f WHERE f.buyer_id = ${buyerId}
        ORDER BY f.created_at DESC, f.id LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
  const total = rows.length > 0 ? Number(rows[0]!.total) : 0;
  return {
    rfqs: rows.map((row) => ({
      ...rfqOf(row),
      supplierCount: Number(row.supplier_count),
      quoteCount: Number(row.quote_count),
    })),
    total,
  };
}
