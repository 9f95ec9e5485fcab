import { eq, or } from 'drizzle-orm';
import { normaliseSeoPath, type GlobalParagraph } from '@maplesource/contracts';
import type { Db } from '../../../db/client';
import { paragraphOut } from '../content.present';
import { globalParagraphs } from '../content.tables';

/** docs/product.md §7 global-paragraph by path; a language prefix (`/fr/products`) falls back to the bare path. */
export async function findGlobalParagraph(db: Db, path: string): Promise<GlobalParagraph | null> {
  const key = normaliseSeoPath(path);
  const withoutPrefix = /^\/(en|fr)(\/.*)?$/.exec(key)?.[2] ?? null;
  const keys = withoutPrefix ? [key, withoutPrefix] : [key];
  const rows = await db
    .select()
    .from(globalParagraphs)
    .where(or(...keys.map((k) => eq(globalParagraphs.path, k))));
  const row = keys.map((k) => rows.find((r) => r.path === k)).find(Boolean);
  return row ? paragraphOut(row) : null;
}
