import { sql, type SQL } from 'drizzle-orm';
import {
  businessTypes,
  type BusinessType,
  type BusinessTypeItem,
  type Category,
  type ProvinceCode,
  type StorefrontCertification,
  type SellerDetail,
  type SellerSummary,
} from '@maplesource/contracts';
import type { Db } from '../../db/client';
import type { SearchFeed, SellerCardCopy } from '../catalog';
import { rowsOf } from '../../db/transaction';
import { notFound } from '../../plugins/errors';

/** Seller storefronts: directory, detail, claim lists (docs/product.md §1, §7). */

type Row = Record<string, unknown>;
const rows = async (db: Db, query: SQL) => rowsOf<Row>(await db.execute(query));
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[’']/g, ' ')
    .trim();

/**
 * What the seller directory reads of the catalogue: its top-level categories (a storefront's primary category
 * is one of them). The catalogue's service (app.catalog) provides it; this module names no catalogue table.
 */
export interface CatalogCategoryReads {
  topCategories(db: Db): Promise<Category[]>;
  topCategoryId(db: Db, slug: string): Promise<number | null>;
  /** The typed text's words after the catalogue's typo vocabulary corrected them (storefront names are in it). */
  resolveSearchText(db: Db, text: string | undefined): Promise<{ words: string[] } | null>;
  /** Reads what changed for the in-process index if that is due (decision 334). */
  syncSearchIndex(db: Db): Promise<void>;
}

/**
 * The catalogue's in-process search index, as the sellers module feeds it (decision 334): `addSearchFeed` registers
 * this module's storefronts (false with the SQL engine, when nothing is fed).
 */
export interface CatalogSearchFeeds {
  addSearchFeed(feed: SearchFeed): boolean;
}

/** The listed storefronts held in memory (`StorefrontSearchIndex`), as the grouped search asks them. */
export interface HeldStorefronts {
  readonly ready: boolean;
  search(phrase: string, words: readonly string[], limit: number): SellerSummary[];
}

/**
 * What the catalogue keeps of a storefront for its listing cards (decision 110): the sellers module hands it
 * every change of these fields through the catalogue's door, in the transaction that makes the change.
 */
export interface CatalogSellerCards {
  putSellerCard(db: Db, card: SellerCardCopy): Promise<void>;
}

export const sellerLogoUrl = (id: string) => `/api/v1/media/seller/${id}.svg`;

export function toSellerSummary(row: Row): SellerSummary {
  const id = String(row.id);
  return {
    id,
    slug: String(row.slug),
    name: String(row.name),
    businessType: row.business_type as SellerSummary['businessType'],
    province: row.province as SellerSummary['province'],
    city: String(row.city),
    verified: Boolean(row.verified),
    claimed: Boolean(row.claimed),
    logoUrl: row.logo_url ? String(row.logo_url) : sellerLogoUrl(id),
    productCount: Number(row.product_count),
    serviceCount: Number(row.service_count),
    createdAt: (row.created_at instanceof Date
      ? row.created_at
      : new Date(String(row.created_at))
    ).toISOString(),
  };
}

export interface SellerListInput {
  page: number;
  pageSize: number;
  q?: string | undefined;
  state?: string | undefined;
  businessType?: string | undefined;
  isVerified?: 'true' | 'false' | undefined;
  claimed?: 'true' | 'false' | undefined;
  category?: string | undefined;
  sort: 'name' | 'newest' | 'popular';
}

const containing = (text: string) => `%${text.replace(/[%_\\]/g, '')}%`;

/**
 * The directory's text condition: the name (and city) holds the typed text, or every word of it as the
 * catalogue's typo vocabulary corrected it ("Tundar Steel" → tundra, steel). Both are trigram-index lookups;
 * pg_trgm's word similarity (`<%`), used before, cost ~5 ms an ask through the index and ~20 ms walking the
 * popularity order (decision 085).
 */
function sellerTextCondition(q: string, words: readonly string[]): SQL {
  const phrase = sql`s.search_name LIKE ${containing(fold(q))}`;
  const wordMatches = words.filter(Boolean).map((word) => sql`s.search_name LIKE ${containing(word)}`);
  return wordMatches.length > 0 ? sql`(${phrase} OR (${sql.join(wordMatches, sql` AND `)}))` : phrase;
}

async function sellerTextWords(db: Db, catalog: CatalogCategoryReads, q: string | undefined) {
  return q ? ((await catalog.resolveSearchText(db, q))?.words ?? []) : [];
}

function sellerConditions(
  query: Omit<SellerListInput, 'page' | 'pageSize' | 'sort'>,
  categoryId: number | null,
  words: readonly string[],
): SQL[] {
  // A draft storefront (an application not yet approved, decision 280) is never listed.
  const where: SQL[] = [sql`s.listed`];
  if (query.q) where.push(sellerTextCondition(query.q, words));
  if (query.state) where.push(sql`s.province = ${query.state}`);
  if (query.businessType) where.push(sql`s.business_type = ${query.businessType}`);
  if (query.isVerified !== undefined) where.push(sql`s.verified = ${query.isVerified === 'true'}`);
  if (query.claimed !== undefined) where.push(sql`s.claimed = ${query.claimed === 'true'}`);
  if (query.category)
    where.push(categoryId === null ? sql`false` : sql`s.primary_category_id = ${categoryId}`);
  return where;
}

const sellerOrder = (sort: SellerListInput['sort']) =>
  sort === 'name'
    ? sql`s.name ASC, s.id ASC`
    : sort === 'newest'
      ? sql`s.created_at DESC, s.id DESC`
      : sql`s.popularity_score DESC, s.id DESC`;

export async function listSellers(db: Db, catalog: CatalogCategoryReads, query: SellerListInput) {
  const categoryId = query.category ? await catalog.topCategoryId(db, query.category) : null;
  const words = await sellerTextWords(db, catalog, query.q);
  const where = sql.join(sellerConditions(query, categoryId, words), sql` AND `);
  const items = await rows(
    db,
    sql`SELECT * FROM sellers s WHERE ${where} ORDER BY ${sellerOrder(query.sort)}
        LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`,
  );
  const [count] = await rows(db, sql`SELECT count(*)::int AS n FROM sellers s WHERE ${where}`);
  return {
    items: items.map(toSellerSummary),
    total: Number(count?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * The global search's sellers: the first page of the directory asked with the same text (`/sellers?q=`, sorted by
 * popularity), without its count (5,000 storefronts: the trigram-indexed name match is a few hundred rows at most).
 * `resolvedWords`: the words of `q` as the catalogue resolved them, when the caller has them already (the grouped
 * search resolves its text once for every group).
 */
export async function searchSellers(
  db: Db,
  catalog: CatalogCategoryReads,
  q: string,
  limit: number,
  held: HeldStorefronts | null = null,
  resolvedWords?: readonly string[],
) {
  const words = q ? (resolvedWords ?? (await sellerTextWords(db, catalog, q))) : [];
  // With the catalogue's in-process index, the storefronts held in memory answer the same (decision 334).
  if (held?.ready) {
    await catalog.syncSearchIndex(db);
    if (held.ready) return held.search(fold(q), words, limit);
  }
  const where = sql.join(sellerConditions({ q }, null, words), sql` AND `);
  // The matches first (the name's trigram index), then their order: walking the popularity order instead and
  // checking the name's similarity on every storefront took ~20 ms (decision 085). Same rows, same order.
  const found = await rows(
    db,
    sql`WITH matched AS MATERIALIZED (SELECT * FROM sellers s WHERE ${where})
        SELECT * FROM matched s ORDER BY ${sellerOrder('popular')} LIMIT ${limit}`,
  );
  return found.map(toSellerSummary);
}

const textOrNull = (value: unknown) => (value === null || value === undefined ? null : String(value));

/** The storefront details its seller edits (decision 261), as every reader shows them. */
export function storefrontDetails(row: Row) {
  return {
    bannerUrl: textOrNull(row.banner_url),
    contactEmail: textOrNull(row.contact_email),
    contactPhone: textOrNull(row.contact_phone),
    website: textOrNull(row.website),
    serviceProvinces: (row.service_provinces ?? []) as ProvinceCode[],
    certifications: (row.certifications ?? []) as StorefrontCertification[],
  };
}

export async function getSeller(db: Db, idOrSlug: string): Promise<SellerDetail> {
  const by = /^\d{1,15}$/.test(idOrSlug) ? sql`s.id = ${Number(idOrSlug)}` : sql`s.slug = ${idOrSlug}`;
  const [row] = await rows(db, sql`SELECT * FROM sellers s WHERE ${by}`);
  if (!row) throw notFound('SELLER_NOT_FOUND', 'Seller not found');
  return {
    ...toSellerSummary(row),
    postalCode: String(row.postal_code),
    descriptionEn: String(row.description_en),
    descriptionFr: String(row.description_fr),
    yearEstablished: Number(row.year_established),
    employees: String(row.employees),
    isSeller: true,
    listed: Boolean(row.listed),
    ...storefrontDetails(row),
  };
}

export async function recentSellers(db: Db, limit: number) {
  return (
    await rows(
      db,
      sql`SELECT * FROM sellers s WHERE s.listed ORDER BY s.created_at DESC, s.id DESC LIMIT ${limit}`,
    )
  ).map(toSellerSummary);
}

/** Unclaimed storefronts, a few per top-level category (claim-stores/category-wise), in the categories' order. */
export async function unclaimedByCategory(db: Db, catalog: CatalogCategoryReads, perCategory: number) {
  const categories = await catalog.topCategories(db);
  if (categories.length === 0) return [];
  const list = await rows(
    db,
    sql`SELECT * FROM (
          SELECT s.*, row_number() OVER (PARTITION BY s.primary_category_id ORDER BY s.popularity_score DESC, s.id DESC) AS rn
          FROM sellers s
          WHERE NOT s.claimed AND s.primary_category_id IN (${sql.join(
            categories.map((category) => sql`${Number(category.id)}`),
            sql`, `,
          )})) x
        WHERE rn <= ${perCategory} ORDER BY primary_category_id, rn`,
  );
  const byCategory = new Map<string, SellerSummary[]>();
  for (const row of list) {
    const key = String(row.primary_category_id);
    byCategory.set(key, [...(byCategory.get(key) ?? []), toSellerSummary(row)]);
  }
  return categories
    .filter((category) => byCategory.has(category.id))
    .map((category) => ({ category, sellers: byCategory.get(category.id)! }));
}

export async function randomUnclaimed(db: Db, limit: number) {
  return (
    await rows(db, sql`SELECT * FROM sellers s WHERE NOT s.claimed ORDER BY random() LIMIT ${limit}`)
  ).map(toSellerSummary);
}

/**
 * Account deletion: the storefronts the user owned stay in the directory (they describe a business, not the
 * person) but are no longer claimed, so the business can claim them again. Runs in the caller's transaction.
 */
export async function releaseStorefrontsOf(db: Db, userId: string): Promise<void> {
  await db.execute(
    sql`UPDATE sellers SET owner_user_id = NULL, claimed = false WHERE owner_user_id = ${userId}`,
  );
}

export interface NewOwnedStorefront {
  slug: string;
  name: string;
  ownerUserId: string;
  province: string;
  city: string;
  postalCode: string;
}

/** A claimed storefront owned by `ownerUserId` (a manufacturer, not verified); returns its id. */
export async function createOwnedStorefront(db: Db, input: NewOwnedStorefront): Promise<string> {
  const [row] = await rows(
    db,
    sql`INSERT INTO sellers (slug, name, business_type, province, city, postal_code, verified, claimed, owner_user_id,
          description_en, description_fr, year_established, employees)
        VALUES (${input.slug}, ${input.name}, 'manufacturer', ${input.province}, ${input.city}, ${input.postalCode},
          false, true, ${input.ownerUserId}, 'A storefront for automated tests.',
          'Une vitrine pour les tests automatisés.', 2020, '1-10')
        RETURNING id`,
  );
  return String(row!.id);
}

/** Deletes a storefront (its products and services go with it) if `ownerUserId` owns it; false otherwise. */
/** A row another table's foreign key still needs: 23503, or 23001 for ON DELETE RESTRICT (PostgreSQL 16+). */
const isForeignKeyViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return ['23503', '23001'].includes(e?.code ?? e?.cause?.code ?? '');
};

/**
 * Deletes the owner's storefront. One that was paid out keeps its payouts, which keep it (decision 297: money
 * records are never deleted): it is released from its owner and unlisted instead, as when its owner's account goes.
 */
export async function deleteOwnedStorefront(db: Db, slug: string, ownerUserId: string): Promise<boolean> {
  try {
    const deleted = await rows(
      db,
      sql`DELETE FROM sellers WHERE slug = ${slug} AND owner_user_id = ${ownerUserId} RETURNING id`,
    );
    return deleted.length === 1;
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error;
    const released = await rows(
      db,
      sql`UPDATE sellers SET owner_user_id = NULL, claimed = false, listed = false
          WHERE slug = ${slug} AND owner_user_id = ${ownerUserId} RETURNING id`,
    );
    return released.length === 1;
  }
}

/** Keeps a storefront's product count in step after products were added outside the seed. */
export async function setStorefrontProductCount(
  db: Db,
  sellerId: string,
  productCount: number,
): Promise<void> {
  await db.execute(sql`UPDATE sellers SET product_count = ${productCount} WHERE id = ${Number(sellerId)}`);
}

/**
 * A storefront's main category and the provinces it serves: what a request for quotes is matched on (decision 298).
 * The dev storefront route's (decision 077); an owner sets the provinces in the storefront edit.
 */
export async function setStorefrontReach(
  db: Db,
  sellerId: string,
  reach: { primaryCategoryId: number; serviceProvinces: readonly string[] },
): Promise<void> {
  const provinces = sql`ARRAY[${sql.join(
    reach.serviceProvinces.map((code) => sql`${code}`),
    sql`, `,
  )}]::text[]`;
  await db.execute(
    sql`UPDATE sellers SET primary_category_id = ${reach.primaryCategoryId}, service_provinces = ${provinces}
        WHERE id = ${Number(sellerId)}`,
  );
}

/** Sitemap reads: how many storefronts are public (the listed ones), and a stable page of their slugs (by id). */
export async function countPublicSellers(db: Db): Promise<number> {
  const [row] = await rows(db, sql`SELECT count(*)::int AS n FROM sellers WHERE listed`);
  return Number(row?.n ?? 0);
}

export async function publicSellerSlugs(db: Db, offset: number, limit: number) {
  const found = await rows(
    db,
    sql`SELECT slug FROM sellers WHERE listed ORDER BY id LIMIT ${Math.floor(limit)} OFFSET ${Math.floor(offset)}`,
  );
  return found.map((row) => ({ slug: String(row.slug), updatedAt: null }));
}

/** The user who owns a storefront (a claimed one), or null (unclaimed, or no such storefront). */
export async function storefrontOwner(db: Db, sellerId: number): Promise<string | null> {
  const [row] = await rows(db, sql`SELECT owner_user_id FROM sellers WHERE id = ${sellerId}`);
  return row?.owner_user_id ? String(row.owner_user_id) : null;
}

/** The catalogue's copy of a storefront's card fields follows the storefront (call after every change of them). */
export async function copySellerCard(db: Db, catalog: CatalogSellerCards, sellerId: number): Promise<void> {
  const [row] = await rows(
    db,
    sql`SELECT id, slug, name, province, city, business_type, verified FROM sellers WHERE id = ${sellerId}`,
  );
  if (!row) return;
  await catalog.putSellerCard(db, {
    sellerId: Number(row.id),
    slug: String(row.slug),
    name: String(row.name),
    province: String(row.province),
    city: String(row.city),
    businessType: String(row.business_type),
    verified: Boolean(row.verified),
  });
}

const businessTypeNames: Record<BusinessType, [string, string]> = {
  manufacturer: ['Manufacturer', 'Fabricant'],
  supplier: ['Supplier', 'Fournisseur'],
  distributor: ['Distributor', 'Distributeur'],
  wholesaler: ['Wholesaler', 'Grossiste'],
  'service-provider': ['Service provider', 'Prestataire de services'],
  fabricator: ['Fabricator', 'Atelier de fabrication'],
  'contract-manufacturer': ['Contract manufacturer', 'Fabricant à façon'],
};

/** How many storefronts there are of each business type (every type listed, 0 included). */
export async function countByBusinessType(db: Db): Promise<Map<BusinessType, number>> {
  const found = await rows(
    db,
    sql`SELECT business_type, count(*)::int AS n FROM sellers WHERE listed GROUP BY business_type`,
  );
  const counts = new Map(found.map((row) => [String(row.business_type), Number(row.n)]));
  return new Map(businessTypes.map((code) => [code, counts.get(code) ?? 0]));
}

/** docs/product.md §7 `business-types`: each type's names and storefront count. */
export async function listBusinessTypes(db: Db): Promise<BusinessTypeItem[]> {
  const counts = await countByBusinessType(db);
  return businessTypes.map((code) => ({
    code,
    nameEn: businessTypeNames[code][0],
    nameFr: businessTypeNames[code][1],
    sellerCount: counts.get(code) ?? 0,
  }));
}

/** The names and slugs of these storefronts, by id (the admin's payout list, decision 304); removed ones are absent. */
export async function storefrontNames(
  db: Db,
  ids: number[],
): Promise<Map<number, { name: string; slug: string }>> {
  const unique = [...new Set(ids)].filter((id) => Number.isSafeInteger(id));
  if (unique.length === 0) return new Map();
  const found = await rows(
    db,
    sql`SELECT id, name, slug FROM sellers WHERE id IN (${sql.join(
      unique.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Map(found.map((row) => [Number(row.id), { name: String(row.name), slug: String(row.slug) }]));
}
