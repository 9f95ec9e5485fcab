// Seller centre stats (decisions 273, 290, 314): `GET /api/v1/seller/:sellerId/stats` on PostgreSQL for a storefront with
// BENCH_STATS_PRODUCTS products (default 10,000) and a year of daily events: every day, BENCH_STATS_ACTIVE items
// (default 2,000, a fifth of the catalogue) have views, quotations and answers (its `catalog_item_days` rows), and
// the storefront has its visits, inquiries, invoices, paid orders and revenue (`seller_storefront_days`); the
// items' month rows (`catalog_item_months`, decision 290 "Monthly rows") are the sums of their day rows. Other
// storefronts' rows share the tables (BENCH_STATS_OTHERS, default 5, a tenth of the activity), so the key range
// matters. Data is made with generate_series, in a database of its own, dropped at the end.
// Measured: the dashboard as the screen asks for it (first page of 20 items by popularity) for 7, 30, 90 and 365
// days, and a deep page sorted by views, sequentially (one request at a time, nothing cached: the route has no
// cache), through Fastify (`app.inject`: routing, auth, zod, serialisation). Prints p50/p99 latency and CPU per
// request: the Node process's and the PostgreSQL backends' (Linux /proc). Target: p99 ≤ 100 ms.
// Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/seller-stats.bench.mjs
// (or `npm run bench seller-stats`). Skipped without DATABASE_URL.
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { backendsCpuMs, percentile } from './postgres-cpu.mjs';

const PRODUCTS = Number(process.env.BENCH_STATS_PRODUCTS ?? 10_000);
const ACTIVE = Number(process.env.BENCH_STATS_ACTIVE ?? 2_000);
const OTHERS = Number(process.env.BENCH_STATS_OTHERS ?? 5);
const REQUESTS = Number(process.env.BENCH_STATS_REQUESTS ?? 200);

