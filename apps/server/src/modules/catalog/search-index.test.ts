import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '@maplesource/contracts';
import {
  buyerHeaders,
  createTestApp,
  createTestDatabase,
  testConfig,
  type TestApp,
  type TestDatabase,
} from '../../../test/helpers';
import { rowsOf } from '../../db/transaction';
import { seedCatalog } from '../../seed/catalog';
import { CatalogState } from './catalog-state';
import { searchProducts } from './catalog.service';
import { addSearchWords } from './search-words.service';

/**
 * The grouped search from the in-process index (decision 329) answers what the SQL path answers, corrects the same
 * slips, sees a published, edited, archived or deleted product or service within 5 s on every app instance on the
 * database, and answers through SQL until its index is built.
 */
let database: TestDatabase;
let sqlApp: TestApp;
/** Two instances with the production feed period (one poll a second), as two processes of a cluster. */
let first: TestApp;
let second: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedCatalog({ database, config: testConfig(), log: () => undefined, options: { products: 200 } });
  sqlApp = await createTestApp({ database, catalog: { listingCacheMs: 0, searchEngine: 'sql' } });
  first = await createTestApp({ database, catalog: { listingCacheMs: 0, searchEngine: 'memory' } });
  second = await createTestApp({ database, catalog: { listingCacheMs: 0, searchEngine: 'memory' } });
  for (const t of [first, second]) await t.app.catalog.state.searchIndex.rebuild(database.db);
});
afterAll(async () => {
  for (const t of [sqlApp, first, second]) await t?.close();
  await database?.destroy();
});

