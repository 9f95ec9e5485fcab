import { z } from 'zod';
import { storefrontCertificationSchema } from './seller-storefront';
import { multilineTextSchema } from './safe-text';
import { centsSchema, pagedSchema, pageQuerySchema } from './common';
import { provinceCodeSchema } from './provinces';
import { productListingTypes } from './routes';

/**
 * Catalogue, sellers, reviews, likes, search, home page and blogs (docs/product.md §3, §7, §9).
 * Bilingual texts travel as `xxxEn` + `xxxFr`; the client picks by language.
 */

export const catalogErrorCodes = [
  'PRODUCT_NOT_FOUND',
  'PRODUCT_NOT_AVAILABLE',
  'SERVICE_NOT_FOUND',
  'SELLER_NOT_FOUND',
  'CATEGORY_NOT_FOUND',
  'BLOG_NOT_FOUND',
  'REVIEW_NOT_FOUND',
  'REVIEW_EXISTS',
  'REVIEW_NOT_OWNER',
  'CLAIM_SERVICE_MAINTENANCE',
  'INVALID_CURSOR',
  'PAGE_OUT_OF_RANGE',
] as const;
export type CatalogErrorCode = (typeof catalogErrorCodes)[number];

export const businessTypes = [
  'manufacturer',
  'supplier',
  'distributor',
  'wholesaler',
  'service-provider',
  'fabricator',
  'contract-manufacturer',
] as const;
export const businessTypeSchema = z.enum(businessTypes);
export type BusinessType = z.infer<typeof businessTypeSchema>;

/** Canadian origin a seller declares (Competition Bureau wording): 98 % content vs last substantial transformation. */
export const productOrigins = ['product-of-canada', 'made-in-canada', 'imported'] as const;
export const productOriginSchema = z.enum(productOrigins);
export type ProductOrigin = z.infer<typeof productOriginSchema>;

export const categoryKinds = ['product', 'service'] as const;
export const categoryKindSchema = z.enum(categoryKinds);
export type CategoryKind = z.infer<typeof categoryKindSchema>;

export const productListingTypeSchema = z.enum(productListingTypes);

export const productSorts = [
  'relevance',
  'popular',
  'bestsellers',
  'newest',
  'price-asc',
  'price-desc',
  'rating',
] as const;
export const productSortSchema = z.enum(productSorts);
export type ProductSort = z.infer<typeof productSortSchema>;

// ---------- categories ----------
export const categorySchema = z.object({
  id: z.string(),
  kind: categoryKindSchema,
  slug: z.string(),
  parentId: z.string().nullable(),
  nameEn: z.string(),
  nameFr: z.string(),
  itemCount: z.number().int().nonnegative(),
});
export type Category = z.infer<typeof categorySchema>;
export const categoryTreeNodeSchema = categorySchema.extend({ children: z.array(categorySchema) });
export type CategoryTreeNode = z.infer<typeof categoryTreeNodeSchema>;
export const categoryListQuerySchema = z.object({ kind: categoryKindSchema.default('product') });
export const categoryTreeResponseSchema = z.object({ items: z.array(categoryTreeNodeSchema) });
export const subCategoryQuerySchema = z.object({
  kind: categoryKindSchema.default('product'),
  parent: z.string().min(1).max(200),
});
export const categoryListResponseSchema = z.object({ items: z.array(categorySchema) });
/** The language of a page's texts: French pages are French, the others English. */
export const textLanguageSchema = z.enum(['en', 'fr']);
export const trackSearchBodySchema = z.object({
  term: z.string().trim().min(1).max(120),
  /** The language of the page the search was made on (counts the term for that language's chips). */
  language: textLanguageSchema.optional(),
});
export const trackCategoryViewBodySchema = z.object({ categoryId: z.string().min(1).max(60) });
export const trackedResponseSchema = z.object({ ok: z.literal(true) });

// ---------- business types ----------
export const businessTypeItemSchema = z.object({
  code: businessTypeSchema,
  nameEn: z.string(),
  nameFr: z.string(),
  sellerCount: z.number().int().nonnegative(),
});
export type BusinessTypeItem = z.infer<typeof businessTypeItemSchema>;
export const businessTypesResponseSchema = z.object({ items: z.array(businessTypeItemSchema) });

