import { sql, type SQL } from 'drizzle-orm';
import type {
  ProductCard,
  ProductListQuery,
  ProductListingType,
  ProductSort,
  ServiceCard,
} from '@maplesource/contracts';
import { pageDataRequests } from '@maplesource/contracts/page-data';
import type { ListingOrder } from './listing-engine';
import { isProductOrigin, originFilterMembers, type ProductOrigin } from './origin-filter';

/**
 * SQL of the catalogue listings (decision 040). Filters only touch `products` columns (seller province,
 * business type are copied there) so one index on the chosen order plus the GIN text index serve a page; the
 * cards' seller fields come from the catalogue's copy of them (`catalog_seller_cards`, decision 110).
 */

export const productCardColumns = sql`
  p.id, p.slug, p.name_en, p.name_fr, p.min_price_cents, p.max_price_cents, p.min_order_quantity, p.unit,
  p.lead_days, p.delivery_days, p.origin, p.verified, p.rating_avg, p.rating_count, p.created_at,
  p.images->0->>'url' AS main_image_url, c.slug AS category_slug, sc.slug AS subcategory_slug,
  s.seller_id, s.slug AS seller_slug, s.name AS seller_name, s.province AS seller_province,
  s.city AS seller_city, s.business_type AS seller_business_type, s.verified AS seller_verified`;

/**
 * A product card's own columns, without its joins: the in-process index holds them for every active product and
 * adds the seller's (`sellerCardColumns`) and the categories' slugs at answer time (decision 345). Together they are
 * `productCardColumns`.
 */
export const productCardOwnColumns = sql`
  p.id, p.slug, p.name_en, p.name_fr, p.min_price_cents, p.max_price_cents, p.min_order_quantity, p.unit,
  p.lead_days, p.delivery_days, p.origin, p.verified, p.rating_avg, p.rating_count, p.created_at,
  p.images->0->>'url' AS main_image_url, p.seller_id, p.category_id, p.subcategory_id, p.status = 'active' AS active`;

/** A card's seller columns (`catalog_seller_cards s`), as `productCardColumns` names them. */
export const sellerCardColumns = sql`
  s.seller_id, s.slug AS seller_slug, s.name AS seller_name, s.province AS seller_province,
  s.city AS seller_city, s.business_type AS seller_business_type, s.verified AS seller_verified`;

/** A card's seller comes from the catalogue's own copy (`catalog_seller_cards`, decision 110). */
export const productCardJoins = sql`
  JOIN catalog_seller_cards s ON s.seller_id = p.seller_id
  JOIN categories c ON c.id = p.category_id
  JOIN categories sc ON sc.id = p.subcategory_id`;

type Row = Record<string, unknown>;
const iso = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString();

export const productImageUrl = (id: number | string, n = 0) => `/api/v1/media/product/${id}/${n}.svg`;
export const serviceImageUrl = (id: number | string, n = 0) => `/api/v1/media/service/${id}/${n}.svg`;
export const sellerLogoUrl = (id: number | string) => `/api/v1/media/seller/${id}.svg`;

/**
 * `<head>` links for a catalogue page: a product page's first image is its largest paint, and its slug ends with
 * the id (`<name>-<id>`, decision 040), so the HTML can start loading it before the app asks for the product
 * (decision 041). Nothing for other paths.
 */
export function catalogPageLinks(pathname: string): string {
  const product = /^\/productdetails\/[^/]*-(\d{1,15})\/?$/.exec(pathname);
  if (product)
    return `<link rel="preload" as="image" href="${productImageUrl(product[1]!)}" fetchpriority="high">`;
  return '';
}

const ownImageUrl = /^\/api\/v1\/media\/(?:product|service)\/\d+\/\d+\.svg$/;

/**
 * Preloads for a bare listing's first two card images (decision 044), sent with the page's data: they are the
 * listing's largest paint, and the browser can fetch them before the app has rendered the cards. Only our own
 * media addresses are linked. Nothing for other pages.
 */
