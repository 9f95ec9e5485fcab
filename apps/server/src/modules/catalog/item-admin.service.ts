import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/migrate';
import { notFound } from '../../plugins/errors';
import { addSearchWords } from './search-words.service';

/**
 * Admin renames of a product or a service (moderation in the admin console). The slug stays so addresses
 * keep working; `search_doc` is generated from the names, and the new words join the typo vocabulary.
 */
export async function renameCatalogItem(
  db: Db,
  kind: 'product' | 'service',
  id: string,
  names: { nameEn: string; nameFr: string },
): Promise<{ id: string; slug: string; nameEn: string; nameFr: string }> {
  const key = Number(id);
  if (!Number.isSafeInteger(key)) throw notFound('ADMIN_ENTITY_NOT_FOUND', `No ${kind} with this id`);
  const table = sql.raw(kind === 'product' ? 'products' : 'services');
  const [row] = rowsOf<{ id: number | string; slug: string; name_en: string; name_fr: string }>(
    await db.execute(
      sql`UPDATE ${table} SET name_en = ${names.nameEn}, name_fr = ${names.nameFr} WHERE id = ${key}
          RETURNING id, slug, name_en, name_fr`,
    ),
  );
  if (!row) throw notFound('ADMIN_ENTITY_NOT_FOUND', `No ${kind} with this id`);
  await addSearchWords(db, [names.nameEn, names.nameFr]);
  return { id: String(row.id), slug: row.slug, nameEn: row.name_en, nameFr: row.name_fr };
}
