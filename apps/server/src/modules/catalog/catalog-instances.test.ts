import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductListResponse } from '@maplesource/contracts';
import {
  buyerHeaders,
  createTestApp,
  createTestDatabase,
  type TestApp,
  type TestDatabase,
} from '../../../test/helpers';
import { seedCatalog } from '../../seed/catalog';

/**
 * The catalogue's knobs and caches belong to its plugin instance: two apps in one process, on one database,
 * with different options share no knob and no cache (nothing of the catalogue is module-level state).
 */
let database: TestDatabase;
let estimating: TestApp;
let exact: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  estimating = await createTestApp({ database, catalog: { exactRowLimit: 0, listingCacheMs: 60_000 } });
  exact = await createTestApp({ database, catalog: { listingCacheMs: 0 } });
  await seedCatalog({ database, config: exact.config, log: () => undefined, options: { products: 200 } });
});
afterAll(async () => {
  await estimating?.close();
  await exact?.close();
  await database?.destroy();
});

const products = async (t: TestApp, query = '') =>
  (
    await t.app.inject({ method: 'GET', url: `/api/v1/product${query}`, headers: buyerHeaders })
  ).json<ProductListResponse>();

describe('two catalogue instances in one process', () => {
  it('count by their own row limits: one estimates the total, the other counts it exactly', async () => {
    expect(estimating.app.catalog.state.exactRowLimit).toBe(0);
    expect(exact.app.catalog.state.exactRowLimit).toBeGreaterThan(200);
    expect((await products(estimating)).totalEstimated).toBe(true);
    expect((await products(exact)).totalEstimated).toBe(false);
  });

  it("tuning one leaves the other's knobs alone", async () => {
    const before = exact.app.catalog.state.frequentTextThreshold;
    estimating.app.catalog.state.tune({ frequentTextThreshold: 1 });
    expect(estimating.app.catalog.state.frequentTextThreshold).toBe(1);
    expect(exact.app.catalog.state.frequentTextThreshold).toBe(before);
  });

  it("keep their own listing caches and word lookups; forgetting one's leaves the other's", async () => {
    await products(estimating, '?sort=newest');
    await products(exact, '?sort=newest');
    expect(estimating.app.catalog.state.listings.size).toBeGreaterThan(0);
    expect(exact.app.catalog.state.listings.size).toBe(0);

    await estimating.app.catalog.resolveSearchText(database.db, 'hydraulic');
    expect(estimating.app.catalog.state.words.size).toBeGreaterThan(0);
    expect(exact.app.catalog.state.words.size).toBe(0);

    await exact.app.catalog.resolveSearchText(database.db, 'valve');
    exact.app.catalog.forgetListings();
    exact.app.catalog.state.forgetSearchWords();
    expect(exact.app.catalog.state.words.size).toBe(0);
    expect(estimating.app.catalog.state.listings.size).toBeGreaterThan(0);
    expect(estimating.app.catalog.state.words.size).toBeGreaterThan(0);
  });
});