export function catalogPageDataLinks(pathname: string) {
  const listing = pageDataRequests(pathname).find((request) => /^(?:product|service)\?/.test(request));
  if (!listing) return undefined;
  return (answerOf: (pathAndQuery: string) => unknown) => {
    const items = (answerOf(listing) as { items?: { imageUrl?: unknown }[] } | undefined)?.items ?? [];
    return items
      .slice(0, 2)
      .map((item) => item.imageUrl)
      .filter((url): url is string => typeof url === 'string' && ownImageUrl.test(url))
      .map((url) => `<link rel="preload" as="image" href="${url}" fetchpriority="high">`)
      .join('');
  };
}

function sellerOf(row: Row): ProductCard['seller'] {
  return {
    id: String(row.seller_id),
    slug: String(row.seller_slug),
    name: String(row.seller_name),
    province: row.seller_province as ProductCard['seller']['province'],
    city: String(row.seller_city),
    businessType: row.seller_business_type as ProductCard['seller']['businessType'],
    verified: Boolean(row.seller_verified),
  };
}

export function toProductCard(row: Row): ProductCard {
  return {
    id: String(row.id),
    slug: String(row.slug),
    nameEn: String(row.name_en),
    nameFr: String(row.name_fr),
    imageUrl: typeof row.main_image_url === 'string' ? row.main_image_url : productImageUrl(String(row.id)),
    minPriceCents: Number(row.min_price_cents),
    maxPriceCents: Number(row.max_price_cents),
    minOrderQuantity: Number(row.min_order_quantity),
    unit: String(row.unit),
    leadDays: Number(row.lead_days),
    deliveryDays: Number(row.delivery_days),
    origin: row.origin as ProductCard['origin'],
    verified: Boolean(row.verified),
    ratingAvg: Number(row.rating_avg),
    ratingCount: Number(row.rating_count),
    categorySlug: String(row.category_slug),
    subcategorySlug: String(row.subcategory_slug),
    seller: sellerOf(row),
    createdAt: iso(row.created_at),
  };
}

export const serviceCardColumns = sql`
  p.id, p.slug, p.name_en, p.name_fr, p.starting_price_cents, p.price_unit, p.turnaround_days, p.verified,
  p.rating_avg, p.rating_count, p.created_at, p.images->0->>'url' AS main_image_url, c.slug AS category_slug,
  sc.slug AS subcategory_slug,
  s.seller_id, s.slug AS seller_slug, s.name AS seller_name, s.province AS seller_province,
  s.city AS seller_city, s.business_type AS seller_business_type, s.verified AS seller_verified`;

export function toServiceCard(row: Row): ServiceCard {
  return {
    id: String(row.id),
    slug: String(row.slug),
    nameEn: String(row.name_en),
    nameFr: String(row.name_fr),
    imageUrl: typeof row.main_image_url === 'string' ? row.main_image_url : serviceImageUrl(String(row.id)),
    startingPriceCents: Number(row.starting_price_cents),
    priceUnit: String(row.price_unit),
    turnaroundDays: Number(row.turnaround_days),
    verified: Boolean(row.verified),
    ratingAvg: Number(row.rating_avg),
    ratingCount: Number(row.rating_count),
    categorySlug: String(row.category_slug),
    subcategorySlug: String(row.subcategory_slug),
    seller: sellerOf(row),
    createdAt: iso(row.created_at),
  };
}