// ---------- sellers ----------
export const sellerSummarySchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  businessType: businessTypeSchema,
  province: provinceCodeSchema,
  city: z.string(),
  verified: z.boolean(),
  claimed: z.boolean(),
  logoUrl: z.string(),
  productCount: z.number().int().nonnegative(),
  serviceCount: z.number().int().nonnegative(),
  createdAt: z.string(),
});
export type SellerSummary = z.infer<typeof sellerSummarySchema>;
export const sellerDetailSchema = sellerSummarySchema.extend({
  postalCode: z.string(),
  descriptionEn: z.string(),
  descriptionFr: z.string(),
  yearEstablished: z.number().int(),
  employees: z.string(),
  isSeller: z.boolean(),
  /** False while the storefront is a draft (decision 280): its page answers, with `noindex` (decision 261). */
  listed: z.boolean(),
  /** Storefront details the seller edits (decision 261). */
  bannerUrl: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  website: z.string().nullable(),
  serviceProvinces: z.array(provinceCodeSchema),
  certifications: z.array(storefrontCertificationSchema),
});
export type SellerDetail = z.infer<typeof sellerDetailSchema>;
export const sellerListQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(120).optional(),
  state: provinceCodeSchema.optional(),
  businessType: businessTypeSchema.optional(),
  isVerified: z.enum(['true', 'false']).optional(),
  claimed: z.enum(['true', 'false']).optional(),
  category: z.string().max(200).optional(),
  sort: z.enum(['name', 'newest', 'popular']).default('popular'),
});
export const sellerListResponseSchema = pagedSchema(sellerSummarySchema);
export const claimCategoryWiseResponseSchema = z.object({
  items: z.array(z.object({ category: categorySchema, sellers: z.array(sellerSummarySchema) })),
});
export const randomSellersQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(8),
});
export const sellerItemsResponseSchema = z.object({ items: z.array(sellerSummarySchema) });

// ---------- products ----------
export const priceTierSchema = z.object({
  minQuantity: z.number().int().min(1),
  maxQuantity: z.number().int().min(1).nullable(),
  unitPriceCents: centsSchema,
});
export type PriceTier = z.infer<typeof priceTierSchema>;
/** A labelled value; `valueFr` is the French text of `value` when it has one (units, materials, origins…). */
export const labelValueSchema = z.object({
  labelEn: z.string(),
  labelFr: z.string(),
  value: z.string(),
  valueFr: z.string().optional(),
});
/** A variation; `optionsFr` (same order and length as `options`) when the options have French texts. */
export const variationSchema = z.object({
  nameEn: z.string(),
  nameFr: z.string(),
  options: z.array(z.string()),
  optionsFr: z.array(z.string()).optional(),
});
export const productStatsSchema = z.object({
  views: z.number().int().nonnegative(),
  quotations: z.number().int().nonnegative(),
  accepted: z.number().int().nonnegative(),
  rejected: z.number().int().nonnegative(),
  inProgress: z.number().int().nonnegative(),
  popularityScore: z.number(),
  bestsellerScore: z.number(),
});

export const productCardSchema = z.object({
  id: z.string(),
  slug: z.string(),
  nameEn: z.string(),
  nameFr: z.string(),
  imageUrl: z.string(),
  minPriceCents: centsSchema,
  maxPriceCents: centsSchema,
  minOrderQuantity: z.number().int().min(1),
  unit: z.string(),
  leadDays: z.number().int().nonnegative(),
  deliveryDays: z.number().int().nonnegative(),
  origin: productOriginSchema,
  verified: z.boolean(),
  ratingAvg: z.number().min(0).max(5),
  ratingCount: z.number().int().nonnegative(),
  categorySlug: z.string(),
  subcategorySlug: z.string(),
  seller: z.object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    province: provinceCodeSchema,
    city: z.string(),
    businessType: businessTypeSchema,
    verified: z.boolean(),
  }),
  createdAt: z.string(),
});
export type ProductCard = z.infer<typeof productCardSchema>;

/** The alternative text of each of `images` (same order) when the seller uploaded them; absent for drawings. */
const imageAltsSchema = z.array(z.object({ en: z.string(), fr: z.string() })).optional();

