import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { query, recipientsOf, rfqOf } from '../rfq.service';

/**
 * A request and all its recipients by id, for the notices about it (the notifications module's subscribers,
 * decision 317); no reader check, so never for a route. Null once deleted.
 */
export async function rfqById(db: Db, rfqId: string) {
  const [row] = await query(db, sql`SELECT * FROM rfqs WHERE id = ${rfqId}`);
  if (!row) return null;
  return { rfq: rfqOf(row), recipients: await recipientsOf(db, rfqId) };
}
