import { asc, eq } from 'drizzle-orm';
import type { AdminCategory, CategoryNamesInput } from '@maplesource/contracts';
import type { Db } from '../../db/client';
import { notFound } from '../../plugins/errors';
import { categories } from './catalog.tables';
import { addSearchWords } from './search-words.service';

/**
 * Admin edits of categories (the admin console calls these; the catalogue owns the table).
 * Only the EN/FR names change; slugs stay, so addresses and filters keep working.
 */
const out = (r: typeof categories.$inferSelect): AdminCategory => ({
  id: String(r.id),
  kind: r.kind,
  slug: r.slug,
  parentId: r.parentId === null ? null : String(r.parentId),
  nameEn: r.nameEn,
  nameFr: r.nameFr,
});

export async function listCategoriesForAdmin(db: Db, kind: 'product' | 'service'): Promise<AdminCategory[]> {
  const rows = await db
    .select()
    .from(categories)
    .where(eq(categories.kind, kind))
    .orderBy(asc(categories.parentId), asc(categories.position), asc(categories.id));
  return rows.map(out);
}

export async function renameCategory(
  db: Db,
  id: string,
  names: CategoryNamesInput,
): Promise<{ before: AdminCategory; after: AdminCategory }> {
  const key = Number(id);
  if (!Number.isSafeInteger(key)) throw notFound('ADMIN_ENTITY_NOT_FOUND', 'No category with this id');
  const [before] = await db.select().from(categories).where(eq(categories.id, key)).limit(1);
  if (!before) throw notFound('ADMIN_ENTITY_NOT_FOUND', 'No category with this id');
  const [after] = await db
    .update(categories)
    .set({ nameEn: names.nameEn, nameFr: names.nameFr })
    .where(eq(categories.id, key))
    .returning();
  // The new words join the typo vocabulary at once (the seed's bulk rebuild is not rerun for an edit).
  await addSearchWords(db, [names.nameEn, names.nameFr]);
  return { before: out(before), after: out(after!) };
}