async function search(t: TestApp, q: string, extra = ''): Promise<SearchResponse> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/search?q=${encodeURIComponent(q)}${extra}`,
    headers: buyerHeaders,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SearchResponse>();
}
/** A deterministic pseudo-random sequence (the queries are drawn from the seeded vocabulary). */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('the in-process index', () => {
  it('answers the same groups as the SQL path for words, phrases, prefixes, codes and slips', async () => {
    // Nothing changes during this test: one sync, and the index holds what the database holds.
    const memoryApp = first;
    await memoryApp.app.catalog.state.searchIndex.sync(database.db, { force: true });
    expect(memoryApp.app.catalog.state.searchIndex.ready).toBe(true);
    const words = rowsOf<{ word: string }>(
      await database.db.execute(sql`SELECT word FROM search_words ORDER BY word`),
    ).map((row) => row.word);
    const next = random(329);
    const pick = () => words[Math.floor(next() * words.length)]!;
    const slip = (word: string) => {
      const at = 1 + Math.floor(next() * (word.length - 2));
      return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
    };
    const queries = [
      'steel',
      'stainless steel',
      'hydrualic',
      'aluminum extrusion',
      'co',
      'st',
      'a',
      'acier inoxydable',
      'Électrique',
      't269',
      '6063',
      'wool aluminum',
      'zzzqqq',
      'the of',
      ...Array.from({ length: 12 }, () => pick()),
      ...Array.from({ length: 8 }, () => `${pick()} ${pick()}`),
      ...Array.from({ length: 8 }, () => slip(pick())),
      ...Array.from({ length: 4 }, () => pick().slice(0, 3)),
    ];
    for (const [n, q] of queries.entries()) {
      // Every group at the default size; one query in two also the first 50 products and services.
      for (const extra of n % 2 === 0 ? ['', '&type=products&limit=50', '&type=services&limit=50'] : ['']) {
        const [fromSql, fromIndex] = await Promise.all([
          search(sqlApp, q, extra),
          search(memoryApp, q, extra),
        ]);
        expect({ q, extra, ...fromIndex }).toEqual({ q, extra, ...fromSql });
      }
    }
  });

  it('corrects a slip to the word the SQL vocabulary lookup corrects it to', async () => {
    for (const q of ['hydrualic pump', 'stainles', 'valvs', 'aluminim extrusion']) {
      const [fromSql, fromIndex] = await Promise.all([
        sqlApp.app.catalog.resolveSearchText(database.db, q),
        first.app.catalog.resolveSearchText(database.db, q),
      ]);
      expect(fromIndex).toEqual(fromSql);
    }
    expect((await search(first, 'hydrualic')).correctedQuery).toBe('hydraulic');
  });

  it('answers through SQL until its index is built, then from the index, the same', async () => {
    const state = new CatalogState({ listingCacheMs: 0, searchEngine: 'memory', searchIndex: { syncMs: 0 } });
    expect(state.searchIndex.ready).toBe(false);
    const throughSql = await searchProducts(database.db, state, 'steel', 8);
    expect(throughSql.length).toBeGreaterThan(0);
    expect(state.searchIndex.ready).toBe(false);
    await state.searchIndex.rebuild(database.db);
    expect(state.searchIndex.ready).toBe(true);
    expect(await searchProducts(database.db, state, 'steel', 8)).toEqual(throughSql);
    expect(state.searchIndex.lastBuild).toMatchObject({ products: 200 });
    // What the index holds grows with the rows and their lexemes only (typed arrays; decision 329's figures).
    const postings = rowsOf<{ n: number | string }>(
      await database.db.execute(
        sql`SELECT (SELECT coalesce(sum(length(search_doc)), 0) FROM products WHERE status = 'active')
                 + (SELECT coalesce(sum(length(search_doc)), 0) FROM services WHERE status = 'active') AS n`,
      ),
    )[0]!;
    const rows = state.searchIndex.lastBuild!.products + state.searchIndex.lastBuild!.services;
    expect(state.searchIndex.lastBuild!.bytes).toBeLessThanOrEqual(
      rows * 37 + Number(postings.n) * 4 + 64 * 1024,
    );
    state.dispose();
  });
});

describe('freshness on two instances of one database', () => {
  const withinFiveSeconds = async (check: (t: TestApp) => Promise<boolean>) => {
    // Each instance on its own, side by side: every process of a cluster sees the change within 5 s.
    const started = performance.now();
    const waited = await Promise.all(
      [first, second].map(async (t) => {
        await expect.poll(() => check(t), { interval: 100 }).toBe(true);
        return performance.now() - started;
      }),
    );
    for (const ms of waited) expect(ms).toBeLessThan(5_000);
  };
  const found = (kind: 'products' | 'services', id: string, q: string) => async (t: TestApp) =>
    (await search(t, q))[kind].some((item) => item.id === id);
  const gone = (kind: 'products' | 'services', id: string, q: string) => async (t: TestApp) =>
    !(await found(kind, id, q)(t));

  it('finds a published product, follows its edit, loses it when archived or deleted', async () => {
    const [row] = rowsOf<{ id: string | number }>(
      await database.db.execute(sql`
        INSERT INTO products (slug, seller_id, category_id, subcategory_id, name_en, name_fr, description_en,
          description_fr, price_tiers, min_price_cents, max_price_cents, min_order_quantity, lead_days, delivery_days,
          origin, province, business_type, material_en, material_fr, status)
        SELECT 'zyxoflange-test', s.id, c.parent_id, c.id, 'Zyxoflange Coupler', 'Raccord zyxoflange', 'd', 'd', '[]',
          1000, 1200, 1, 5, 3, 'made-in-canada', 'ON', 'fabricator', 'steel', 'acier', 'draft'
        FROM categories c, sellers s WHERE c.kind = 'product' AND c.parent_id IS NOT NULL
        ORDER BY c.id, s.id LIMIT 1 RETURNING id`),
    );
    const id = String(row!.id);
    expect(await found('products', id, 'zyxoflange')(first)).toBe(false);

    // As the seller centre publishes: the name's words join the typo vocabulary (read again by every instance).
    await addSearchWords(database.db, ['Zyxoflange Coupler']);
    await database.db.execute(sql`UPDATE products SET status = 'active' WHERE id = ${Number(id)}`);
    await withinFiveSeconds(found('products', id, 'zyxoflange coupler'));

    await addSearchWords(database.db, ['Quorbitan Coupler', 'Raccord quorbitan']);
    await database.db.execute(
      sql`UPDATE products SET name_en = 'Quorbitan Coupler', name_fr = 'Raccord quorbitan' WHERE id = ${Number(id)}`,
    );
    await withinFiveSeconds(found('products', id, 'quorbitan'));
    await withinFiveSeconds(gone('products', id, 'zyxoflange coupler'));

    await database.db.execute(sql`UPDATE products SET status = 'archived' WHERE id = ${Number(id)}`);
    await withinFiveSeconds(gone('products', id, 'quorbitan'));

    await database.db.execute(sql`UPDATE products SET status = 'active' WHERE id = ${Number(id)}`);
    await withinFiveSeconds(found('products', id, 'quorbitan'));
    await database.db.execute(sql`DELETE FROM products WHERE id = ${Number(id)}`);
    await withinFiveSeconds(gone('products', id, 'quorbitan'));
  });

  it('finds a published service and loses it when archived', async () => {
    const [row] = rowsOf<{ id: string | number }>(
      await database.db.execute(sql`
        INSERT INTO services (slug, seller_id, category_id, subcategory_id, name_en, name_fr, description_en,
          description_fr, starting_price_cents, turnaround_days, province, business_type, status)
        SELECT 'plimvectra-test', s.id, c.parent_id, c.id, 'Plimvectra Anodizing', 'Anodisation plimvectra', 'd', 'd',
          150000, 4, 'ON', 'fabricator', 'active'
        FROM categories c, sellers s WHERE c.kind = 'service' AND c.parent_id IS NOT NULL
        ORDER BY c.id, s.id LIMIT 1 RETURNING id`),
    );
    const id = String(row!.id);
    await addSearchWords(database.db, ['Plimvectra Anodizing']);
    await withinFiveSeconds(found('services', id, 'plimvectra'));
    await database.db.execute(sql`UPDATE services SET status = 'archived' WHERE id = ${Number(id)}`);
    await withinFiveSeconds(gone('services', id, 'plimvectra'));
  });
});
