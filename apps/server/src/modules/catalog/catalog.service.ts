import { sql, type SQL } from 'drizzle-orm';
import type {
  SearchCategory,
  Category,
  CategoryKind,
  CategoryTreeNode,
  ProductCard,
  ProductDetail,
  ListingFacetsResponse,
  ProductFacetsQuery,
  ProductListQuery,
  ProductListResponse,
  ServiceCard,
  ServiceDetail,
  ServiceFacetsQuery,
  ServiceListQuery,
  ServiceListResponse,
} from '@maplesource/contracts';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/transaction';
import { AppError, notFound } from '../../plugins/errors';
import {
  effectiveSort,
  orderBy,
  productCardColumns,
  productCardJoins,
  productConditions,
  sellerCondition,
  productImageUrl,
  textRecheck,
  productOrders,
  serviceCardColumns,
  serviceImageUrl,
  serviceOrders,
  toProductCard,
  toServiceCard,
} from './catalog.queries';
import {
  cardRows,
  countsExactly,
  listingFacets,
  listingPage,
  listingWithTotal,
  type ListingPageInput,
} from './listing-engine';
import { foldText, resolveQuery, type ResolvedQuery } from './search-query';
import type { CatalogState } from './catalog-state';
import { countSearchInLanguage, frequentSearchTermsIn, type TextLanguage } from './search-term-languages';
import { itemArchived } from './seller-items.service';

type Row = Record<string, unknown>;
const rows = async (db: Db, query: SQL) => rowsOf<Row>(await db.execute(query));
const whereOf = (conditions: SQL[]) => sql.join(conditions, sql` AND `);

function toCategory(row: Row): Category {
  return {
    id: String(row.id),
    kind: row.kind as CategoryKind,
    slug: String(row.slug),
    parentId: row.parent_id === null || row.parent_id === undefined ? null : String(row.parent_id),
    nameEn: String(row.name_en),
    nameFr: String(row.name_fr),
    itemCount: Number(row.item_count),
  };
}

/** A numeric id or a slug (`/product/{id}` accepts both). */
const byIdOrSlug = (alias: string, idOrSlug: string) =>
  /^\d{1,15}$/.test(idOrSlug)
    ? sql`${sql.raw(alias)}.id = ${Number(idOrSlug)}`
    : sql`${sql.raw(alias)}.slug = ${idOrSlug}`;

// ---------------------------------------------------------------- categories

export async function listCategoryTree(db: Db, kind: CategoryKind): Promise<CategoryTreeNode[]> {
  const all = (
    await rows(
      db,
      sql`SELECT * FROM categories WHERE kind = ${kind} ORDER BY parent_id NULLS FIRST, position, id`,
    )
  ).map(toCategory);
  const roots = all.filter((category) => category.parentId === null);
  return roots.map((root) => ({
    ...root,
    children: all.filter((category) => category.parentId === root.id),
  }));
}

export async function listSubcategories(db: Db, kind: CategoryKind, parent: string): Promise<Category[]> {
  const [parentRow] = await rows(
    db,
    sql`SELECT id FROM categories WHERE kind = ${kind} AND parent_id IS NULL AND ${byIdOrSlug('categories', parent)}`,
  );
  if (!parentRow) throw notFound('CATEGORY_NOT_FOUND', 'No categories available');
  return (
    await rows(
      db,
      sql`SELECT * FROM categories WHERE parent_id = ${Number(parentRow.id)} ORDER BY position, id`,
    )
  ).map(toCategory);
}

/** Every top-level category, products' then services', in their shown order (the seller directory groups by them). */
export async function topCategories(db: Db): Promise<Category[]> {
  return (
    await rows(db, sql`SELECT * FROM categories WHERE parent_id IS NULL ORDER BY kind, position, id`)
  ).map(toCategory);
}

/** A top-level category's id by slug, or null. */
export async function topCategoryId(db: Db, slug: string): Promise<number | null> {
  const [row] = await rows(
    db,
    sql`SELECT id FROM categories WHERE slug = ${slug} AND parent_id IS NULL ORDER BY id LIMIT 1`,
  );
  return row ? Number(row.id) : null;
}

/** Popular categories: most viewed, then most items. */
export async function popularCategories(db: Db, limit = 12): Promise<Category[]> {
  return (
    await rows(
      db,
      sql`SELECT * FROM categories WHERE parent_id IS NULL AND kind = 'product'
          ORDER BY views DESC, item_count DESC, id LIMIT ${limit}`,
    )
  ).map(toCategory);
}

/** The categories this user looked at most; visitors (or users without history) get the popular ones. */
export async function userFrequentCategories(db: Db, userId: string | null, limit = 8): Promise<Category[]> {
  if (!userId) return popularCategories(db, limit);
  const mine = (
    await rows(
      db,
      sql`SELECT c.* FROM user_category_views v JOIN categories c ON c.id = v.category_id
          WHERE v.user_id = ${userId} ORDER BY v.count DESC, v.last_at DESC, c.id LIMIT ${limit}`,
    )
  ).map(toCategory);
  return mine.length > 0 ? mine : popularCategories(db, limit);
}

/** Distinct visitors a term needs before it is suggested to everyone (decision 056). */
export const minVisitorsForSuggestion = 3;