export const productDetailSchema = productCardSchema.extend({
  descriptionEn: z.string(),
  descriptionFr: z.string(),
  images: z.array(z.string()),
  imageAlts: imageAltsSchema,
  priceTiers: z.array(priceTierSchema),
  variations: z.array(variationSchema),
  keyAttributes: z.array(labelValueSchema),
  technicalSpecifications: z.array(labelValueSchema),
  warrantyEn: z.string(),
  warrantyFr: z.string(),
  materialEn: z.string(),
  materialFr: z.string(),
  customizableOptions: z.array(z.object({ nameEn: z.string(), nameFr: z.string() })),
  servicesEn: z.string(),
  servicesFr: z.string(),
  stats: productStatsSchema,
  category: categorySchema,
  subcategory: categorySchema,
  likedByMe: z.boolean(),
  myReviewId: z.string().nullable(),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

const boolString = z.enum(['true', 'false']);
/** base64url text; what it encodes is the server's business (decision 042). */
export const listingCursorSchema = z
  .string()
  .max(300)
  .regex(/^[A-Za-z0-9_-]+$/);
/** Repeated (`?subcategories=a&subcategories=b`) or comma-separated. */
const stringList = z
  .union([z.string().max(2000), z.array(z.string().max(200)).max(50)])
  .transform((value) =>
    (Array.isArray(value) ? value : value.split(',')).map((s) => s.trim()).filter(Boolean),
  )
  .pipe(z.array(z.string().min(1).max(200)).max(50));

/** docs/product.md §3 product filter plus origin, sort, listing type and the page. */
export const productListQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(120).optional(),
  type: productListingTypeSchema.default('all'),
  category: z.string().max(200).optional(),
  subcategories: stringList.optional(),
  businessType: businessTypeSchema.optional(),
  state: provinceCodeSchema.optional(),
  minPrice: z.coerce.number().int().min(0).max(100_000_000_000).optional(),
  maxPrice: z.coerce.number().int().min(0).max(100_000_000_000).optional(),
  isVerified: boolString.optional(),
  deliveryDays: z.coerce.number().int().min(0).max(365).optional(),
  minRating: z.coerce.number().min(0).max(5).optional(),
  minQuantity: z.coerce.number().int().min(1).max(10_000_000).optional(),
  /** Exact star buckets (`ratings=4,5` keeps products whose rounded-down average is 4 or 5). */
  ratings: z
    .union([z.string().max(40), z.array(z.string().max(4)).max(6)])
    .transform((value) =>
      (Array.isArray(value) ? value : value.split(','))
        .map((s) => s.trim())
        .filter(Boolean)
        .map(Number),
    )
    .pipe(z.array(z.number().int().min(0).max(5)).max(6))
    .optional(),
  origin: productOriginSchema.optional(),
  sellerId: z.string().max(60).optional(),
  sort: productSortSchema.optional(),
  /** Opaque keyset position from a previous answer's `nextCursor` / `prevCursor` (decision 042). */
  cursor: listingCursorSchema.optional(),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;
/** Facet counts take the listing's filters; sort and page do not change them. */
export const productFacetsQuerySchema = productListQuerySchema.omit({
  page: true,
  pageSize: true,
  sort: true,
  cursor: true,
});
export type ProductFacetsQuery = z.infer<typeof productFacetsQuerySchema>;

export const facetCountSchema = z.object({ value: z.string(), count: z.number().int().nonnegative() });
export const productFacetsSchema = z.object({
  state: z.array(facetCountSchema),
  businessType: z.array(facetCountSchema),
  origin: z.array(facetCountSchema),
  verified: z.array(facetCountSchema),
  subcategory: z.array(facetCountSchema),
});
export type ProductFacets = z.infer<typeof productFacetsSchema>;

/**
 * What a listing page adds to the one list shape (decision 042): `total` is exact, or, in a large catalogue, an
 * estimate from a fixed 1-in-64 sample rounded to two significant digits (`totalEstimated`); `hasMore` is exact.
 * The cursors continue the listing from this page's last (or first) item, so the next page neither repeats nor
 * skips an item when products are added or removed meanwhile.
 */
const listingPageFields = {
  totalEstimated: z.boolean(),
  hasMore: z.boolean(),
  nextCursor: listingCursorSchema.nullable(),
  prevCursor: listingCursorSchema.nullable(),
  /** The query as searched after typo correction, when it differs. */
  correctedQuery: z.string().nullable(),
};
export const productListResponseSchema = pagedSchema(productCardSchema).extend(listingPageFields);
export type ProductListResponse = z.infer<typeof productListResponseSchema>;
/** Counts per filter value for the filter panel; estimates (×64 the sample) when `totalEstimated`. */
export const listingFacetsResponseSchema = z.object({
  facets: productFacetsSchema,
  total: z.number().int().nonnegative(),
  totalEstimated: z.boolean(),
});
export type ListingFacetsResponse = z.infer<typeof listingFacetsResponseSchema>;
export const productItemsResponseSchema = z.object({ items: z.array(productCardSchema) });
export const productStatsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(12),
});
export const trackViewBodySchema = z.object({ productId: z.string().min(1).max(200) });
export const productStatusKinds = ['quotation', 'accepted', 'rejected', 'in-progress'] as const;
export const trackStatusBodySchema = z.object({
  productId: z.string().min(1).max(200),
  status: z.enum(productStatusKinds),
});

