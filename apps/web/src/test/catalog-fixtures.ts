import type { ProductCard, SellerDetail, SellerSummary, ServiceCard } from '@maplesource/contracts/catalog';

/** Shared fixtures for web tests of catalogue screens: API answers shaped as the contracts say. */

export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const notFoundResponse = () => jsonResponse({ error: { code: 'NOT_FOUND', message: 'x' } }, 404);

export const sellerFixture = {
  id: '1',
  slug: 'acme',
  name: 'Acme Metal Inc.',
  province: 'ON',
  city: 'Toronto',
  businessType: 'manufacturer',
  verified: true,
} satisfies ProductCard['seller'];

export function productCardFixture(overrides: Partial<ProductCard> = {}): ProductCard {
  const id = overrides.id ?? '7';
  return {
    id,
    slug: `custom-aluminum-extrusion-${id}`,
    nameEn: 'Custom Aluminum Extrusion',
    nameFr: 'Extrusion d’aluminium sur mesure',
    imageUrl: `/api/v1/media/product/${id}/0.svg`,
    minPriceCents: 1850,
    maxPriceCents: 2200,
    minOrderQuantity: 10,
    unit: 'metre',
    leadDays: 5,
    deliveryDays: 3,
    origin: 'made-in-canada',
    verified: true,
    ratingAvg: 4.5,
    ratingCount: 2,
    categorySlug: 'metal-fabrication',
    subcategorySlug: 'aluminum-extrusions',
    seller: sellerFixture,
    createdAt: '2025-05-01T12:00:00.000Z',
    ...overrides,
  };
}

export function sellerSummaryFixture(overrides: Partial<SellerSummary> = {}): SellerSummary {
  return {
    ...sellerFixture,
    claimed: true,
    logoUrl: '/api/v1/media/seller/1.svg',
    productCount: 3,
    serviceCount: 0,
    createdAt: '2025-05-01T12:00:00.000Z',
    ...overrides,
  };
}

/** `GET seller/{slug}`: a storefront's detail, on `sellerSummaryFixture` (no banner, contacts or provinces). */
export function sellerDetailFixture(overrides: Partial<SellerDetail> = {}): SellerDetail {
  return {
    ...sellerSummaryFixture(),
    postalCode: 'M5V 2T6',
    descriptionEn: 'Extrusions.',
    descriptionFr: 'Extrusions.',
    yearEstablished: 1998,
    employees: '11-50',
    isSeller: true,
    listed: true,
    bannerUrl: null,
    contactEmail: null,
    contactPhone: null,
    website: null,
    serviceProvinces: [],
    certifications: [],
    ...overrides,
  };
}

/** A service card as `GET service` lists it: flatbed trucking by `sellerFixture`. */
export function serviceCardFixture(overrides: Partial<ServiceCard> = {}): ServiceCard {
  return {
    id: '31',
    slug: 'flatbed-trucking-halifax-31',
    nameEn: 'Flatbed trucking',
    nameFr: 'Transport par plateau',
    imageUrl: '/api/v1/media/service/31/0',
    startingPriceCents: 90_000,
    priceUnit: 'project',
    turnaroundDays: 3,
    verified: true,
    ratingAvg: 0,
    ratingCount: 0,
    categorySlug: 'logistics',
    subcategorySlug: 'trucking',
    seller: sellerFixture,
    createdAt: '2025-05-01T12:00:00.000Z',
    ...overrides,
  };
}

/** `GET product` / `GET service`: one exact page holding `items`, unless overridden. */
export function listingPageFixture<T>(items: T[], overrides: Record<string, unknown> = {}) {
  return {
    items,
    total: items.length,
    totalEstimated: false,
    page: 1,
    pageSize: 24,
    hasMore: false,
    nextCursor: null,
    prevCursor: null,
    correctedQuery: null,
    ...overrides,
  };
}

/** A category as `GET category` answers it. */
export const categoryFixture = (
  id: string,
  slug: string,
  nameEn: string,
  parentId: string | null = null,
) => ({
  id,
  kind: 'product',
  slug,
  parentId,
  nameEn,
  nameFr: `${nameEn} (fr)`,
  itemCount: 3,
});
/** `GET product/{id}`: the detail of `card`. */
export function productDetailFixture(card: ProductCard = productCardFixture()) {
  return {
    ...card,
    descriptionEn: 'T-slot profile.',
    descriptionFr: 'Profilé en T.',
    images: ['/api/v1/media/product/7/0.svg'],
    priceTiers: [{ minQuantity: 10, maxQuantity: null, unitPriceCents: 1850 }],
    variations: [],
    keyAttributes: [],
    technicalSpecifications: [],
    warrantyEn: '1 year',
    warrantyFr: '1 an',
    materialEn: '6063 aluminum',
    materialFr: 'Aluminium 6063',
    customizableOptions: [],
    servicesEn: '',
    servicesFr: '',
    stats: {
      views: 1,
      quotations: 0,
      accepted: 0,
      rejected: 0,
      inProgress: 0,
      popularityScore: 1,
      bestsellerScore: 0,
    },
    category: categoryFixture('1', 'metal-fabrication', 'Metal Fabrication'),
    subcategory: categoryFixture('2', 'aluminum-extrusions', 'Aluminum Extrusions', '1'),
    likedByMe: false,
    myReviewId: null,
  };
}