/** Toronto's calendar day `n` days ago (the rows' days). */
const torontoDay = (daysBefore = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(
    new Date(Date.now() - daysBefore * 86_400_000),
  );

export async function run() {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    console.info('seller-stats: skipped (needs DATABASE_URL)');
    return;
  }
  // The server's TypeScript, in process (as the TypeScript benchmarks run under tsx).
  const { register } = await import('tsx/esm/api');
  const unregister = register();
  const src = (file) => pathToFileURL(path.resolve(import.meta.dirname, '../apps/server/src', file)).href;
  const { buildApp } = await import(src('app.ts'));
  const { loadConfig } = await import(src('config.ts'));
  const { openPostgres } = await import(src('db/client.ts'));
  const { migrate } = await import(src('db/migrate.ts'));

  const dbName = `seller_stats_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const dbUrl = new URL(baseUrl);
  dbUrl.pathname = `/${dbName}`;
  const database = await openPostgres(dbUrl.toString(), 4);
  const client = new pg.Client({ connectionString: dbUrl.toString() });
  let app;
  try {
    await migrate(database);
    await client.connect();
    const setupStarted = performance.now();
    const ownerId = randomUUID();
    await client.query(
      `INSERT INTO users (id, member_id, full_name, email, phone_number, password_hash, roles)
       VALUES ($1, 'B0000001', 'Bench Seller', 'bench-stats@example.ca', '+16130000001', 'x', '{buyer,seller}')`,
      [ownerId],
    );
    const parent = await client.query(
      `INSERT INTO categories (kind, slug, name_en, name_fr) VALUES ('product', 'bench-parts', 'Parts', 'Pièces') RETURNING id`,
    );
    const sub = await client.query(
      `INSERT INTO categories (kind, parent_id, slug, name_en, name_fr)
       VALUES ('product', $1, 'bench-flanges', 'Flanges', 'Brides') RETURNING id`,
      [parent.rows[0].id],
    );
    // The storefront (first) and the others, then PRODUCTS products each.
    const sellers = await client.query(
      `INSERT INTO sellers (slug, name, business_type, province, city, postal_code, claimed, owner_user_id)
       SELECT 'bench-stats-' || g, 'Bench Stats ' || g, 'manufacturer', 'ON', 'Hamilton', 'L8P 4R5', true,
              CASE WHEN g = 0 THEN $1::uuid END
       FROM generate_series(0, $2::int) g ORDER BY g RETURNING id`,
      [ownerId, OTHERS],
    );
    const sellerIds = sellers.rows.map((row) => Number(row.id));
    const sellerId = sellerIds[0];
    await client.query(
      `INSERT INTO products (slug, seller_id, category_id, subcategory_id, status, name_en, name_fr, description_en,
         description_fr, price_tiers, min_price_cents, max_price_cents, min_order_quantity, lead_days, delivery_days,
         origin, province, business_type)
       SELECT 'bench-' || s || '-' || g, s, $1, $2, 'active', 'Flange ' || g, 'Bride ' || g, 'A flange.', 'Une bride.',
         '[{"minQuantity":1,"maxQuantity":null,"unitPriceCents":2500}]'::jsonb, 2500, 2500, 1, 5, 3,
         'made-in-canada', 'ON', 'manufacturer'
       FROM unnest($3::bigint[]) s, generate_series(1, $4::int) g ORDER BY s, g`,
      [parent.rows[0].id, sub.rows[0].id, sellerIds, PRODUCTS],
    );
    // A year of days: the storefront's ACTIVE items of each day (a different slice every day) have events; the
    // others' a tenth as many. Products were made per storefront in order, so a storefront's ids are one range.
    await client.query(
      `INSERT INTO catalog_item_days (seller_id, day, item_kind, item_id, views, quotations, accepted, rejected, in_progress)
       SELECT f.seller_id, $1::date - d.n, 'product', f.first_id + (d.n * 7919 + k.k) % $2::int,
              1 + (k.k + d.n) % 40, (k.k + d.n) % 3, (k.k + d.n) % 5 / 4, (k.k + d.n) % 7 / 6, (k.k + d.n) % 11 / 10
       FROM (SELECT seller_id, min(id) AS first_id FROM products GROUP BY seller_id) f
       CROSS JOIN generate_series(0, 364) AS d(n)
       JOIN generate_series(0, $3::int - 1) AS k(k) ON f.seller_id = $4::bigint OR k.k < $3::int / 10`,
      [torontoDay(), PRODUCTS, ACTIVE, sellerId],
    );
    // Their month rows, as the items' trigger keeps them (migration 0930, the same statement as its backfill).
    await client.query(
      `INSERT INTO catalog_item_months (seller_id, month, item_kind, item_id, views, quotations, accepted, rejected, in_progress)
       SELECT seller_id, date_trunc('month', day::timestamp)::date, item_kind, item_id,
              sum(views), sum(quotations), sum(accepted), sum(rejected), sum(in_progress)
       FROM catalog_item_days GROUP BY 1, 2, 3, 4`,
    );
    // The storefront-wide day rows of the item counters, as the same trigger keeps them (decision 314).
    await client.query(
      `INSERT INTO catalog_storefront_item_days (seller_id, day, views, quotations, accepted, rejected, in_progress)
       SELECT seller_id, day, sum(views), sum(quotations), sum(accepted), sum(rejected), sum(in_progress)
       FROM catalog_item_days GROUP BY 1, 2`,
    );
    await client.query(
      `INSERT INTO seller_storefront_days (seller_id, day, visits, inquiries, invoices, paid_orders, revenue_cents)
       SELECT s, $1::date - n, 200 + n % 50, 20 + n % 7, 8 + n % 3, 3 + n % 2, (3 + n % 2) * 125000
       FROM unnest($2::bigint[]) s, generate_series(0, 364) n`,
      [torontoDay(), sellerIds],
    );
    await client.query('ANALYZE');
    const counted = await client.query(
      `SELECT (SELECT count(*) FROM catalog_item_days) AS item_days,
              (SELECT count(*) FROM catalog_item_days WHERE seller_id = $1) AS own_item_days,
              (SELECT count(*) FROM catalog_item_months WHERE seller_id = $1) AS own_item_months`,
      [sellerId],
    );
    console.info(
      `seller-stats (PostgreSQL, ${dbName}): ${OTHERS + 1} storefronts × ${PRODUCTS} products, ` +
        `${counted.rows[0].item_days} item-day rows (${counted.rows[0].own_item_days} the measured storefront's, ` +
        `${counted.rows[0].own_item_months} item-month rows), ` +
        `set up in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`,
    );

    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SERVICES: 'buyer', SEED: 'never' });
    app = await buildApp({ config, database, logger: false });
    await app.ready();
    await database.warmUp?.();
    const cookie = `ms_session=${await app.auth.sessions.create(ownerId)}`;
    const ask = async (query) => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/v1/seller/${sellerId}/stats?${query}`,
        headers: { role: 'seller', cookie },
      });
      if (res.statusCode !== 200) throw new Error(`stats ${res.statusCode}: ${res.body.slice(0, 300)}`);
      return res;
    };
    const cases = [
      ['7 days, first page', `from=${torontoDay(6)}&to=${torontoDay()}`],
      ['30 days, first page', `from=${torontoDay(29)}&to=${torontoDay()}`],
      ['90 days, first page', `from=${torontoDay(89)}&to=${torontoDay()}`],
      ['365 days, first page', `from=${torontoDay(364)}&to=${torontoDay()}`],
      [
        '90 days, page 200 by views',
        `from=${torontoDay(89)}&to=${torontoDay()}&sort=views&page=200&pageSize=50`,
      ],
    ];
    let worstP99 = 0;
    for (const [label, query] of cases) {
      // The first dashboard of a month writes the running totals it reads (decision 314), once per storefront and
      // month: timed apart, then warm-up.
      const first = performance.now();
      await ask(query);
      const firstMs = performance.now() - first;
      for (let i = 0; i < 10; i++) await ask(query); // warm-up
      const times = [];
      const cpu = process.cpuUsage();
      const dbCpu = backendsCpuMs(dbName);
      const started = performance.now();
      for (let i = 0; i < REQUESTS; i++) {
        const t0 = performance.now();
        await ask(query);
        times.push(performance.now() - t0);
      }
      const wall = performance.now() - started;
      const used = process.cpuUsage(cpu);
      const nodeMs = (used.user + used.system) / 1000 / REQUESTS;
      const pgMs = (backendsCpuMs(dbName) - dbCpu) / REQUESTS;
      times.sort((a, b) => a - b);
      const p99 = percentile(times, 99);
      worstP99 = Math.max(worstP99, p99);
      const body = (await ask(query)).json();
      console.info(
        `${label.padEnd(30)} p50 ${percentile(times, 50).toFixed(1)} ms  p99 ${p99.toFixed(1)} ms  ` +
          `CPU/request node ${nodeMs.toFixed(1)} ms + PostgreSQL ${pgMs.toFixed(1)} ms  ` +
          `(${REQUESTS} requests in ${(wall / 1000).toFixed(1)} s; ${body.items.total} items, ${body.days.length} days; ` +
          `first request ${firstMs.toFixed(0)} ms)`,
      );
    }
    console.info(
      `seller-stats: worst p99 ${worstP99.toFixed(1)} ms (target ≤ 100 ms ${worstP99 <= 100 ? 'met' : 'MISSED'})`,
    );
  } finally {
    await app?.close();
    await client.end().catch(() => undefined);
    await database.close();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    unregister();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