/**
 * Records a search for the statistics and the shared suggestions. `visitorHash` (an HMAC of the user id or IP,
 * never the raw address) counts once per term; a term is suggested only once it found results and
 * `minVisitorsForSuggestion` distinct visitors searched it, so one request cannot put text into everyone's list.
 * `language` counts the search for the chips of pages in that language (decision 080).
 */
export async function trackSearch(
  db: Db,
  state: CatalogState,
  userId: string | null,
  term: string,
  visitorHash: string,
  language?: TextLanguage | undefined,
) {
  const display = term.trim().replace(/\s+/g, ' ').slice(0, 120);
  const folded = foldText(display);
  if (folded.length < 2) return;
  const resolved = await resolveQuery(db, state.words, display);
  const found = resolved?.tsquery ? await termFindsResults(db, resolved.tsquery) : false;
  await db.execute(sql`
    WITH seen AS (
      INSERT INTO search_term_visitors (term, visitor_hash) VALUES (${folded}, ${visitorHash})
      ON CONFLICT (term, visitor_hash) DO NOTHING RETURNING 1
    )
    INSERT INTO search_terms (term, display, count, visitors, found_results, last_searched_at)
    VALUES (${folded}, ${display}, 1, (SELECT count(*)::int FROM seen), ${found}, now())
    ON CONFLICT (term) DO UPDATE SET count = search_terms.count + 1,
      visitors = search_terms.visitors + excluded.visitors,
      found_results = excluded.found_results, last_searched_at = now()`);
  if (language) await countSearchInLanguage(db, folded, language);
  if (userId) {
    await db.execute(sql`
      INSERT INTO user_search_history (user_id, term) VALUES (${userId}, ${folded})
      ON CONFLICT (user_id, term) DO UPDATE SET count = user_search_history.count + 1, last_at = now()`);
  }
}

