import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SellerProduct, SellerService, SellerStats } from '@maplesource/contracts';
import { createTestApp, type TestApp } from '../../../test/helpers';
import type { SignedUp } from '../../../test/accounts-helpers';
import { rowsOf } from '../../db/transaction';
import {
  as,
  createPublishedItem,
  rebuildItemStatsRollups,
  statsStorefronts,
  type StatsStorefronts,
} from '../../../test/seller-helpers';

/**
 * The per-item stats over whole months come from the month rows (decision 290, "Monthly rows", migration 0930) and
 * only the period's edge days from the day rows: the answer is the sum of the day rows, whatever the period.
 */
let t: TestApp;
let owner: SignedUp;
let other: SignedUp;
let buyer: SignedUp;
let sellerId: string;
let otherSellerId: string;
let items: Array<{ kind: 'product' | 'service'; id: string }>;
let otherProduct: SellerProduct;

const torontoDay = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date());

type Counts = { views: number; quotations: number; accepted: number; rejected: number; inProgress: number };

/** The period's sums of the day rows per item, straight from `catalog_item_days` (what the answer must equal). */
async function daySums(from: string, to: string) {
  const rows = rowsOf<Record<string, unknown>>(
    await t.database.db.execute(sql`
      SELECT item_kind, item_id, sum(views)::bigint AS views, sum(quotations)::bigint AS quotations,
        sum(accepted)::bigint AS accepted, sum(rejected)::bigint AS rejected, sum(in_progress)::bigint AS in_progress
      FROM catalog_item_days WHERE seller_id = ${Number(sellerId)} AND day BETWEEN ${from}::date AND ${to}::date
      GROUP BY item_kind, item_id ORDER BY item_kind, item_id`),
  );
  return rows.map((row) => ({
    kind: String(row.item_kind),
    id: String(row.item_id),
    views: Number(row.views),
    quotations: Number(row.quotations),
    accepted: Number(row.accepted),
    rejected: Number(row.rejected),
    inProgress: Number(row.in_progress),
  }));
}

