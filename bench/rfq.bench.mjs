// Requests for quotes (decision 317 "Benches"): on PostgreSQL, among BENCH_RFQ_STOREFRONTS claimed storefronts (default
// 5,000: owners, 20 categories, each serving a few provinces, popularity spread), measured sequentially next to
// `GET /healthz`:
// - matching: the sellers module's `rfqCandidates` (category + delivery province, buyer and mutes left out, verified
//   first then popularity, at most 10) — the statement `POST rfqs` runs (target p99 ≤ 20 ms);
// - the comparison of 10 quotes: `GET /api/v1/rfqs/:id` through Fastify (`app.inject`: routing, auth, zod,
//   serialisation) for a request with 10 suppliers who quoted twice each, each storefront with 50 products and
//   reviews (the rating across them, decision 317) and the request with 5 attachments (target p99 ≤ 30 ms).
// Prints p50/p99 latency and CPU per request: the Node process's and the PostgreSQL backends' (Linux /proc).
// Data is made with generate_series in a database of its own, dropped at the end.
// Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/rfq.bench.mjs
// (or `npm run bench rfq`). Skipped without DATABASE_URL. BENCH_RFQ_REQUESTS (default 300) per measurement.
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { backendsCpuMs, percentile } from './postgres-cpu.mjs';

const STOREFRONTS = Number(process.env.BENCH_RFQ_STOREFRONTS ?? 5_000);
const REQUESTS = Number(process.env.BENCH_RFQ_REQUESTS ?? 300);
const CATEGORIES = 20;
const PROVINCES = ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'];

