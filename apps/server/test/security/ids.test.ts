import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedTestCatalog, type TestApp } from '../helpers';

/**
 * Issue 14 / decision 057: a non-numeric id where a number is stored (`/product?sellerId=<slug>`) answered 500.
 * `sellerId` now accepts a seller's numeric id or its slug; anything else matches nothing.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedTestCatalog(t, 120);
}, 120_000);
afterAll(async () => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { role: 'buyer' } });

describe('seller ids in listings', () => {
  it.each(['/api/v1/product', '/api/v1/product/facets', '/api/v1/service', '/api/v1/service/facets'])(
    '%s?sellerId= accepts an id or a slug, and never answers 500',
    async (path) => {
      const sellers = (await get('/api/v1/seller?pageSize=1')).json() as {
        items: { id: string; slug: string }[];
      };
      const seller = sellers.items[0]!;
      const byId = await get(`${path}?sellerId=${seller.id}`);
      const bySlug = await get(`${path}?sellerId=${encodeURIComponent(seller.slug)}`);
      expect(byId.statusCode).toBe(200);
      expect(bySlug.statusCode).toBe(200);
      expect(bySlug.json()).toEqual(byId.json());
      for (const odd of ['no-such-seller', '1e3', '-1', '99999999999999999999', 'NaN', "1' OR 1=1 --"]) {
        const res = await get(`${path}?sellerId=${encodeURIComponent(odd)}`);
        expect(res.statusCode, `${path}?sellerId=${odd} ${res.body.slice(0, 200)}`).toBeLessThan(500);
      }
    },
  );
});
