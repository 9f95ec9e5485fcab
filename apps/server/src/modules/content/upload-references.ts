import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/transaction';

/**
 * Whether any content the admin edits names an uploaded file: blog covers and Markdown bodies, the
 * hero image, landing features, SEO head markup and global paragraphs (decision 072). Names are
 * SHA-256 based, so a substring match cannot hit by accident.
 */
export async function contentReferencesUpload(db: Db, name: string): Promise<boolean> {
  const result = await db.execute(sql`
    select 1 as found where
      exists (select 1 from blogs
              where strpos(cover_url, ${name}) > 0 or strpos(body_en, ${name}) > 0 or strpos(body_fr, ${name}) > 0)
      or exists (select 1 from hero_settings where strpos(image_url, ${name}) > 0)
      or exists (select 1 from landing_features
                 where strpos(icon, ${name}) > 0 or strpos(body_en, ${name}) > 0 or strpos(body_fr, ${name}) > 0)
      or exists (select 1 from seo_entries where strpos(code, ${name}) > 0)
      or exists (select 1 from global_paragraphs where strpos(text_en, ${name}) > 0 or strpos(text_fr, ${name}) > 0)`);
  return rowsOf(result).length > 0;
}

/**
 * Uploaded files (the audit log's `upload` rows) whose latest upload is older than `olderThan` and
 * that were not deleted since, oldest first: the candidates for deletion when nothing references them.
 */
export async function uploadsOlderThan(db: Db, olderThan: Date, limit = 500): Promise<string[]> {
  const result = await db.execute(sql`
    select entity_id as name from admin_audit_log
    where entity = 'upload' and action in ('create', 'delete')
    group by entity_id
    having max(at) filter (where action = 'create') <= ${olderThan.toISOString()}::timestamptz
       and coalesce(max(at) filter (where action = 'delete'), '-infinity'::timestamptz)
           < max(at) filter (where action = 'create')
    order by max(at) filter (where action = 'create')
    limit ${limit}`);
  return rowsOf<{ name: string }>(result).map((row) => row.name);
}

/** When the file `name` was last uploaded (null: never, as far as the audit log knows). */
export async function lastUploadAt(db: Db, name: string): Promise<Date | null> {
  const result = await db.execute(sql`
    select max(at) as at from admin_audit_log
    where entity = 'upload' and action = 'create' and entity_id = ${name}`);
  const at = rowsOf<{ at: string | Date | null }>(result)[0]?.at;
  return at ? new Date(at) : null;
}