export async function run() {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    console.info('rfq: skipped (needs DATABASE_URL)');
    return;
  }
  const { register } = await import('tsx/esm/api');
  const unregister = register();
  const src = (file) => pathToFileURL(path.resolve(import.meta.dirname, '../apps/server/src', file)).href;
  const { buildApp } = await import(src('app.ts'));
  const { loadConfig } = await import(src('config.ts'));
  const { openPostgres } = await import(src('db/client.ts'));
  const { migrate } = await import(src('db/migrate.ts'));

  const dbName = `rfq_bench_${randomBytes(4).toString('hex')}`;
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
    const buyerId = randomUUID();
    await client.query(
      `INSERT INTO users (id, member_id, full_name, email, phone_number, password_hash, roles, email_verified_at)
       VALUES ($1, 'RB000000', 'Bench Buyer', 'bench-rfq-buyer@example.ca', '+16130000000', 'x', '{buyer}', now())`,
      [buyerId],
    );
    // One owner per storefront.
    await client.query(
      `INSERT INTO users (id, member_id, full_name, email, phone_number, password_hash, roles)
       SELECT gen_random_uuid(), 'RS' || lpad(g::text, 6, '0'), 'Supplier ' || g, 'bench-rfq-' || g || '@example.ca',
              '+1613' || lpad(g::text, 7, '0'), 'x', '{buyer,seller}'
       FROM generate_series(1, $1::int) g`,
      [STOREFRONTS],
    );
    const categories = await client.query(
      `INSERT INTO categories (kind, slug, name_en, name_fr)
       SELECT 'product', 'bench-rfq-' || g, 'Category ' || g, 'Catégorie ' || g FROM generate_series(1, $1::int) g
       RETURNING id`,
      [CATEGORIES],
    );
    const categoryIds = categories.rows.map((row) => Number(row.id));
    const sub = await client.query(
      `INSERT INTO categories (kind, parent_id, slug, name_en, name_fr)
       VALUES ('product', $1, 'bench-rfq-sub', 'Sub', 'Sous') RETURNING id`,
      [categoryIds[0]],
    );
    // Storefronts: a category each (round robin), 3 provinces each (ON in every third), verified one in four.
    await client.query(
      `INSERT INTO sellers (slug, name, business_type, province, city, postal_code, verified, claimed, owner_user_id,
         primary_category_id, service_provinces, popularity_score)
       SELECT 'bench-rfq-' || u.n, 'Bench Supplier ' || u.n, 'manufacturer', 'ON', 'Hamilton', 'L8P 4R5',
              u.n % 4 = 0, true, u.id, ($1::bigint[])[1 + u.n % $2::int],
              ARRAY[($3::text[])[1 + u.n % 13], ($3::text[])[1 + (u.n / 13) % 13], CASE WHEN u.n % 3 = 0 THEN 'ON' ELSE 'QC' END],
              (u.n * 7919 % 1000)::float
       FROM (SELECT id, substring(member_id FROM 3)::int AS n FROM users WHERE member_id LIKE 'RS%') u`,
      [categoryIds, CATEGORIES, PROVINCES],
    );
    await client.query('ANALYZE');

    // The compared request: 10 storefronts of the first category serving ON, each quoting twice, 50 products each
    // with reviews, and 5 attachments.
    const chosen = (
      await client.query(
        `SELECT id, owner_user_id FROM sellers WHERE primary_category_id = $1 AND 'ON' = ANY (service_provinces)
         ORDER BY verified DESC, popularity_score DESC, id LIMIT 10`,
        [categoryIds[0]],
      )
    ).rows;
    const rfqId = randomUUID();
    await client.query(
      `INSERT INTO rfqs (id, buyer_id, title, category_id, description, quantity, deadline, delivery_province,
         delivery_postal_code, attachment_count)
       VALUES ($1, $2, 'Bench brackets', $3, '500 brackets', 500, now() + interval '7 days', 'ON', 'M5H 2N2', 5)`,
      [rfqId, buyerId, categoryIds[0]],
    );
    await client.query(`INSERT INTO rfq_buyer_limits (buyer_id, open_count) VALUES ($1, 1)`, [buyerId]);
    for (const [index, seller] of chosen.entries()) {
      const recipientId = randomUUID();
      await client.query(
        `INSERT INTO rfq_recipients (id, rfq_id, seller_id, seller_user_id, position, status)
         VALUES ($1, $2, $3, $4, $5, 'quoted')`,
        [recipientId, rfqId, seller.id, seller.owner_user_id, index + 1],
      );
      await client.query(
        `INSERT INTO rfq_quote_versions (recipient_id, version, unit_price_cents, tiers, lead_days, shipping_cents,
           valid_until)
         SELECT $1, v, 1500 - v * 10 - $2::int, '[{"minQuantity":100,"unitPriceCents":1200},{"minQuantity":1000,"unitPriceCents":1000}]',
                7 + $2::int, 5000, current_date + 30
         FROM generate_series(1, 2) v`,
        [recipientId, index],
      );
    }
    await client.query(
      `INSERT INTO products (slug, seller_id, category_id, subcategory_id, status, name_en, name_fr, description_en,
         description_fr, price_tiers, min_price_cents, max_price_cents, min_order_quantity, lead_days, delivery_days,
         origin, province, business_type)
       SELECT 'bench-rfq-' || s || '-' || g, s, $1, $2, 'active', 'Bracket ' || g, 'Support ' || g, 'A bracket.',
         'Un support.', '[{"minQuantity":1,"maxQuantity":null,"unitPriceCents":2500}]'::jsonb, 2500, 2500, 1, 5, 3,
         'made-in-canada', 'ON', 'manufacturer'
       FROM unnest($3::bigint[]) s, generate_series(1, 50) g`,
      [categoryIds[0], sub.rows[0].id, chosen.map((row) => row.id)],
    );
    await client.query(
      `INSERT INTO product_reviews (product_id, author_name, rating)
       SELECT p.id, 'Reviewer ' || r, 1 + (p.id + r) % 5
       FROM products p CROSS JOIN generate_series(1, 4) r WHERE p.slug LIKE 'bench-rfq-%'`,
    );
    await client.query(
      `INSERT INTO rfq_attachments (id, rfq_id, storage_key, filename, content_type, bytes)
       SELECT gen_random_uuid(), $1::uuid, 'rfq-attachments/' || $1::text || '/' || g || '.pdf', 'drawing-' || g || '.pdf',
              'application/pdf', 100000
       FROM generate_series(1, 5) g`,
      [rfqId],
    );
    await client.query('ANALYZE');
    console.info(
      `rfq (PostgreSQL, ${dbName}): ${STOREFRONTS} storefronts in ${CATEGORIES} categories, a request with ` +
        `${chosen.length} quoting suppliers (2 versions each, 50 products and 200 reviews each, 5 attachments), ` +
        `set up in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`,
    );

    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SERVICES: 'buyer', SEED: 'never' });
    app = await buildApp({ config, database, logger: false });
    await app.ready();
    await database.warmUp?.();
    const cookie = `ms_session=${await app.auth.sessions.create(buyerId)}`;
    let matched = 0;
    let compared = 0;
    const cases = [
      [
        'GET /healthz',
        null,
        async () => {
          const res = await app.inject({ method: 'GET', url: '/healthz' });
          if (res.statusCode !== 200) throw new Error(`healthz ${res.statusCode}`);
        },
      ],
      [
        'matching (rfqCandidates)',
        20,
        async (i) => {
          const found = await app.sellers.rfqCandidates(app.db, {
            categoryId: categoryIds[i % CATEGORIES],
            province: PROVINCES[i % PROVINCES.length],
            limit: 10,
            excludeOwnerUserIds: [buyerId],
          });
          matched = Math.max(matched, found.length);
        },
      ],
      [
        'comparison of 10 quotes',
        30,
        async () => {
          const res = await app.inject({
            method: 'GET',
            url: `/api/v1/rfqs/${rfqId}?sort=delivered`,
            headers: { role: 'buyer', cookie },
          });
          if (res.statusCode !== 200)
            throw new Error(`comparison ${res.statusCode}: ${res.body.slice(0, 300)}`);
          compared = res.json().suppliers.length;
        },
      ],
    ];
    const missed = [];
    for (const [label, target, ask] of cases) {
      for (let i = 0; i < 20; i++) await ask(i); // warm-up
      const times = [];
      const cpu = process.cpuUsage();
      const dbCpu = backendsCpuMs(dbName);
      const started = performance.now();
      for (let i = 0; i < REQUESTS; i++) {
        const t0 = performance.now();
        await ask(i);
        times.push(performance.now() - t0);
      }
      const wall = performance.now() - started;
      const used = process.cpuUsage(cpu);
      const nodeMs = (used.user + used.system) / 1000 / REQUESTS;
      const pgMs = (backendsCpuMs(dbName) - dbCpu) / REQUESTS;
      times.sort((a, b) => a - b);
      const p99 = percentile(times, 99);
      if (target !== null && p99 > target) missed.push(label);
      console.info(
        `${label.padEnd(28)} p50 ${percentile(times, 50).toFixed(2)} ms  p99 ${p99.toFixed(2)} ms` +
          `${target === null ? '' : ` (target ≤ ${target} ms)`}  CPU/request node ${nodeMs.toFixed(2)} ms + ` +
          `PostgreSQL ${pgMs.toFixed(2)} ms  (${REQUESTS} in ${(wall / 1000).toFixed(1)} s)`,
      );
    }
    console.info(
      `rfq: up to ${matched} suppliers matched, ${compared} compared; targets ` +
        (missed.length === 0 ? 'met' : `MISSED: ${missed.join(', ')}`),
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
