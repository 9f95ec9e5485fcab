import { sql, type SQL } from 'drizzle-orm';
import {
  pipelineQuerySchema,
  pipelineStages,
  type PipelineCard,
  type PipelineResponse,
  type PipelineStage,
  type ChatSubjectKind,
  type ProvinceCode,
} from '@maplesource/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/transaction';
import { notFound } from '../../plugins/errors';
import { iso, num, strOrNull, type Row } from './chat.rows';

type PipelineFilters = z.output<typeof pipelineQuerySchema>;

/**
 * A conversation's pipeline stage (decision 267): its phase (decision 100), told apart by its latest business
 * action where one phase holds two stages (an expired invoice sends it back to negotiation; an accepted invoice
 * is `accepted` until its order moves on, paid or shipped, which makes it `ordered`).
 */
const stageOf = sql`CASE
    WHEN c.phase = 'inquiry' THEN 'new'
    WHEN c.phase = 'negotiation' AND la.business_action = 'invoice_expired' THEN 'expired'
    WHEN c.phase = 'negotiation' THEN 'negotiation'
    WHEN c.phase = 'invoiced' THEN 'invoiced'
    WHEN c.phase = 'ordered' AND la.business_action IN ('invoice_accepted', 'order_created') THEN 'accepted'
    WHEN c.phase IN ('ordered', 'completed') THEN 'ordered'
    ELSE 'rejected' END`;

