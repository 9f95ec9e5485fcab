import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/transaction';
import { notFound } from '../../plugins/errors';
import { addSearchWords } from './search-words.service';

type ItemKind = 'product' | 'service';
export interface AdminCatalogItemRow {
  id: string;
  kind: ItemKind;
  slug: string;
  nameEn: string;
  nameFr: string;
}

/** A product or service for the admin console, by numeric id or slug, whatever its status. */
export async function getCatalogItemForAdmin(
  db: Db,
  kind: ItemKind,
  idOrSlug: string,
): Promise<AdminCatalogItemRow> {
  const table = sql.raw(kind === 'product' ? 'products' : 'services');
  const key = /^\d{1,15}$/.test(idOrSlug) ? Number(idOrSlug) : null;
  const [row] = rowsOf<{ id: number | string; slug: string; name_en: string; name_fr: string }>(
    await db.execute(
      key === null
        ? sql`SELECT id, slug, name_en, name_fr FROM ${table} WHERE slug = ${idOrSlug} LIMIT 1`
        : sql`SELECT id, slug, name_en, name_fr FROM ${table} WHERE id = ${key} LIMIT 1`,
    ),
  );
  if (!row) throw notFound('ADMIN_ENTITY_NOT_FOUND', `No ${kind} with this id`);
  return { id: String(row.id), kind, slug: row.slug, nameEn: row.name_en, nameFr: row.name_fr };
}

/**
 * Admin renames of a product or a service (moderation in the admin console), by numeric id or slug. The slug
 * stays so addresses keep working; `search_doc` is generated from the names, and the new words join the typo
 * vocabulary. Renaming a product bumps the catalogue version (trigger, migration 0230), so cached listing pages
 * are dropped. Returns before/after for the audit log; run it in the caller's transaction.
 */
export async function renameCatalogItem(
  db: Db,
  kind: ItemKind,
  idOrSlug: string,
  names: { nameEn: string; nameFr: string },
): Promise<{ before: AdminCatalogItemRow; after: AdminCatalogItemRow }> {
  const before = await getCatalogItemForAdmin(db, kind, idOrSlug);
  const table = sql.raw(kind === 'product' ? 'products' : 'services');
  const [row] = rowsOf<{ id: number | string; slug: string; name_en: string; name_fr: string }>(
    await db.execute(
      sql`UPDATE ${table} SET name_en = ${names.nameEn}, name_fr = ${names.nameFr} WHERE id = ${Number(before.id)}
          RETURNING id, slug, name_en, name_fr`,
    ),
  );
  if (!row) throw notFound('ADMIN_ENTITY_NOT_FOUND', `No ${kind} with this id`);
  await addSearchWords(db, [names.nameEn, names.nameFr]);
  return {
    before,
    after: { id: String(row.id), kind, slug: row.slug, nameEn: row.name_en, nameFr: row.name_fr },
  };
}