async function termFindsResults(db: Db, tsquery: string): Promise<boolean> {
  const [row] = await rows(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM products p WHERE p.status = 'active' AND p.search_doc @@ to_tsquery('simple', ${tsquery}))
          OR EXISTS (SELECT 1 FROM services p WHERE p.status = 'active' AND p.search_doc @@ to_tsquery('simple', ${tsquery}))
        AS found`,
  );
  return row?.found === true;
}

export async function trackCategoryView(db: Db, userId: string | null, categoryId: string) {
  if (!/^\d{1,15}$/.test(categoryId)) throw notFound('CATEGORY_NOT_FOUND', 'No categories available');
  const updated = await rows(
    db,
    sql`UPDATE categories SET views = views + 1 WHERE id = ${Number(categoryId)} RETURNING id`,
  );
  if (updated.length === 0) throw notFound('CATEGORY_NOT_FOUND', 'No categories available');
  if (userId) {
    await db.execute(sql`
      INSERT INTO user_category_views (user_id, category_id) VALUES (${userId}, ${Number(categoryId)})
      ON CONFLICT (user_id, category_id) DO UPDATE SET count = user_category_views.count + 1, last_at = now()`);
  }
}

// ---------------------------------------------------------------- products

/** Subcategories this user viewed most (for `suggested`); empty for visitors. */
async function suggestedSubcategories(db: Db, userId: string | null): Promise<number[]> {
  if (!userId) return [];
  const viewed = await rows(
    db,
    sql`SELECT p.subcategory_id AS id, sum(v.count) AS n FROM user_product_views v JOIN products p ON p.id = v.product_id
        WHERE v.user_id = ${userId} GROUP BY p.subcategory_id ORDER BY n DESC, p.subcategory_id LIMIT 5`,
  );
  return viewed.map((row) => Number(row.id));
}

/** Words this user searched most, joined with OR into a tsquery (for `suggested`). */
async function suggestedSearchQuery(db: Db, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const terms = await rows(
    db,
    sql`SELECT term FROM user_search_history WHERE user_id = ${userId} ORDER BY count DESC, last_at DESC LIMIT 3`,
  );
  const words = [
    ...new Set(terms.flatMap((row) => String(row.term).split(/[^a-z0-9]+/)).filter((w) => w.length >= 3)),
  ];
  return words.length > 0 ? words.map((w) => `${w}:*`).join(' | ') : null;
}

type ProductListingInput = Omit<ProductListQuery, 'page' | 'pageSize' | 'sort' | 'cursor'>;

/**
 * The SQL conditions of one product listing (decision 040, 042): for the page (GIN for rare words, an ordered
 * walk for frequent ones), for an exact count, and for the estimation sample; plus whether counts are exact.
 */
async function productListing(
  db: Db,
  state: CatalogState,
  query: ProductListingInput,
  userId: string | null,
) {
  const resolved = await resolveQuery(db, state.words, query.q);
  const filter = {
    ...query,
    tsquery: resolved?.tsquery ?? null,
    indexTsquery: resolved?.indexTsquery ?? null,
  };
  // Frequent among products (not among every kind of document: decision 085) → walk the popularity order.
  const frequent = (resolved?.estimatedProductMatches ?? 0) >= state.frequentTextThreshold;
  const page = productConditions(filter, frequent ? 'walk' : 'gin');
  const count = productConditions(filter, 'count');
  const sample = productConditions(filter, 'gin');
  const everywhere = (condition: SQL) => {
    for (const conditions of [page, count, sample]) conditions.push(condition);
  };
  if (resolved && resolved.tsquery === null) everywhere(sql`false`);
  if (query.type === 'suggested') {
    const [subcategories, searched] = await Promise.all([
      suggestedSubcategories(db, userId),
      suggestedSearchQuery(db, userId),
    ]);
    const history: SQL[] = [];
    if (subcategories.length > 0)
      history.push(
        sql`p.subcategory_id IN (${sql.join(
          subcategories.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
    if (searched) history.push(sql`p.search_doc @@ to_tsquery('simple', ${searched})`);
    if (history.length > 0) everywhere(sql`(${sql.join(history, sql` OR `)})`);
  }
  if (query.type === 'recommended') everywhere(sql`p.verified AND p.rating_count > 0`);
  const exact = await countsExactly(db, state, 'products', Boolean(resolved?.tsquery) && !frequent);
  return {
    resolved,
    // Rare text: every match through the GIN index first, then sorted (decision 085).
    matchFirst: Boolean(resolved?.tsquery) && !frequent,
    pageWhere: whereOf(page),
    // The page's conditions with the text in its GIN form: a bounded walk's fallback (decision 128).
    matchWhere: whereOf(sample),
    // A province is walked on its own index: the window is taken among its rows (decision 327).
    provinceWindow: query.state ? sql`p.province = ${query.state}` : undefined,
    count: { table: 'products' as const, exact, exactWhere: whereOf(count), sampleWhere: whereOf(sample) },
  };
}

/** Frequent text is walked, bounded (decision 128). */
const textWalkWindow = (state: CatalogState, frequentText: boolean) =>
  frequentText ? state.textWalkWindow : undefined;

/** The page of a product listing (what both the listing and the global search's products group walk). */
function productPageInput(
  state: CatalogState,
  listing: Awaited<ReturnType<typeof productListing>>,
  query: Pick<ProductListQuery, 'type' | 'sort' | 'page' | 'pageSize' | 'cursor'>,
): ListingPageInput {
  const sort = effectiveSort(query.type, query.sort, Boolean(listing.resolved?.tsquery));
  return {
    table: 'products',
    columns: productCardColumns,
    joins: productCardJoins,
    where: listing.pageWhere,
    order: productOrders[sort],
    matchFirst: listing.matchFirst,
    textWalkWindow: textWalkWindow(state, Boolean(listing.resolved?.tsquery) && !listing.matchFirst),
    matchWhere: listing.matchWhere,
    windowWhere: productOrders[sort].column === 'popularity_score' ? listing.provinceWindow : undefined,
    page: query.page,
    pageSize: query.pageSize,
    cursor: query.cursor,
  };
}

export async function listProducts(
  db: Db,
  state: CatalogState,
  query: ProductListQuery,
  userId: string | null,
): Promise<ProductListResponse> {
  const listing = await productListing(db, state, query, userId);
  const { rows, ...answer } = await listingWithTotal(
    db,
    productPageInput(state, listing, query),
    listing.count,
  );
  return { items: rows.map(toProductCard), ...answer, correctedQuery: listing.resolved?.corrected ?? null };
}

/**
 * The grouped search's page of products or services from the in-process index (decision 329): the ids in the
 * listing's order, then their cards — the products' held with the index (decision 345), the services' by id (one
 * prepared statement). Null while the index is not built or with the
 * SQL engine: the caller walks the listing in SQL.
 */
async function indexedPage(
  db: Db,
  state: CatalogState,
  table: 'products' | 'services',
  q: string,
  limit: number,
  given: ResolvedQuery | null | undefined,
): Promise<Row[] | null> {
  if (state.searchEngine !== 'memory' || !state.searchIndex.ready) return null;
  const resolved = given === undefined ? await resolveQuery(db, state.words, q) : given;
  if (!resolved) return null;
  const found = await state.searchIndex.search(db, table, resolved.groups, limit);
  if (!found) return null;
  // The product cards held with the index (decision 345), else one statement.
  const held = table === 'products' ? state.searchIndex.heldCards(found.ids) : null;
  if (held) return held;
  const cards = await cardRows(
    db,
    {
      table,
      columns: table === 'products' ? productCardColumns : serviceCardColumns,
      joins: productCardJoins,
    },
    found.ids,
  );
  const byId = new Map(cards.map((row) => [Number(row.id), row]));
  return found.ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

/**
 * The global search's products: the first page of `/products?q=` (same conditions, same order), without the
 * listing's total, which the search does not show. `resolved`: `q` as `resolveSearchText` resolved it, when the
 * caller has it already (the grouped search resolves its text once for every group).
 */
export async function searchProducts(
  db: Db,
  state: CatalogState,
  q: string,
  limit: number,
  resolved?: ResolvedQuery | null,
): Promise<ProductCard[]> {
  const indexed = await indexedPage(db, state, 'products', q, limit, resolved);
  if (indexed) return indexed.map(toProductCard);
  const listing = await productListing(db, state, { q, type: 'all' }, null);
  const page = await listingPage(
    db,
    productPageInput(state, listing, { type: 'all', page: 1, pageSize: limit, cursor: undefined }),
  );
  return page.rows.map(toProductCard);
}

/** Facet counts of a product listing (the filter panel): exact, or estimated like the total. */
export async function productFacets(
  db: Db,
  state: CatalogState,
  query: ProductFacetsQuery,
  userId: string | null,
): Promise<ListingFacetsResponse> {
  const listing = await productListing(db, state, query, userId);
  return listingFacets(db, { ...listing.count, withOrigin: true });
}

async function productCards(db: Db, where: SQL, order: SQL, limit: number): Promise<ProductCard[]> {
  return (
    await rows(
      db,
      sql`SELECT ${productCardColumns} FROM (SELECT * FROM products p WHERE ${where} ORDER BY ${order} LIMIT ${limit}) p
          ${productCardJoins} ORDER BY ${order}`,
    )
  ).map(toProductCard);
}

export const popularProducts = (db: Db, limit: number) =>
  productCards(db, sql`p.status = 'active'`, orderBy(productOrders.popular), limit);
export const bestSellerProducts = (db: Db, limit: number) =>
  productCards(db, sql`p.status = 'active'`, orderBy(productOrders.bestsellers), limit);
export const newArrivalProducts = (db: Db, limit: number) =>
  productCards(db, sql`p.status = 'active'`, orderBy(productOrders.newest), limit);
export async function suggestedProducts(db: Db, state: CatalogState, userId: string | null, limit: number) {
  const result = await listProducts(db, state, { type: 'suggested', page: 1, pageSize: limit }, userId);
  return result.items;
}

// ---------------------------------------------------------------- detail helpers (products and services)

/** The category and subcategory of a detail row, selected with the prefixes c_ and sc_. */
const detailCategoryColumns = sql`c.id AS c_id, c.kind AS c_kind, c.parent_id AS c_parent_id, c.name_en AS c_name_en,
  c.name_fr AS c_name_fr, c.item_count AS c_item_count, sc.id AS sc_id, sc.kind AS sc_kind, sc.parent_id AS sc_parent_id,
  sc.name_en AS sc_name_en, sc.name_fr AS sc_name_fr, sc.item_count AS sc_item_count`;

function categoryFromRow(row: Row, prefix: 'c' | 'sc'): Category {
  return {
    id: String(row[`${prefix}_id`]),
    kind: row[`${prefix}_kind`] as CategoryKind,
    slug: String(prefix === 'c' ? row.category_slug : row.subcategory_slug),
    parentId: row[`${prefix}_parent_id`] === null ? null : String(row[`${prefix}_parent_id`]),
    nameEn: String(row[`${prefix}_name_en`]),
    nameFr: String(row[`${prefix}_name_fr`]),
    itemCount: Number(row[`${prefix}_item_count`]),
  };
}

function statsFromRow(row: Row) {
  return {
    views: Number(row.views),
    quotations: Number(row.quotations),
    accepted: Number(row.accepted),
    rejected: Number(row.rejected),
    inProgress: Number(row.in_progress),
    popularityScore: Number(row.popularity_score),
    bestsellerScore: Number(row.bestseller_score),
  };
}

/** Whether this viewer liked the item (never for a visitor). */
async function likedBy(db: Db, kind: 'product' | 'service', itemId: number, userId: string | null) {
  if (!userId) return false;
  const likes = sql.raw(`${kind}_likes`);
  const column = sql.raw(`${kind}_id`);
  const [mine] = await rows(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM ${likes} WHERE user_id = ${userId} AND ${column} = ${itemId}) AS liked`,
  );
  return Boolean(mine?.liked);
}

/**
 * A product's page as the catalogue knows it. Whether the viewer reviewed it (`myReviewId`) is the reviews
 * module's answer, which the detail route adds (flows/item-page/item-page.routes.ts, decision 112).
 */
export type CatalogProductDetail = Omit<ProductDetail, 'myReviewId'>;
export type CatalogServiceDetail = Omit<ServiceDetail, 'myReviewId'>;

/** The seller's uploaded images in their order (the first the main one), else the generated drawings. */
function uploadedImages(row: Row, generated: string[]) {
  const uploaded = (row.images ?? []) as { url: string; altEn: string; altFr: string }[];
  if (uploaded.length === 0) return { images: generated };
  return {
    images: uploaded.map((image) => image.url),
    imageAlts: uploaded.map((image) => ({ en: image.altEn, fr: image.altFr })),
  };
}

export async function getProductDetail(
  db: Db,
  idOrSlug: string,
  userId: string | null,
): Promise<CatalogProductDetail> {
  const [row] = await rows(
    db,
    sql`SELECT p.*, ${productCardColumns},
${detailCategoryColumns}
        FROM products p ${productCardJoins} WHERE ${byIdOrSlug('p', idOrSlug)}`,
  );
  if (!row || row.status === 'removed' || row.status === 'draft')
    throw notFound('PRODUCT_NOT_FOUND', 'Product Not Found');
  if (row.status === 'archived') throw itemArchived('product');
  if (row.status !== 'active')
    throw new AppError(403, 'PRODUCT_NOT_AVAILABLE', 'Cannot view this product yet, try again later');
  const likedByMe = await likedBy(db, 'product', Number(row.id), userId);
  const card = toProductCard(row);
  return {
    ...card,
    descriptionEn: String(row.description_en),
    descriptionFr: String(row.description_fr),
    ...uploadedImages(
      row,
      Array.from({ length: Number(row.image_count) }, (_, n) => productImageUrl(card.id, n)),
    ),
    priceTiers: row.price_tiers as ProductDetail['priceTiers'],
    variations: row.variations as ProductDetail['variations'],
    keyAttributes: row.key_attributes as ProductDetail['keyAttributes'],
    technicalSpecifications: row.technical_specifications as ProductDetail['technicalSpecifications'],
    warrantyEn: String(row.warranty_en),
    warrantyFr: String(row.warranty_fr),
    materialEn: String(row.material_en),
    materialFr: String(row.material_fr),
    customizableOptions: row.customizable_options as ProductDetail['customizableOptions'],
    servicesEn: String(row.services_en),
    servicesFr: String(row.services_fr),
    stats: statsFromRow(row),
    category: categoryFromRow(row, 'c'),
    subcategory: categoryFromRow(row, 'sc'),
    likedByMe,
  };
}

async function resolveActiveId(db: Db, table: 'products' | 'services', idOrSlug: string): Promise<number> {
  const [row] = await rows(
    db,
    sql`SELECT id FROM ${sql.raw(table)} p WHERE ${byIdOrSlug('p', idOrSlug)} AND p.status = 'active'`,
  );
  if (!row) {
    throw table === 'products'
      ? notFound('PRODUCT_NOT_FOUND', 'Product Not Found')
      : notFound('SERVICE_NOT_FOUND', 'Service not found');
  }
  return Number(row.id);
}
export const resolveProductId = (db: Db, idOrSlug: string) => resolveActiveId(db, 'products', idOrSlug);
export const resolveServiceId = (db: Db, idOrSlug: string) => resolveActiveId(db, 'services', idOrSlug);

/** Popularity = views + 5 × quotations + 10 × accepted; bestseller = 10 × accepted + quotations (decision 040). */
export async function trackProductView(db: Db, userId: string | null, idOrSlug: string) {
  const id = await resolveProductId(db, idOrSlug);
  await db.execute(
    sql`UPDATE products SET views = views + 1, popularity_score = popularity_score + 1 WHERE id = ${id}`,
  );
  if (userId) {
    await db.execute(sql`
      INSERT INTO user_product_views (user_id, product_id) VALUES (${userId}, ${id})
      ON CONFLICT (user_id, product_id) DO UPDATE SET count = user_product_views.count + 1, last_at = now()`);
  }
}

const statusColumns = {
  quotation: { column: 'quotations', popularity: 5, bestseller: 1 },
  accepted: { column: 'accepted', popularity: 10, bestseller: 10 },
  rejected: { column: 'rejected', popularity: 0, bestseller: 0 },
  'in-progress': { column: 'in_progress', popularity: 0, bestseller: 0 },
} as const;

/** Records a quotation-status event on a product (called by the quotes workflows; also spec's track-status). */
export async function trackProductStatus(db: Db, idOrSlug: string, status: keyof typeof statusColumns) {
  const id = await resolveProductId(db, idOrSlug);
  const { column, popularity, bestseller } = statusColumns[status];
  await db.execute(sql`
    UPDATE products SET ${sql.raw(column)} = ${sql.raw(column)} + 1,
      popularity_score = popularity_score + ${popularity}, bestseller_score = bestseller_score + ${bestseller}
    WHERE id = ${id}`);
}

// ---------------------------------------------------------------- likes (wishlist)

export async function toggleProductLike(db: Db, userId: string, idOrSlug: string): Promise<boolean> {
  const id = await resolveProductId(db, idOrSlug);
  return db.transaction(async (tx) => {
    const removed = rowsOf(
      await tx.execute(
        sql`DELETE FROM product_likes WHERE user_id = ${userId} AND product_id = ${id} RETURNING product_id`,
      ),
    );
    if (removed.length > 0) return false;
    await tx.execute(
      sql`INSERT INTO product_likes (user_id, product_id) VALUES (${userId}, ${id}) ON CONFLICT DO NOTHING`,
    );
    return true;
  });
}

export async function toggleServiceLike(db: Db, userId: string, idOrSlug: string): Promise<boolean> {
  const id = await resolveServiceId(db, idOrSlug);
  return db.transaction(async (tx) => {
    const removed = rowsOf(
      await tx.execute(
        sql`DELETE FROM service_likes WHERE user_id = ${userId} AND service_id = ${id} RETURNING service_id`,
      ),
    );
    if (removed.length > 0) return false;
    await tx.execute(
      sql`INSERT INTO service_likes (user_id, service_id) VALUES (${userId}, ${id}) ON CONFLICT DO NOTHING`,
    );
    return true;
  });
}

export async function likedProducts(db: Db, userId: string, page: number, pageSize: number) {
  const items = await rows(
    db,
    sql`SELECT ${productCardColumns} FROM product_likes l JOIN products p ON p.id = l.product_id ${productCardJoins}
        WHERE l.user_id = ${userId} AND p.status = 'active'
        ORDER BY l.created_at DESC, p.id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
  );
  const [count] = await rows(
    db,
    sql`SELECT count(*)::int AS n FROM product_likes l JOIN products p ON p.id = l.product_id
        WHERE l.user_id = ${userId} AND p.status = 'active'`,
  );
  return { items: items.map(toProductCard), total: Number(count?.n ?? 0), page, pageSize };
}

export async function likedServices(db: Db, userId: string, page: number, pageSize: number) {
  const items = await rows(
    db,
    sql`SELECT ${serviceCardColumns} FROM service_likes l JOIN services p ON p.id = l.service_id ${productCardJoins}
        WHERE l.user_id = ${userId} AND p.status = 'active'
        ORDER BY l.created_at DESC, p.id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
  );
  const [count] = await rows(
    db,
    sql`SELECT count(*)::int AS n FROM service_likes l JOIN services p ON p.id = l.service_id
        WHERE l.user_id = ${userId} AND p.status = 'active'`,
  );
  return { items: items.map(toServiceCard), total: Number(count?.n ?? 0), page, pageSize };
}

// ---------------------------------------------------------------- services

export interface ServiceListInput extends Partial<Omit<ServiceListQuery, 'page' | 'pageSize'>> {
  page: number;
  pageSize: number;
}

/** WHERE conditions of the service filter: the product rules (decision 040) on the columns services have. */
function serviceConditions(query: ServiceFacetsQuery, text: ResolvedQuery | null): SQL[] {
  const where: SQL[] = [sql`p.status = 'active'`];
  if (text) {
    const { tsquery, indexTsquery } = text;
    where.push(tsquery ? sql`p.search_doc @@ to_tsquery('simple', ${indexTsquery ?? tsquery})` : sql`false`);
    if (tsquery && indexTsquery) where.push(textRecheck(sql.raw('p'), tsquery));
  }
  if (query.category) {
    where.push(
      sql`p.category_id = (SELECT id FROM categories WHERE kind = 'service' AND slug = ${query.category})`,
    );
  }
  if (query.subcategories && query.subcategories.length > 0) {
    where.push(
      sql`p.subcategory_id IN (SELECT id FROM categories WHERE kind = 'service' AND slug IN (${sql.join(
        query.subcategories.map((slug) => sql`${slug}`),
        sql`, `,
      )}))`,
    );
  }
  if (query.businessType) where.push(sql`p.business_type = ${query.businessType}`);
  if (query.state) where.push(sql`p.province = ${query.state}`);
  if (query.minPrice !== undefined) where.push(sql`p.starting_price_cents >= ${query.minPrice}`);
  if (query.maxPrice !== undefined) where.push(sql`p.starting_price_cents <= ${query.maxPrice}`);
  if (query.isVerified !== undefined) where.push(sql`p.verified = ${query.isVerified === 'true'}`);
  if (query.deliveryDays !== undefined) where.push(sql`p.turnaround_days <= ${query.deliveryDays}`);
  if (query.minRating !== undefined) where.push(sql`p.rating_avg >= ${query.minRating}`);
  if (query.sellerId !== undefined) where.push(sellerCondition('p', query.sellerId));
  return where;
}

/** Services have one text condition (GIN; services are a tenth of products) used for page, count and sample. */
async function serviceListing(db: Db, state: CatalogState, query: ServiceFacetsQuery) {
  const resolved = await resolveQuery(db, state.words, query.q);
  const where = whereOf(serviceConditions(query, resolved));
  const rareText =
    Boolean(resolved?.tsquery) && (resolved?.estimatedMatches ?? 0) < state.frequentTextThreshold;
  const exact = await countsExactly(db, state, 'services', rareText);
  return {
    resolved,
    where,
    count: { table: 'services' as const, exact, exactWhere: where, sampleWhere: where },
  };
}

/** The page of a service listing (what both the listing and the global search's services group walk). */
function servicePageInput(
  state: CatalogState,
  listing: Awaited<ReturnType<typeof serviceListing>>,
  query: ServiceListInput,
): ListingPageInput {
  return {
    table: 'services',
    columns: serviceCardColumns,
    joins: productCardJoins,
    where: listing.where,
    order: serviceOrders[query.sort ?? 'popular'],
    // Text rare among services: every match through the GIN index first, then sorted (decision 085).
    matchFirst:
      Boolean(listing.resolved?.tsquery) &&
      (listing.resolved?.estimatedOtherMatches ?? 0) < state.frequentTextThreshold,
    textWalkWindow: textWalkWindow(
      state,
      Boolean(listing.resolved?.tsquery) &&
        (listing.resolved?.estimatedOtherMatches ?? 0) >= state.frequentTextThreshold,
    ),
    page: query.page,
    pageSize: query.pageSize,
    cursor: query.cursor,
  };
}

export async function listServices(
  db: Db,
  state: CatalogState,
  query: ServiceListInput,
): Promise<ServiceListResponse> {
  const listing = await serviceListing(db, state, query);
  const { rows, ...answer } = await listingWithTotal(
    db,
    servicePageInput(state, listing, query),
    listing.count,
  );
  return { items: rows.map(toServiceCard), ...answer, correctedQuery: listing.resolved?.corrected ?? null };
}

/** Facet counts of a service listing (no origin: services have none). */
export async function serviceFacets(
  db: Db,
  state: CatalogState,
  query: ServiceFacetsQuery,
): Promise<ListingFacetsResponse> {
  const listing = await serviceListing(db, state, query);
  return listingFacets(db, { ...listing.count, withOrigin: false });
}

export async function getServiceDetail(
  db: Db,
  idOrSlug: string,
  userId: string | null,
): Promise<CatalogServiceDetail> {
  const [row] = await rows(
    db,
    sql`SELECT p.*, ${serviceCardColumns},
${detailCategoryColumns}
        FROM services p ${productCardJoins} WHERE ${byIdOrSlug('p', idOrSlug)}`,
  );
  if (!row || row.status === 'removed' || row.status === 'draft')
    throw notFound('SERVICE_NOT_FOUND', 'Service not found');
  if (row.status === 'archived') throw itemArchived('service');
  if (row.status !== 'active')
    throw new AppError(403, 'PRODUCT_NOT_AVAILABLE', 'Cannot view this service yet, try again later');
  const likedByMe = await likedBy(db, 'service', Number(row.id), userId);
  const card = toServiceCard(row);
  return {
    ...card,
    descriptionEn: String(row.description_en),
    descriptionFr: String(row.description_fr),
    ...uploadedImages(
      row,
      Array.from({ length: Number(row.image_count) }, (_, n) => serviceImageUrl(card.id, n)),
    ),
    capabilities: row.capabilities as ServiceDetail['capabilities'],
    serviceAreaEn: String(row.service_area_en),
    serviceAreaFr: String(row.service_area_fr),
    certifications: row.certifications as string[],
    stats: statsFromRow(row),
    category: categoryFromRow(row, 'c'),
    subcategory: categoryFromRow(row, 'sc'),
    likedByMe,
  };
}

export async function trackServiceView(db: Db, idOrSlug: string) {
  const id = await resolveServiceId(db, idOrSlug);
  await db.execute(
    sql`UPDATE services SET views = views + 1, popularity_score = popularity_score + 1 WHERE id = ${id}`,
  );
}

// ---------------------------------------------------------------- search helpers

export async function searchServices(
  db: Db,
  state: CatalogState,
  q: string,
  limit: number,
  resolved?: ResolvedQuery | null,
): Promise<ServiceCard[]> {
  // The first page of `/services?q=` (same conditions, same order), without the listing's total.
  const indexed = await indexedPage(db, state, 'services', q, limit, resolved);
  if (indexed) return indexed.map(toServiceCard);
  const query = { q, page: 1, pageSize: limit };
  const listing = await serviceListing(db, state, query);
  return (await listingPage(db, servicePageInput(state, listing, query))).rows.map(toServiceCard);
}

const toSearchCategory = (row: Row): SearchCategory => ({
  ...toCategory(row),
  parentSlug: row.parent_slug === null || row.parent_slug === undefined ? null : String(row.parent_slug),
});

/**
 * Categories whose English or French name holds the typed text or its typo correction, or is close to it by
 * trigram word similarity (`hydrualic` → Hydraulic…). Categories are a few hundred rows: one scan, ranked by how
 * close the name is, top levels and busy categories first. Each comes with its parent's slug (its listing's URL).
 * `resolved` as for `searchProducts`.
 */
export async function searchCategories(
  db: Db,
  state: CatalogState,
  q: string,
  limit: number,
  resolved?: ResolvedQuery | null,
): Promise<SearchCategory[]> {
  const folded = foldText(q).trim();
  if (!folded) return [];
  const corrected =
    (resolved === undefined ? await resolveQuery(db, state.words, q) : resolved)?.corrected ?? folded;
  // With the in-process index, the categories it holds answer the same (decision 334): no statement.
  const held = state.searchEngine === 'memory' ? await state.searchIndex.categories(db) : null;
  if (held) return held.search(folded, corrected, limit).map(toSearchCategory);
  const like = (text: string) => `%${text.replace(/[%_\\]/g, '')}%`;
  const found = await rows(
    db,
    // The names are folded once per row (a materialized CTE), not once per condition.
    sql`WITH named AS MATERIALIZED (
          SELECT c.*, catalog_fold(c.name_en) AS folded_en, catalog_fold(c.name_fr) AS folded_fr FROM categories c)
        SELECT c.*, p.slug AS parent_slug,
          greatest(word_similarity(${folded}, c.folded_en), word_similarity(${folded}, c.folded_fr),
                   word_similarity(${corrected}, c.folded_en), word_similarity(${corrected}, c.folded_fr)) AS closeness
        FROM named c LEFT JOIN categories p ON p.id = c.parent_id
        WHERE c.folded_en LIKE ${like(folded)} OR c.folded_fr LIKE ${like(folded)}
           OR c.folded_en LIKE ${like(corrected)} OR c.folded_fr LIKE ${like(corrected)}
           OR (length(${folded}) >= 4 AND (${folded} <% c.folded_en OR ${folded} <% c.folded_fr))
        ORDER BY closeness DESC, c.parent_id NULLS FIRST, c.item_count DESC, c.id
        LIMIT ${limit}`,
  );
  return found.map(toSearchCategory);
}

/** Terms shown to everyone: they found results and enough distinct visitors searched them (decision 056). */
const suggestable = sql`found_results AND visitors >= ${sql.raw(String(minVisitorsForSuggestion))}`;

export async function frequentSearchTerms(db: Db, limit: number, language?: TextLanguage | undefined) {
  if (language) return frequentSearchTermsIn(db, language, limit, suggestable);
  return (
    await rows(
      db,
      sql`SELECT display, count FROM search_terms WHERE ${suggestable} ORDER BY count DESC, term LIMIT ${limit}`,
    )
  ).map((row) => ({ term: String(row.display), count: Number(row.count) }));
}

export async function termSuggestions(db: Db, state: CatalogState, q: string, limit: number) {
  const folded = foldText(q).trim();
  const words = folded.split(/\s+/);
  const last = words[words.length - 1] ?? '';
  const head = words.slice(0, -1).join(' ');
  // Categories match the typed text or its typo correction ("hydrualic" → "hydraulic").
  const corrected = (await resolveQuery(db, state.words, q))?.corrected ?? folded;
  const like = (text: string) => `%${text.replace(/[%_\\]/g, '')}%`;
  const [terms, completions, cats] = await Promise.all([
    rows(
      db,
      sql`SELECT display FROM search_terms WHERE term LIKE ${`${folded.replace(/[%_\\]/g, '')}%`} AND ${suggestable}
          ORDER BY count DESC, term LIMIT ${limit}`,
    ),
    last.length >= 2
      ? rows(
          db,
          sql`SELECT word FROM search_words WHERE word LIKE ${`${last.replace(/[%_\\]/g, '')}%`} OR (length(${last}) >= 4 AND word % ${last})
              ORDER BY (word LIKE ${`${last.replace(/[%_\\]/g, '')}%`}) DESC, ndoc DESC, word LIMIT ${limit}`,
        )
      : Promise.resolve([]),
    rows(
      db,
      sql`SELECT slug, name_en FROM categories
          WHERE catalog_fold(name_en) LIKE ${like(folded)} OR catalog_fold(name_fr) LIKE ${like(folded)}
            OR catalog_fold(name_en) LIKE ${like(corrected)} OR catalog_fold(name_fr) LIKE ${like(corrected)}
          ORDER BY parent_id NULLS FIRST, position, id LIMIT 3`,
    ),
  ]);
  const seen = new Set<string>();
  const out: { kind: 'term' | 'category'; text: string; slug: string | null }[] = [];
  const push = (kind: 'term' | 'category', text: string, slug: string | null) => {
    const key = `${kind}:${foldText(text)}`;
    if (seen.has(key) || out.length >= limit) return;
    seen.add(key);
    out.push({ kind, text, slug });
  };
  for (const row of terms) push('term', String(row.display), null);
  for (const row of completions) push('term', head ? `${head} ${String(row.word)}` : String(row.word), null);
  for (const row of cats) push('category', String(row.name_en), String(row.slug));
  return out;
}

// ---------------------------------------------------------------- for other modules (through index.ts)

const itemTables = { product: 'products', service: 'services' } as const;

/** The id of an active product or service by numeric id or slug, or 404 (reviews check what they attach to). */
export const resolveActiveItemId = (db: Db, kind: 'product' | 'service', idOrSlug: string) =>
  resolveActiveId(db, itemTables[kind], idOrSlug);

/**
 * Stores an item's rating as the reviews module computed it (on `review.changed`), unless a rating computed
 * later is already stored: deliveries may come late, repeated or out of order, and nothing changes then.
 */
export async function setItemRating(
  db: Db,
  kind: 'product' | 'service',
  itemId: number,
  rating: { ratingAvg: number; ratingCount: number; ratedAt: string },
): Promise<void> {
  await db.execute(
    sql`UPDATE ${sql.raw(itemTables[kind])}
        SET rating_avg = ${rating.ratingAvg}, rating_count = ${rating.ratingCount},
            rating_changed_at = ${rating.ratedAt}::timestamptz
        WHERE id = ${itemId}
          AND (rating_changed_at IS NULL OR rating_changed_at < ${rating.ratedAt}::timestamptz)`,
  );
}

/** Sitemap reads: how many products or services are public, and a stable page of their slugs (by id). */
export async function countPublicItems(db: Db, kind: 'product' | 'service'): Promise<number> {
  const [row] = await rows(
    db,
    sql`SELECT count(*)::int AS n FROM ${sql.raw(itemTables[kind])} WHERE status = 'active'`,
  );
  return Number(row?.n ?? 0);
}

export async function publicItemSlugs(db: Db, kind: 'product' | 'service', offset: number, limit: number) {
  const found = await rows(
    db,
    sql`SELECT slug FROM ${sql.raw(itemTables[kind])} WHERE status = 'active'
        ORDER BY id LIMIT ${Math.floor(limit)} OFFSET ${Math.floor(offset)}`,
  );
  return found.map((row) => ({ slug: String(row.slug), updatedAt: null }));
}
