import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageDataFollowUps, pageDataKey, pageDataRequests } from '@maplesource/contracts/page-data';
import { renderApp } from '../test/render';
import {
  jsonResponse,
  listingPageFixture,
  notFoundResponse,
  productCardFixture,
  productDetailFixture,
  sellerDetailFixture,
  serviceCardFixture,
} from '../test/catalog-fixtures';

/**
 * The server answers `pageDataRequests(page)` into the page's HTML (decision 044); that only saves a round trip
 * while the app still makes exactly those requests. These fail when a screen changes what it asks for first.
 */
const product = productCardFixture();
const service = serviceCardFixture();
const serviceDetail = {
  ...service,
  descriptionEn: 'Flatbed loads across the Maritimes.',
  descriptionFr: 'Chargements sur plateau dans les Maritimes.',
  images: ['/api/v1/media/service/31/0.svg'],
  serviceAreaEn: 'Atlantic Canada',
  serviceAreaFr: 'Canada atlantique',
  certifications: [],
  likedByMe: false,
  myReviewId: null,
};
const sellerDetail = (productCount: number, serviceCount: number) =>
  sellerDetailFixture({
    id: '12',
    name: 'Acme Metals',
    logoUrl: '/api/v1/media/seller/12.svg',
    productCount,
    serviceCount,
  });
const blogCard = {
  id: '5',
  slug: 'sourcing-extrusions',
  titleEn: 'Sourcing extrusions',
  titleFr: 'Acheter des profilés',
  excerptEn: 'How to.',
  excerptFr: 'Comment.',
  coverUrl: '/api/v1/media/blog/5.svg',
  category: 'sourcing',
  readingMinutes: 4,
  publishedAt: '2025-05-01T12:00:00.000Z',
};

/** The answers the fake API gives: the page's requests and the follow-ups computed from them. */
function answers(shopProducts: number): (key: string) => unknown {
  return (key) => {
    if (key.startsWith(`product/${product.slug}`)) return productDetailFixture(product);
    if (key === `service/${service.slug}`) return serviceDetail;
    if (key === 'seller/acme') return sellerDetail(shopProducts, 2);
    if (key === `blogs/${blogCard.slug}`) return { ...blogCard, bodyEn: 'Body.', bodyFr: 'Corps.' };
    if (key.startsWith('blogs?')) return listingPageFixture([blogCard]);
    if (key.startsWith('product?') || key.startsWith('service?') || key.startsWith('seller?'))
      return listingPageFixture([]);
    return undefined;
  };
}

function recordRequests(answerOf: (key: string) => unknown) {
  // Every landing section as if on screen (the popular categories are near the first screen on a phone).
  vi.stubGlobal('IntersectionObserver', undefined);
  const keys = new Set<string>();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      const key = pageDataKey(`${url.pathname.replace(/^\/api\/v1\//, '')}${url.search}`);
      keys.add(key);
      const body = answerOf(key);
      return body === undefined ? notFoundResponse() : jsonResponse(body);
    }),
  );
  return keys;
}

afterEach(() => vi.unstubAllGlobals());

describe('page data requests match what the pages ask for', () => {
  it.each([
    ['/', 1],
    ['/fr', 1],
    ['/products', 1],
    ['/services', 1],
    ['/fr/products', 1],
    [`/productdetails/${product.slug}`, 1],
    ['/blogs', 1],
    ['/fr/blogs', 1],
    [`/service/${service.slug}`, 1],
    [`/fr/service/${service.slug}`, 1],
    ['/seller/acme', 1],
    // A shop with services only opens on its services: the follow-ups are the service listing's.
    ['/seller/acme', 0],
    ['/sellers', 1],
    ['/fr/sellers', 1],
    [`/blog/${blogCard.slug}`, 1],
  ])('%s (a shop with %i products)', async (path, shopProducts) => {
    const answerOf = answers(shopProducts);
    const keys = recordRequests(answerOf);
    renderApp(path);
    await screen.findByRole('heading', { level: 1 });
    const first = pageDataRequests(path);
    const expected = [...first, ...pageDataFollowUps(path, '', answerOf)].map(pageDataKey);
    expect(first.length).toBeGreaterThan(0);
    for (const key of expected) await vi.waitFor(() => expect([...keys]).toContain(key));
  });

  it('follows up with what the first answers name', () => {
    const keysOf = (path: string, shopProducts = 1) =>
      pageDataFollowUps(path, '', answers(shopProducts)).map(pageDataKey);
    expect(keysOf('/seller/acme')).toEqual([
      'category?kind=product',
      'product?page=1&pageSize=24&sellerId=12',
      'product/facets?sellerId=12',
    ]);
    expect(keysOf('/seller/acme', 0)).toEqual([
      'category?kind=service',
      'service?page=1&pageSize=24&sellerId=12',
      'service/facets?sellerId=12',
    ]);
    expect(keysOf(`/service/${service.slug}`)).toEqual(['service-review?page=1&pageSize=10&serviceId=31']);
    // `/blog` is short enough to be a prefix: the SEO lookup is tried again without it (docs/product.md §2).
    expect(keysOf(`/blog/${blogCard.slug}`)).toEqual([
      `seo/by-path?optional=1&path=%2F${blogCard.slug}`,
      'blogs?category=sourcing&page=1&pageSize=4',
    ]);
    // Nothing that depends on a missing first answer; nothing for pages without page data.
    expect(keysOf('/seller/gone')).toEqual([]);
    expect(pageDataFollowUps('/products', '?state=ON', answers(1))).toEqual([]);
  });
});
