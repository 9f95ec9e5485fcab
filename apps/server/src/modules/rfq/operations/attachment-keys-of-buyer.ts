import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { query } from '../rfq.service';

/** The stored files of the attachments of every request `buyerId` sent: they go with the account (decision 347). */
export async function attachmentKeysOfBuyer(db: Db, buyerId: string): Promise<string[]> {
  const rows = await query(
    db,
    sql`SELECT a.storage_key FROM rfq_attachments a JOIN rfqs r ON r.id = a.rfq_id WHERE r.buyer_id = ${buyerId}`,
  );
  return rows.map((row) => String(row.storage_key));
}