async function answered(query: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/seller/${sellerId}/stats?${query}`,
    headers: as(owner),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SellerStats>();
}

const countsOf = (item: Counts) => ({
  views: item.views,
  quotations: item.quotations,
  accepted: item.accepted,
  rejected: item.rejected,
  inProgress: item.inProgress,
});

beforeAll(async () => {
  t = await createTestApp();
  let valveInput: StatsStorefronts['valveInput'];
  let pumpRepairInput: StatsStorefronts['pumpRepairInput'];
  ({ owner, other, buyer, sellerId, otherSellerId, valveInput, pumpRepairInput } = await statsStorefronts(
    t.app,
    t.database.db,
    'months',
    { owner: 'Mona Months', other: 'Olaf Other', buyer: 'Bo Buyer' },
  ));
  const first = await createPublishedItem<SellerProduct>(
    t.app,
    owner,
    sellerId,
    'products',
    valveInput('M-1', 'Valve one'),
  );
  const second = await createPublishedItem<SellerProduct>(
    t.app,
    owner,
    sellerId,
    'products',
    valveInput('M-2', 'Valve two'),
  );
  otherProduct = await createPublishedItem<SellerProduct>(
    t.app,
    other,
    otherSellerId,
    'products',
    valveInput('MO-1', 'Other valve'),
  );
  const service = await createPublishedItem<SellerService>(
    t.app,
    owner,
    sellerId,
    'services',
    pumpRepairInput('MS-1'),
  );
  items = [
    { kind: 'product', id: first.id },
    { kind: 'product', id: second.id },
    { kind: 'service', id: service.id },
  ];
});
afterAll(async () => t?.close());

describe('seller stats from month rows', () => {
  it("keeps the month row in step with the day rows when an item's counters change", async () => {
    const [product] = items;
    const track = async (url: string, payload: object) => {
      const res = await t.app.inject({ method: 'POST', url, headers: as(buyer, 'buyer'), payload });
      expect(res.statusCode, res.body).toBe(200);
    };
    for (let i = 0; i < 3; i++) await track('/api/v1/product-stats/track-view', { productId: product.id });
    await track('/api/v1/product-stats/track-status', { productId: product.id, status: 'accepted' });
    await track('/api/v1/service-stats/track-view', { serviceId: items[2].id });
    const month = `${torontoDay().slice(0, 7)}-01`;
    const monthRows = rowsOf<Record<string, unknown>>(
      await t.database.db.execute(sql`
        SELECT item_kind, item_id, views, quotations, accepted, rejected, in_progress FROM catalog_item_months
        WHERE seller_id = ${Number(sellerId)} ORDER BY item_kind, item_id`),
    );
    expect(monthRows.map((row) => ({ ...row, item_id: String(row.item_id) }))).toEqual([
      {
        item_kind: 'product',
        item_id: product.id,
        views: 3,
        quotations: 0,
        accepted: 1,
        rejected: 0,
        in_progress: 0,
      },
      {
        item_kind: 'service',
        item_id: items[2].id,
        views: 1,
        quotations: 0,
        accepted: 0,
        rejected: 0,
        in_progress: 0,
      },
    ]);
    const months = rowsOf<Record<string, unknown>>(
      await t.database.db.execute(
        sql`SELECT DISTINCT to_char(month, 'YYYY-MM-DD') AS month FROM catalog_item_months WHERE seller_id = ${Number(sellerId)}`,
      ),
    );
    expect(months).toEqual([{ month }]);
    // The storefront-wide day row (decision 314) is the sum of today's item day rows, written by the same trigger.
    const storefrontDay = rowsOf<Record<string, unknown>>(
      await t.database.db.execute(sql`
        SELECT views::int AS views, accepted::int AS accepted FROM catalog_storefront_item_days
        WHERE seller_id = ${Number(sellerId)} AND day = ${torontoDay()}::date`),
    );
    expect(storefrontDay).toEqual([{ views: 4, accepted: 1 }]);
    const answer = await answered(`from=${month}&to=${torontoDay()}`);
    expect(answer.items.items.map((item) => ({ kind: item.kind, id: item.id, ...countsOf(item) }))).toEqual(
      await daySums(month, torontoDay()),
    );
  });

  it('answers every kind of period with exactly the sums of the day rows', async () => {
    // Sixteen months of rows (over two year boundaries, around today's rows), as the trigger writes them: the
    // change added to the day row and to its month row. Some days have nothing; another storefront has rows too.
    const storefronts = [Number(sellerId), Number(otherSellerId)];
    const ids = [...items.map((item) => `${item.kind}:${item.id}`), `product:${otherProduct.id}`];
    await t.database.db.execute(sql`
      WITH g AS (
        SELECT s.seller_id, '2025-10-20'::date + n AS day, split_part(i.item, ':', 1) AS item_kind,
          split_part(i.item, ':', 2)::bigint AS item_id, 1 + (n * 7 + i.k) % 13 AS views, (n + i.k) % 3 AS quotations,
          (n + i.k) % 5 / 4 AS accepted, (n + 2 * i.k) % 7 / 6 AS rejected, (n + i.k) % 11 / 10 AS in_progress
        FROM generate_series(0, 480) AS n
        CROSS JOIN unnest(${`{${ids.join(',')}}`}::text[]) WITH ORDINALITY AS i(item, k)
        JOIN unnest(${`{${storefronts.join(',')}}`}::bigint[]) WITH ORDINALITY AS s(seller_id, o)
          ON (s.o = 1) = (i.k <= 3)
        WHERE (n + i.k) % 5 <> 3
      )
      INSERT INTO catalog_item_days AS d (seller_id, day, item_kind, item_id, views, quotations, accepted, rejected, in_progress)
      SELECT * FROM g
      ON CONFLICT (seller_id, day, item_kind, item_id) DO UPDATE SET
        views = d.views + excluded.views, quotations = d.quotations + excluded.quotations,
        accepted = d.accepted + excluded.accepted, rejected = d.rejected + excluded.rejected,
        in_progress = d.in_progress + excluded.in_progress`);
    await rebuildItemStatsRollups(t.database.db, storefronts);

    const periods: Array<[string, string, string]> = [
      ['mid-month to mid-month over several months', '2026-01-15', '2026-06-10'],
      ['over a year boundary, one whole month', '2025-12-20', '2026-02-03'],
      ['over a year boundary, around today', '2026-11-10', '2027-01-20'],
      ['inside one month', '2026-03-05', '2026-03-25'],
      ['across a month boundary, no whole month', '2026-02-03', '2026-03-15'],
      ['exactly whole months', '2026-02-01', '2026-04-30'],
      ['exactly one whole month, over the year boundary', '2025-12-01', '2026-01-31'],
      ['a whole year', '2026-01-01', '2026-12-31'],
      ['from a first day to mid-month', '2026-05-01', '2026-07-15'],
      ['from mid-month to a last day', '2026-05-16', '2026-08-31'],
      ['one day', '2026-07-04', '2026-07-04'],
    ];
    for (const [label, from, to] of periods) {
      const body = await answered(`from=${from}&to=${to}&sort=views&pageSize=100`);
      const expected = await daySums(from, to);
      expect(expected.length, label).toBeGreaterThan(0);
      const got = body.items.items
        .map((item) => ({ kind: item.kind, id: item.id, ...countsOf(item) }))
        .sort((a, b) => a.kind.localeCompare(b.kind) || Number(a.id) - Number(b.id));
      expect(got, label).toEqual(expected);
      expect(body.items.total, label).toBe(expected.length);
      // The chart's days and the totals (day rows) agree with the items (months and edges).
      const summed = (k: keyof Counts) => expected.reduce((n, item) => n + item[k], 0);
      expect(body.totals, label).toEqual({
        views: summed('views'),
        quotations: summed('quotations'),
        accepted: summed('accepted'),
        rejected: summed('rejected'),
        inProgress: summed('inProgress'),
      });
      for (const item of body.items.items)
        expect(item.popularityScore, label).toBe(item.views + 5 * item.quotations + 10 * item.accepted);
    }

    // One item, and a page past the end (counted alone), over months and edges.
    const service = items[2];
    const one = await answered(`from=2026-01-15&to=2026-06-10&item=service:${service.id}`);
    expect(one.items.items.map((item) => ({ kind: item.kind, id: item.id, ...countsOf(item) }))).toEqual(
      (await daySums('2026-01-15', '2026-06-10')).filter((item) => item.kind === 'service'),
    );
    const past = await answered('from=2026-01-15&to=2026-06-10&pageSize=1&page=9');
    expect(past.items).toMatchObject({ total: 3, items: [] });
  });

  it("writes a month's running totals once when twenty dashboards ask for them together", async () => {
    await rebuildItemStatsRollups(t.database.db, [Number(sellerId)]);
    const [from, to] = ['2026-01-15', '2026-06-10'];
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => answered(`from=${from}&to=${to}&sort=views&pageSize=100`)),
    );
    const expected = await daySums(from, to);
    for (const body of answers)
      expect(
        body.items.items
          .map((item) => ({ kind: item.kind, id: item.id, ...countsOf(item) }))
          .sort((a, b) => a.kind.localeCompare(b.kind) || Number(a.id) - Number(b.id)),
      ).toEqual(expected);
    const marks = rowsOf<Record<string, unknown>>(
      await t.database.db.execute(sql`
        SELECT to_char(month, 'YYYY-MM-DD') AS month FROM catalog_item_month_start_marks
        WHERE seller_id = ${Number(sellerId)} ORDER BY month`),
    );
    // The period's ends are read from the running totals before January and June (the cheaper sides).
    expect(marks.map((row) => row.month)).toEqual(['2026-01-01', '2026-06-01']);
  });
});