// ---------- services ----------
export const serviceCardSchema = z.object({
  id: z.string(),
  slug: z.string(),
  nameEn: z.string(),
  nameFr: z.string(),
  imageUrl: z.string(),
  startingPriceCents: centsSchema,
  priceUnit: z.string(),
  turnaroundDays: z.number().int().nonnegative(),
  verified: z.boolean(),
  ratingAvg: z.number().min(0).max(5),
  ratingCount: z.number().int().nonnegative(),
  categorySlug: z.string(),
  subcategorySlug: z.string(),
  seller: productCardSchema.shape.seller,
  createdAt: z.string(),
});
export type ServiceCard = z.infer<typeof serviceCardSchema>;
export const serviceDetailSchema = serviceCardSchema.extend({
  descriptionEn: z.string(),
  descriptionFr: z.string(),
  images: z.array(z.string()),
  imageAlts: imageAltsSchema,
  capabilities: z.array(labelValueSchema),
  serviceAreaEn: z.string(),
  serviceAreaFr: z.string(),
  certifications: z.array(z.string()),
  stats: productStatsSchema,
  category: categorySchema,
  subcategory: categorySchema,
  likedByMe: z.boolean(),
  myReviewId: z.string().nullable(),
});
export type ServiceDetail = z.infer<typeof serviceDetailSchema>;
export const serviceListQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(120).optional(),
  category: z.string().max(200).optional(),
  subcategories: stringList.optional(),
  businessType: businessTypeSchema.optional(),
  state: provinceCodeSchema.optional(),
  /** Starting price in cents (`starting_price_cents`), like the products' `min_price_cents`. */
  minPrice: z.coerce.number().int().min(0).max(100_000_000_000).optional(),
  maxPrice: z.coerce.number().int().min(0).max(100_000_000_000).optional(),
  isVerified: boolString.optional(),
  /** Turnaround within this many days (same name as the products' filter so the URL and panel are shared). */
  deliveryDays: z.coerce.number().int().min(0).max(365).optional(),
  minRating: z.coerce.number().min(0).max(5).optional(),
  sellerId: z.string().max(60).optional(),
  sort: z
    .enum(['relevance', 'popular', 'bestsellers', 'newest', 'price-asc', 'price-desc', 'rating'])
    .optional(),
  cursor: listingCursorSchema.optional(),
});
export type ServiceListQuery = z.infer<typeof serviceListQuerySchema>;
/** Service facets: the products' shape; `origin` stays empty (services have no origin). */
export const serviceFacetsQuerySchema = serviceListQuerySchema.omit({
  page: true,
  pageSize: true,
  sort: true,
  cursor: true,
});
export type ServiceFacetsQuery = z.infer<typeof serviceFacetsQuerySchema>;
export const serviceListResponseSchema = pagedSchema(serviceCardSchema).extend(listingPageFields);
export type ServiceListResponse = z.infer<typeof serviceListResponseSchema>;

// ---------- likes (wishlist) ----------
export const toggleLikeBodySchema = z.object({ productId: z.string().min(1).max(200) });
export const toggleServiceLikeBodySchema = z.object({ serviceId: z.string().min(1).max(200) });
export const toggleLikeResponseSchema = z.object({ liked: z.boolean() });
export const likedProductsResponseSchema = pagedSchema(productCardSchema);
export const likedServicesResponseSchema = pagedSchema(serviceCardSchema);

