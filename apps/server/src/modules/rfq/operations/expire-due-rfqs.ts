import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { query } from '../rfq.service';

/**
 * Ends open requests past their deadline as `expired` (decision 317), a batch at a time, in one statement: the
 * due rows are taken `FOR UPDATE SKIP LOCKED` (a concurrent sweep takes others, and a row it already ended no
 * longer matches), each is ended by `UPDATE … WHERE status = 'open'`, its buyer's open slot is given back and its
 * recipients still invited or quoted are closed. Returns the ended requests' ids (run in the transaction that
 * announces them).
 */
export async function expireDueRfqs(db: Db, now: Date, limit: number): Promise<string[]> {
  const rows = await query(
    db,
    sql`WITH due AS (
          SELECT id FROM rfqs WHERE status = 'open' AND deadline <= ${now.toISOString()}
          ORDER BY deadline, id LIMIT ${limit} FOR UPDATE SKIP LOCKED
        ), ended AS (
          UPDATE rfqs f SET status = 'expired', closed_at = now() FROM due
          WHERE f.id = due.id AND f.status = 'open' RETURNING f.id, f.buyer_id
        ), slots AS (
          UPDATE rfq_buyer_limits l SET open_count = l.open_count - c.n
          FROM (SELECT buyer_id, count(*)::int AS n FROM ended GROUP BY buyer_id) c
          WHERE l.buyer_id = c.buyer_id RETURNING l.buyer_id
        ), recipients AS (
          UPDATE rfq_recipients r SET status = 'closed', updated_at = now()
          WHERE r.rfq_id IN (SELECT id FROM ended) AND r.status IN ('invited', 'quoted') RETURNING r.id
        )
        SELECT id, (SELECT count(*) FROM slots) AS slots, (SELECT count(*) FROM recipients) AS recipients
        FROM ended`,
  );
  return rows.map((row) => String(row.id));
}
