import { eq } from 'drizzle-orm';
import { normaliseSeoPath, type SeoEntry } from '@maplesource/contracts';
import type { Db } from '../../../db/client';
import { seoEntries } from '../content.tables';

/** docs/product.md §7 `seo/by-path`: the entry stored for exactly this (lowercased) path. */
export async function findSeoByPath(db: Db, path: string): Promise<SeoEntry | null> {
  const key = normaliseSeoPath(path);
  const [row] = await db
    .select({ path: seoEntries.path, code: seoEntries.code })
    .from(seoEntries)
    .where(eq(seoEntries.path, key))
    .limit(1);
  return row ?? null;
}