/** The board's rows for one seller user: every conversation where they are the seller, with its stage. */
function board(sellerUserId: string, filters: PipelineFilters, chatId?: string): SQL {
  const where: SQL[] = [sql`c.seller_user_id = ${sellerUserId}`];
  if (chatId) where.push(sql`c.id = ${chatId}`);
  if (filters.kind) where.push(sql`c.subject_kind = ${filters.kind}`);
  if (filters.subjectId) where.push(sql`c.subject_id = ${filters.subjectId}`);
  if (filters.from) where.push(sql`c.created_at >= ${filters.from}::date`);
  if (filters.to) where.push(sql`c.created_at < ${filters.to}::date + 1`);
  const term = filters.search?.trim();
  if (term) {
    const pattern = `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    where.push(
      sql`(c.subject_name ILIKE ${pattern} OR c.subject_name_fr ILIKE ${pattern} OR c.buyer_name ILIKE ${pattern})`,
    );
  }
  const province = filters.province ? sql`WHERE q.province = ${filters.province}` : sql``;
  return sql`
    WITH board AS (
      SELECT c.id, c.subject_kind, c.subject_id, c.subject_name, c.subject_name_fr, c.buyer_name, c.quotation_id,
             c.quantity, c.created_at, c.updated_at, q.province, w.since AS awaiting_since, ${stageOf} AS stage
      FROM chats c
      LEFT JOIN LATERAL (
        SELECT m.business_payload ->> 'deliveryProvince' AS province FROM chat_messages m
        WHERE m.chat_id = c.id AND m.business_action = 'quotation_created' ORDER BY m.seq DESC LIMIT 1) q ON true
      LEFT JOIN LATERAL (
        SELECT m.business_action FROM chat_messages m
        WHERE m.chat_id = c.id AND m.business_action IS NOT NULL ORDER BY m.seq DESC LIMIT 1) la ON true
      -- The buyer's first message since the seller last wrote (any message or business action of theirs).
      LEFT JOIN LATERAL (
        SELECT min(m.created_at) AS since FROM chat_messages m
        WHERE m.chat_id = c.id AND m.sender_id = c.buyer_id
          AND m.seq > coalesce((SELECT max(s.seq) FROM chat_messages s
                                WHERE s.chat_id = c.id AND s.sender_id = c.seller_user_id), 0)) w ON true
      WHERE ${sql.join(where, sql` AND `)}
    )
    SELECT *, (awaiting_since IS NOT NULL AND awaiting_since < now() - interval '24 hours') AS overdue
    FROM board q ${province}`;
}

function toCard(row: Row): PipelineCard {
  return {
    chatId: String(row.id),
    kind: String(row.subject_kind) as ChatSubjectKind,
    subjectId: num(row.subject_id),
    subjectName: String(row.subject_name ?? ''),
    subjectNameFr: strOrNull(row.subject_name_fr),
    buyerName: String(row.buyer_name ?? ''),
    stage: String(row.stage) as PipelineStage,
    quotationId: strOrNull(row.quotation_id),
    quantity: row.quantity === null || row.quantity === undefined ? null : num(row.quantity),
    deliveryProvince: strOrNull(row.province) as ProvinceCode | null,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    awaitingReplySince: row.awaiting_since ? iso(row.awaiting_since) : null,
    overdue: row.overdue === true || row.overdue === 't',
  };
}

/** The seller user's pipeline: one page of cards (unanswered first, then latest activity) and the counts per stage. */
export async function listPipeline(
  database: Db,
  sellerUserId: string,
  filters: PipelineFilters,
): Promise<PipelineResponse> {
  const rows = async (query: SQL) => rowsOf<Row>(await database.execute(query));
  const base = board(sellerUserId, filters);
  // All stages' counts under the same filters, in one aggregate.
  const tally = await rows(sql`SELECT stage, count(*)::int AS n FROM (${base}) b GROUP BY stage`);
  const counts = Object.fromEntries(pipelineStages.map((stage) => [stage, 0])) as Record<
    PipelineStage,
    number
  >;
  for (const row of tally) counts[String(row.stage) as PipelineStage] = num(row.n);
  const stage = filters.stage ? sql`WHERE stage = ${filters.stage}` : sql``;
  const page = await rows(
    sql`SELECT * FROM (${base}) b ${stage}
        ORDER BY overdue DESC, updated_at DESC, id
        LIMIT ${filters.pageSize} OFFSET ${(filters.page - 1) * filters.pageSize}`,
  );
  const total = filters.stage ? counts[filters.stage] : Object.values(counts).reduce((sum, n) => sum + n, 0);
  return { items: page.map(toCard), total, page: filters.page, pageSize: filters.pageSize, counts };
}

/** One card of the seller user's board; another user's conversation is CHAT_NOT_FOUND (404). */
export async function pipelineCard(
  database: Db,
  sellerUserId: string,
  chatId: string,
): Promise<PipelineCard> {
  const filters = pipelineQuerySchema.parse({});
  const [row] = rowsOf<Row>(await database.execute(board(sellerUserId, filters, chatId)));
  if (!row) throw notFound('CHAT_NOT_FOUND', 'Chat not found');
  return toCard(row);
}

/** Fewer answered-or-overdue requests than this in 30 days and the storefront shows no reply time (decision 268). */
export const RESPONSE_TIME_MIN_REQUESTS = 5;

/**
 * The seller user's median first-response time over the last 30 days (decision 268), in one statement: for each
 * request (`quotation_created`) made in the window, the time to the seller's first message or business action
 * after it. A request still unanswered counts with its wait so far once it is 24 hours old (so silence raises the
 * median); a younger unanswered one is left out, its wait not yet known. Null under the threshold.
 */
export async function medianFirstResponse(
  database: Db,
  sellerUserId: string,
): Promise<{ medianSeconds: number; requests: number } | null> {
  const [row] = rowsOf<Row>(
    await database.execute(sql`
      WITH waits AS (
        SELECT extract(epoch FROM coalesce(a.at, now()) - r.created_at) AS seconds, a.at IS NOT NULL AS answered,
               r.created_at
        FROM chats c
        JOIN chat_messages r ON r.chat_id = c.id AND r.business_action = 'quotation_created'
        LEFT JOIN LATERAL (
          SELECT min(s.created_at) AS at FROM chat_messages s
          WHERE s.chat_id = r.chat_id AND s.seq > r.seq AND s.sender_id = c.seller_user_id) a ON true
        WHERE c.seller_user_id = ${sellerUserId} AND r.created_at >= now() - interval '30 days'
      )
      SELECT count(*)::int AS n, percentile_cont(0.5) WITHIN GROUP (ORDER BY seconds) AS median
      FROM waits WHERE answered OR created_at < now() - interval '24 hours'`),
  );
  const requests = num(row?.n);
  if (requests < RESPONSE_TIME_MIN_REQUESTS || row?.median === null || row?.median === undefined) return null;
  return { medianSeconds: Math.round(Number(row.median)), requests };
}
