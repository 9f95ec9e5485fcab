import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { rowsOf } from '../../db/transaction';
import { seedCatalog } from '../../seed/catalog';
import { productOrders } from './catalog.queries';
import { listingPage, type ListingPageInput } from './listing-engine';

/**
 * The bounded text walk (decision 128) taken among a province's rows (decision 327). Its fallback is made to find
 * nothing here (`matchWhere: false`), so a page can only come from the walk itself: a window that silently fails
 * (a wrong condition) shows as an empty page, not as the same answer reached the slow way.
 */
let t: TestApp;
let province: string;
/** The province's active product ids in the popularity order, and the global order's ids. */
let provinceOrder: number[];
let globalOrder: number[];

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalog({
    database: t.database,
    config: t.config,
    log: () => undefined,
    options: { products: 300 },
  });
  const ids = async (where: string) =>
    rowsOf<{ id: number | string }>(
      await t.app.db.execute(
        sql.raw(
          `SELECT id FROM products WHERE status = 'active' ${where} ORDER BY popularity_score DESC, id DESC`,
        ),
      ),
    ).map((row) => Number(row.id));
  // A province that is neither the first rows of the whole order nor rare: its 6th row lies deep in the order.
  const [row] = rowsOf<{ province: string }>(
    await t.app.db.execute(
      sql`SELECT province FROM products WHERE status = 'active' GROUP BY province HAVING count(*) >= 12
          ORDER BY count(*), province LIMIT 1`,
    ),
  );
  province = row!.province;
  provinceOrder = await ids(`AND province = '${province}'`);
  globalOrder = await ids('');
});
afterAll(async () => {
  await t.close();
});

const input = (overrides: Partial<ListingPageInput>): ListingPageInput => ({
  table: 'products',
  columns: sql`p.id`,
  joins: sql``,
  where: sql`p.status = 'active' AND p.province = ${province}`,
  order: productOrders.popular,
  page: 1,
  pageSize: 5,
  cursor: undefined,
  matchWhere: sql`false`,
  ...overrides,
});
const idsOf = (page: Awaited<ReturnType<typeof listingPage>>) => page.rows.map((row) => Number(row.id));

describe('the bounded walk taken among the rows of a province (decision 327)', () => {
  it('finds a full page in a window of the province where a window of the whole order finds none', async () => {
    // A window just short of the province's 6th row in the whole order holds < 6 of its rows (a page and one).
    const window = globalOrder.indexOf(provinceOrder[5]!);
    expect(window).toBeGreaterThanOrEqual(6);
    const whole = await listingPage(t.app.db, input({ textWalkWindow: window }));
    expect(idsOf(whole)).toEqual([]);
    const ofProvince = await listingPage(
      t.app.db,
      input({ textWalkWindow: 6, windowWhere: sql`p.province = ${province}` }),
    );
    expect(idsOf(ofProvince)).toEqual(provinceOrder.slice(0, 5));
    expect(ofProvince.hasMore).toBe(true);
    // The next page from its cursor, in the same window: the province's rows after the cursor.
    const next = await listingPage(
      t.app.db,
      input({
        textWalkWindow: 6,
        windowWhere: sql`p.province = ${province}`,
        cursor: ofProvince.nextCursor ?? undefined,
      }),
    );
    expect(idsOf(next)).toEqual(provinceOrder.slice(5, 10));
  });

  it('walks the whole order when no window condition is given (no empty condition in its place)', async () => {
    const page = await listingPage(t.app.db, input({ where: sql`p.status = 'active'`, textWalkWindow: 10 }));
    expect(idsOf(page)).toEqual(globalOrder.slice(0, 5));
    const next = await listingPage(
      t.app.db,
      input({ where: sql`p.status = 'active'`, textWalkWindow: 10, cursor: page.nextCursor ?? undefined }),
    );
    expect(idsOf(next)).toEqual(globalOrder.slice(5, 10));
  });
});
