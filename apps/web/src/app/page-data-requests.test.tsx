import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageDataKey, pageDataRequests } from '@maplesource/contracts/page-data';
import { renderApp } from '../test/render';
import {
  jsonResponse,
  listingPageFixture,
  notFoundResponse,
  productCardFixture,
  productDetailFixture,
} from '../test/catalog-fixtures';

/**
 * The server answers `pageDataRequests(page)` into the page's HTML (decision 044); that only saves a round trip
 * while the app still makes exactly those requests. These fail when a screen changes what it asks for first.
 */
const product = productCardFixture();

function recordRequests() {
  // Every landing section as if on screen (the popular categories are near the first screen on a phone).
  vi.stubGlobal('IntersectionObserver', undefined);
  const keys = new Set<string>();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      const key = pageDataKey(`${url.pathname.replace(/^\/api\/v1\//, '')}${url.search}`);
      keys.add(key);
      if (key.startsWith(`product/${product.slug}`)) return jsonResponse(productDetailFixture(product));
      if (key.startsWith('product?') || key.startsWith('service?'))
        return jsonResponse(listingPageFixture([]));
      return notFoundResponse();
    }),
  );
  return keys;
}

afterEach(() => vi.unstubAllGlobals());

describe('page data requests match what the pages ask for', () => {
  it.each([
    '/',
    '/fr',
    '/products',
    '/services',
    '/fr/products',
    `/productdetails/${product.slug}`,
    '/blogs',
    '/fr/blogs',
  ])('%s', async (path) => {
    const keys = recordRequests();
    renderApp(path);
    await screen.findByRole('heading', { level: 1 });
    const expected = pageDataRequests(path).map(pageDataKey);
    expect(expected.length).toBeGreaterThan(0);
    for (const key of expected) await vi.waitFor(() => expect([...keys]).toContain(key));
  });
});