// ---------- reviews ----------
export const reviewSchema = z.object({
  id: z.string(),
  rating: z.number().int().min(1).max(5),
  comment: z.string().nullable(),
  authorName: z.string(),
  mine: z.boolean(),
  createdAt: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;
export const reviewListQuerySchema = pageQuerySchema.extend({ productId: z.string().min(1).max(200) });
export const serviceReviewListQuerySchema = pageQuerySchema.extend({ serviceId: z.string().min(1).max(200) });
export const reviewListResponseSchema = pagedSchema(reviewSchema).extend({
  ratingAvg: z.number().min(0).max(5),
  ratingCount: z.number().int().nonnegative(),
});
export const addReviewBodySchema = z.object({
  productId: z.string().min(1).max(200),
  rating: z.number().int().min(1).max(5),
  comment: multilineTextSchema({ max: 2000 }).optional(),
});
export type AddReviewBody = z.infer<typeof addReviewBodySchema>;
export const addServiceReviewBodySchema = z.object({
  serviceId: z.string().min(1).max(200),
  rating: z.number().int().min(1).max(5),
  comment: multilineTextSchema({ max: 2000 }).optional(),
});

// ---------- search ----------
export const searchKinds = ['all', 'products', 'services', 'sellers', 'categories', 'blogs'] as const;
export type SearchKind = (typeof searchKinds)[number];
export const searchQuerySchema = z.object({
  q: z.string().trim().min(1).max(120),
  type: z.enum(searchKinds).default('all'),
  limit: z.coerce.number().int().min(1).max(50).default(8),
});
export const blogCardSchema = z.object({
  id: z.string(),
  slug: z.string(),
  titleEn: z.string(),
  titleFr: z.string(),
  excerptEn: z.string(),
  excerptFr: z.string(),
  category: z.string(),
  coverUrl: z.string(),
  readingMinutes: z.number().int().min(1),
  publishedAt: z.string(),
});
export type BlogCard = z.infer<typeof blogCardSchema>;
/** A category found by the search, with its parent's slug so the result links to its listing. */
export const searchCategorySchema = categorySchema.extend({ parentSlug: z.string().nullable() });
export type SearchCategory = z.infer<typeof searchCategorySchema>;
/**
 * One search for everything: each group is the first `limit` items of its own listing asked with the
 * same `q` (`/products?q=`, `/services?q=`, `/sellers?q=`, `/blogs?q=`), so a group's "see all" shows them again.
 */
export const searchResponseSchema = z.object({
  query: z.string(),
  correctedQuery: z.string().nullable(),
  products: z.array(productCardSchema),
  services: z.array(serviceCardSchema),
  sellers: z.array(sellerSummarySchema),
  categories: z.array(searchCategorySchema),
  blogs: z.array(blogCardSchema),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
export const suggestionsQuerySchema = z.object({
  q: z.string().trim().min(1).max(120),
  limit: z.coerce.number().int().min(1).max(20).default(8),
});
export const suggestionSchema = z.object({
  kind: z.enum(['term', 'product', 'category', 'seller']),
  text: z.string(),
  slug: z.string().nullable(),
});
export const suggestionsResponseSchema = z.object({ items: z.array(suggestionSchema) });
export const frequentTermsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(30).default(10),
  /** Only the terms searched on pages in this language (the landing's chips); all languages when absent. */
  language: textLanguageSchema.optional(),
});
export const frequentTermsResponseSchema = z.object({
  items: z.array(z.object({ term: z.string(), count: z.number().int().nonnegative() })),
});

// ---------- home page and blogs ----------
export const heroSettingsSchema = z.object({
  titleEn: z.string(),
  titleFr: z.string(),
  subtitleEn: z.string(),
  subtitleFr: z.string(),
  ctaLabelEn: z.string(),
  ctaLabelFr: z.string(),
  ctaPath: z.string(),
  imageUrl: z.string(),
});
export const landingFeatureSchema = z.object({
  id: z.string(),
  icon: z.string(),
  titleEn: z.string(),
  titleFr: z.string(),
  bodyEn: z.string(),
  bodyFr: z.string(),
  position: z.number().int(),
});
export const landingFeaturesResponseSchema = z.object({ items: z.array(landingFeatureSchema) });
export const recentSellersQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(8),
});
export const blogListQuerySchema = pageQuerySchema.extend({
  category: z.string().max(60).optional(),
  /** Typo-tolerant text over the posts' titles (the search's "see all" for blog posts). */
  q: z.string().trim().max(120).optional(),
});
export const blogListResponseSchema = pagedSchema(blogCardSchema);
export const blogDetailSchema = blogCardSchema.extend({ bodyEn: z.string(), bodyFr: z.string() });
export type BlogDetail = z.infer<typeof blogDetailSchema>;
