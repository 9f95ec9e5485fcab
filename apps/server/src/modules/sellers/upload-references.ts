import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/transaction';

/** Whether a seller's logo or banner (decision 261) is the uploaded file `name` (decision 072). */
export async function sellersReferenceUpload(db: Db, name: string): Promise<boolean> {
  const result = await db.execute(
    sql`select 1 as found from sellers where strpos(logo_url, ${name}) > 0 or strpos(banner_url, ${name}) > 0 limit 1`,
  );
  return rowsOf(result).length > 0;
}
