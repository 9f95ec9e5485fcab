import { eq } from 'drizzle-orm';
import type { SeoEntryAdmin } from '@maplesource/contracts';
import type { Db } from '../../../db/client';
import { seoNotFound, seoToAdmin } from '../content.present';
import { seoEntries } from '../content.tables';

/** One SEO entry for the admin; an unknown id: SEO_NOT_FOUND. */
export async function getSeoEntry(db: Db, id: string): Promise<SeoEntryAdmin> {
  const [row] = await db.select().from(seoEntries).where(eq(seoEntries.id, id)).limit(1);
  if (!row) throw seoNotFound();
  return seoToAdmin(row);
}