const list = (values: readonly (string | number)[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

export interface ProductFilterInput extends Omit<
  ProductListQuery,
  'page' | 'pageSize' | 'type' | 'cursor' | 'sort' | 'ratings'
> {
  ratings?: number[] | undefined;
  tsquery?: string | null | undefined;
  /** The selective part of `tsquery` for the GIN index, when it differs (ResolvedQuery.indexTsquery). */
  indexTsquery?: string | null | undefined;
  /** `suggested`: restrict to these subcategories (from the user's history). */
  suggestedSubcategoryIds?: number[] | undefined;
}

const deliveryThresholds = [2, 3, 5, 7, 10, 14];
/** The search_doc token of each stored origin (migration 0201/0202). */
const originTokens: Record<ProductOrigin, string> = {
  'made-in-canada': '0fomic',
  'product-of-canada': '0fopoc',
  imported: '0foimp',
};

/**
 * How the text condition is written (decision 040):
 * - `gin`: text AND the equality-filter tokens (migration 0201/0202) in one GIN condition; column checks kept.
 *   Best when the words are rare: the index returns few rows.
 * - `walk`: the text is checked per row (`IS TRUE` keeps it out of the index), so the planner walks a
 *   btree in the requested order (e.g. province, verified, popularity) and stops after one page.
 *   Best when the words are frequent.
 * - `count`: like `gin`, but filters covered by tokens (active status, province, verified, origin, business
 *   type, delivery threshold) are not repeated as column checks, so a count can skip the heap.
 */
export type TextMode = 'gin' | 'walk' | 'count';

function filterTokens(
  filter: ProductFilterInput,
  forCount: boolean,
): { tokens: string[]; covered: Set<string> } {
  const tokens: string[] = [];
  const covered = new Set<string>();
  const add = (token: string, key: string) => {
    tokens.push(token);
    covered.add(key);
  };
  if (filter.state) add(`0fp${filter.state.toLowerCase()}`, 'state');
  if (filter.isVerified !== undefined) add(filter.isVerified === 'true' ? '0fv1' : '0fv0', 'isVerified');
  if (filter.origin && isProductOrigin(filter.origin)) {
    add(
      `(${originFilterMembers[filter.origin].map((origin) => originTokens[origin]).join(' | ')})`,
      'origin',
    );
  }
  if (filter.businessType) add(`0fb${filter.businessType.replace(/-/g, '')}`, 'businessType');
  // Only selective delivery thresholds: GIN pays for decoding long posting lists (the active-status token,
  // present on almost every row, is left to the column check for the same reason).
  if (forCount && filter.deliveryDays !== undefined && deliveryThresholds.includes(filter.deliveryDays)) {
    if (filter.deliveryDays <= 5) add(`0fd${filter.deliveryDays}`, 'deliveryDays');
  }
  return { tokens, covered };
}

/**
 * The whole text checked on the rows a GIN condition found with its selective part (decision 180); `IS TRUE`
 * keeps it out of the index.
 */
export const textRecheck = (alias: SQL, tsquery: string) =>
  sql`(${alias}.search_doc @@ to_tsquery('simple', ${tsquery})) IS TRUE`;

/** WHERE conditions of the product filter (docs/product.md §3 + origin). Documented rules: decision 040. */
export function productConditions(filter: ProductFilterInput, mode: TextMode = 'gin', alias = 'p'): SQL[] {
  const a = sql.raw(alias);
  const where: SQL[] = [];
  let covered = new Set<string>();
  if (filter.tsquery && mode === 'walk') {
    where.push(textRecheck(a, filter.tsquery));
  } else if (filter.tsquery) {
    const found = filterTokens(filter, mode === 'count');
    if (mode === 'count') covered = found.covered;
    const indexed = filter.indexTsquery ?? filter.tsquery;
    const text = found.tokens.length > 0 ? `${indexed} & ${found.tokens.join(' & ')}` : indexed;
    where.push(sql`${a}.search_doc @@ to_tsquery('simple', ${text})`);
    if (filter.indexTsquery) where.push(textRecheck(a, filter.tsquery));
  }
  if (!covered.has('status')) where.push(sql`${a}.status = 'active'`);
  if (filter.category) {
    where.push(
      sql`${a}.category_id = (SELECT id FROM categories WHERE kind = 'product' AND slug = ${filter.category})`,
    );
  }
  if (filter.subcategories && filter.subcategories.length > 0) {
    where.push(
      sql`${a}.subcategory_id IN (SELECT id FROM categories WHERE kind = 'product' AND slug IN (${list(filter.subcategories)}))`,
    );
  }
  if (filter.suggestedSubcategoryIds && filter.suggestedSubcategoryIds.length > 0) {
    where.push(sql`${a}.subcategory_id IN (${list(filter.suggestedSubcategoryIds)})`);
  }
  if (filter.businessType && !covered.has('businessType'))
    where.push(sql`${a}.business_type = ${filter.businessType}`);
  if (filter.state && !covered.has('state')) where.push(sql`${a}.province = ${filter.state}`);
  if (filter.minPrice !== undefined) where.push(sql`${a}.min_price_cents >= ${filter.minPrice}`);
  if (filter.maxPrice !== undefined) where.push(sql`${a}.min_price_cents <= ${filter.maxPrice}`);
  if (filter.isVerified !== undefined && !covered.has('isVerified')) {
    where.push(sql`${a}.verified = ${filter.isVerified === 'true'}`);
  }
  if (filter.deliveryDays !== undefined && !covered.has('deliveryDays')) {
    where.push(sql`${a}.delivery_days <= ${filter.deliveryDays}`);
  }
  if (filter.minRating !== undefined) where.push(sql`${a}.rating_avg >= ${filter.minRating}`);
  if (filter.minQuantity !== undefined) where.push(sql`${a}.min_order_quantity <= ${filter.minQuantity}`);
  if (filter.ratings && filter.ratings.length > 0) {
    where.push(sql`floor(${a}.rating_avg)::int IN (${list(filter.ratings)})`);
  }
  if (!covered.has('origin') && filter.origin && isProductOrigin(filter.origin)) {
    where.push(sql`${a}.origin IN (${list(originFilterMembers[filter.origin])})`);
  }
  if (filter.sellerId !== undefined) where.push(sellerCondition(a, filter.sellerId));
  return where;
}

/** The sort a listing type implies when the request names none (docs/product.md §9, decision 040). */
export function effectiveSort(
  type: ProductListingType,
  sort: ProductSort | undefined,
  hasText: boolean,
): ProductSort {
  if (sort) return sort;
  switch (type) {
    case 'popular':
    case 'suggested':
      return 'popular';
    case 'bestsellers':
      return 'bestsellers';
    case 'new-arrivals':
      return 'newest';
    case 'recommended':
      return 'rating';
    default:
      return hasText ? 'relevance' : 'popular';
  }
}

const popularity: Omit<ListingOrder, 'name'> = {
  column: 'popularity_score',
  type: 'double precision',
  direction: 'DESC',
};
/** Each sort's order (decision 040); every order ends with the unique id. Relevance = stored popularity. */
export const productOrders: Record<ProductSort, ListingOrder> = {
  relevance: { name: 'relevance', ...popularity },
  popular: { name: 'popular', ...popularity },
  bestsellers: {
    name: 'bestsellers',
    column: 'bestseller_score',
    type: 'double precision',
    direction: 'DESC',
  },
  newest: { name: 'newest', column: 'created_at', type: 'timestamptz', direction: 'DESC' },
  'price-asc': { name: 'price-asc', column: 'min_price_cents', type: 'bigint', direction: 'ASC' },
  'price-desc': { name: 'price-desc', column: 'min_price_cents', type: 'bigint', direction: 'DESC' },
  rating: { name: 'rating', column: 'rating_avg', type: 'double precision', direction: 'DESC' },
};
/** Services sort the same ways, on their starting price. */
export const serviceOrders: Record<ProductSort, ListingOrder> = {
  ...productOrders,
  'price-asc': { name: 'price-asc', column: 'starting_price_cents', type: 'bigint', direction: 'ASC' },
  'price-desc': { name: 'price-desc', column: 'starting_price_cents', type: 'bigint', direction: 'DESC' },
};

/** ORDER BY of a listing order. */
export function orderBy(order: ListingOrder, alias = 'p'): SQL {
  const dir = sql.raw(order.direction);
  return sql`${sql.raw(`${alias}.${order.column}`)} ${dir}, ${sql.raw(alias)}.id ${dir}`;
}

/**
 * `sellerId` filter: a numeric id or a seller's slug (a slug used to reach PostgreSQL as NaN → 500).
 * Anything else simply matches no seller.
 */
export function sellerCondition(alias: SQL | string, sellerId: string): SQL {
  const column = typeof alias === 'string' ? sql.raw(`${alias}.seller_id`) : sql`${alias}.seller_id`;
  return /^\d{1,15}$/.test(sellerId)
    ? sql`${column} = ${Number(sellerId)}`
    : sql`${column} = (SELECT s.seller_id FROM catalog_seller_cards s WHERE s.slug = ${sellerId})`;
}
