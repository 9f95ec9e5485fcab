// The ledger and the payout run (decisions 296, 297) on PostgreSQL, in a database of their own, dropped at the end:
// (1) `GET /api/v1/seller/:id/balance` for a storefront with BENCH_LEDGER_ORDERS paid and released orders (default
//     50,000: 100,000 ledger entries, 300,000 lines, 50,000 holds), sequentially through Fastify (`app.inject`),
//     next to `/healthz` in the same run — target p99 ≤ 10 ms;
// (2) what the capture's ledger posting adds to the payment webhook's transaction: the posting's statements timed
//     inside an open transaction for BENCH_LEDGER_CAPTURES fresh orders — target p50 ≤ 2 ms;
// (3) a payout run (`runPayouts`, the daily job's code) for BENCH_LEDGER_SELLERS storefronts (default 5,000), each
//     with an active sandbox payout account and an available balance: the payout rows and postings, and each
//     transfer through the sandbox provider — target ≤ 60 s.
// Each figure with the CPU per request (or per payout) of the Node process and of the PostgreSQL backends.
// Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/ledger.bench.mjs
// (or `npm run bench ledger`). Skipped without DATABASE_URL.
import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { backendsCpuMs, percentile } from './postgres-cpu.mjs';

const ORDERS = Number(process.env.BENCH_LEDGER_ORDERS ?? 50_000);
const CAPTURES = Number(process.env.BENCH_LEDGER_CAPTURES ?? 500);
const SELLERS = Number(process.env.BENCH_LEDGER_SELLERS ?? 5_000);
const REQUESTS = Number(process.env.BENCH_LEDGER_REQUESTS ?? 500);
const BATCH = 200;

/** Runs `fn` `count` times one after the other; latency percentiles and CPU per call (Node, PostgreSQL). */
async function measure(dbName, count, fn) {
  const times = [];
  const cpu = process.cpuUsage();
  const dbCpu = backendsCpuMs(dbName);
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    const inner = await fn(i);
    times.push(typeof inner === 'number' ? inner : performance.now() - t0);
  }
  const used = process.cpuUsage(cpu);
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    nodeMs: (used.user + used.system) / 1000 / count,
    pgMs: (backendsCpuMs(dbName) - dbCpu) / count,
  };
}

const line = (label, m) =>
  `${label.padEnd(44)} p50 ${m.p50.toFixed(2)} ms  p99 ${m.p99.toFixed(2)} ms  ` +
  `CPU/call node ${m.nodeMs.toFixed(2)} ms + PostgreSQL ${m.pgMs.toFixed(2)} ms`;

/** The ledger's accounts of a storefront and of the platform, made once: `{ pending, available, paidOut, cash, fees, feeTax }`. */
async function accountsOf(client, sellerId) {
  const rows = await client.query(
    `INSERT INTO ledger_accounts (holder_kind, holder_id, kind)
     VALUES ('seller', $1, 'pending'), ('seller', $1, 'available'), ('seller', $1, 'paid_out'),
            ('platform', '', 'cash_at_provider'), ('platform', '', 'fees'), ('platform', '', 'fee_tax')
     ON CONFLICT (holder_kind, holder_id, kind) DO UPDATE SET kind = EXCLUDED.kind
     RETURNING id, holder_kind, kind`,
    [String(sellerId)],
  );
  const id = (holder, kind) => rows.rows.find((r) => r.holder_kind === holder && r.kind === kind).id;
  return {
    pending: id('seller', 'pending'),
    available: id('seller', 'available'),
    cash: id('platform', 'cash_at_provider'),
    fees: id('platform', 'fees'),
    feeTax: id('platform', 'fee_tax'),
  };
}

/**
 * `count` orders of one storefront, captured and released as the ledger posts them (5 % fee, 13 % HST on it): two
 * entries, six lines and a released hold each, in transactions of BATCH orders (an account row updated thousands of
 * times in one transaction would make each update walk its whole version chain).
 */
async function paidAndReleased(client, sellerId, accounts, count) {
  for (let done = 0; done < count; done += BATCH) {
    const n = Math.min(BATCH, count - done);
    await client.query('BEGIN');
    await client.query(
      `WITH o AS (
         SELECT gen_random_uuid() AS id, 10000 + (g % 50) * 113 AS gross FROM generate_series(1, $2::int) g
       ), f AS (
         SELECT id, gross, gross * 5 / 100 AS fee, gross * 5 / 100 * 13 / 100 AS tax FROM o
       ), e AS (
         INSERT INTO ledger_entries (posting_key, kind, order_id)
         SELECT k || ':' || f.id, k, f.id FROM f, unnest(ARRAY['capture', 'release']) k
         RETURNING id, kind, order_id
       ), h AS (
         INSERT INTO ledger_holds (order_id, seller_id, buyer_user_id, gross_cents, fee_cents, fee_tax_cents,
           fee_rate_bps, held_cents, release_at, released_at)
         SELECT id, $1::bigint, gen_random_uuid(), gross, fee, tax, 500, 0, now() - interval '1 day', now() FROM f
       )
       INSERT INTO ledger_lines (entry_id, account_id, amount_cents)
       SELECT e.id, l.account_id, l.amount FROM e JOIN f ON f.id = e.order_id
       CROSS JOIN LATERAL (VALUES
         (e.kind = 'capture', $3::bigint, -f.gross), (e.kind = 'capture', $4::bigint, f.gross - f.fee - f.tax),
         (e.kind = 'capture', $5::bigint, f.fee), (e.kind = 'capture', $6::bigint, f.tax),
         (e.kind = 'release', $4::bigint, -(f.gross - f.fee - f.tax)),
         (e.kind = 'release', $7::bigint, f.gross - f.fee - f.tax)
       ) AS l(wanted, account_id, amount)
       WHERE l.wanted ORDER BY e.id, l.account_id`,
      [sellerId, n, accounts.cash, accounts.pending, accounts.fees, accounts.feeTax, accounts.available],
    );
    await client.query('COMMIT');
  }
}

export async function run() {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    console.info('ledger: skipped (needs DATABASE_URL)');
    return;
  }
  const { register } = await import('tsx/esm/api');
  const unregister = register();
  const src = (file) => pathToFileURL(path.resolve(import.meta.dirname, '../apps/server/src', file)).href;
  const { buildApp } = await import(src('app.ts'));
  const { loadConfig } = await import(src('config.ts'));
  const { openPostgres } = await import(src('db/client.ts'));
  const { migrate } = await import(src('db/migrate.ts'));
  const { withTransaction } = await import(src('db/transaction.ts'));
  const { runPayouts } = await import(src('flows/payout/run-payouts.ts'));

  const dbName = `ledger_bench_${randomBytes(4).toString('hex')}`;
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
    console.info(
      `ledger (PostgreSQL, ${dbName}), load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );

    // (1) One storefront with ORDERS paid and released orders.
    let started = performance.now();
    const ownerId = randomUUID();
    await client.query(
      `INSERT INTO users (id, member_id, full_name, email, phone_number, password_hash, roles)
       VALUES ($1, 'B0000001', 'Bench Seller', 'bench-ledger@example.ca', '+16130000001', 'x', '{buyer,seller}')`,
      [ownerId],
    );
    const seller = await client.query(
      `INSERT INTO sellers (slug, name, business_type, province, city, postal_code, claimed, owner_user_id)
       VALUES ('bench-ledger', 'Bench Ledger', 'manufacturer', 'ON', 'Hamilton', 'L8P 4R5', true, $1) RETURNING id`,
      [ownerId],
    );
    const sellerId = Number(seller.rows[0].id);
    await paidAndReleased(client, sellerId, await accountsOf(client, sellerId), ORDERS);
    await client.query('ANALYZE');
    const counted = await client.query(
      `SELECT (SELECT count(*) FROM ledger_entries) AS entries, (SELECT count(*) FROM ledger_lines) AS lines`,
    );
    console.info(
      `  ${counted.rows[0].entries} entries, ${counted.rows[0].lines} lines for one storefront, ` +
        `set up in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SERVICES: 'buyer,payment',
      SEED: 'never',
      DATA_DIR: path.join(os.tmpdir(), dbName),
    });
    app = await buildApp({ config, database, logger: false });
    await app.ready();
    await database.warmUp?.();
    const cookie = `ms_session=${await app.auth.sessions.create(ownerId)}`;
    const get = async (url, headers = {}) => {
      const res = await app.inject({ method: 'GET', url, headers });
      if (res.statusCode !== 200) throw new Error(`${url} ${res.statusCode}: ${res.body.slice(0, 300)}`);
      return res;
    };
    const balanceUrl = `/api/v1/seller/${sellerId}/balance`;
    for (let i = 0; i < 50; i++) await get(balanceUrl, { role: 'seller', cookie }); // warm-up
    for (let i = 0; i < 50; i++) await get('/healthz');
    const healthz = await measure(dbName, REQUESTS, () => get('/healthz'));
    const balance = await measure(dbName, REQUESTS, () => get(balanceUrl, { role: 'seller', cookie }));
    const body = (await get(balanceUrl, { role: 'seller', cookie })).json();
    console.info(line('/healthz (same run)', healthz));
    console.info(
      `${line('seller balance, 100k entries', balance)}  ` +
        `(available ${(body.availableCents / 100).toFixed(2)} $, ${body.orders.length} orders shown) — ` +
        `target p99 ≤ 10 ms ${balance.p99 <= 10 ? 'met' : 'MISSED'}`,
    );

    // (2) The capture's posting inside the webhook's transaction: the ledger door's statements only.
    const other = await client.query(
      `INSERT INTO sellers (slug, name, business_type, province, city, postal_code, claimed)
       VALUES ('bench-capture', 'Bench Capture', 'manufacturer', 'QC', 'Laval', 'H7N 1A1', false) RETURNING id`,
    );
    const captureSeller = Number(other.rows[0].id);
    const fee = app.ledger.quoteFee({ grossCents: 11_300, rateBps: 500, province: 'QC', date: '2026-11-28' });
    const capture = () =>
      withTransaction(database.db, async (tx) => {
        const t0 = performance.now();
        await app.ledger.postCapture(tx, {
          orderId: randomUUID(),
          sellerId: captureSeller,
          buyerUserId: randomUUID(),
          grossCents: 11_300,
          fee,
          releaseAt: new Date(Date.now() + 12 * 86_400_000),
        });
        return performance.now() - t0;
      });
    for (let i = 0; i < 50; i++) await capture();
    const captured = await measure(dbName, CAPTURES, capture);
    console.info(
      `${line('capture posting in the webhook transaction', captured)} — target p50 ≤ 2 ms ${
        captured.p50 <= 2 ? 'met' : 'MISSED'
      }`,
    );

    // (3) A payout run for SELLERS storefronts with an active sandbox account and an available balance.
    started = performance.now();
    const payees = await client.query(
      `INSERT INTO sellers (slug, name, business_type, province, city, postal_code, claimed)
       SELECT 'bench-payee-' || g, 'Bench Payee ' || g, 'manufacturer', 'ON', 'Guelph', 'N1H 1A1', false
       FROM generate_series(1, $1::int) g RETURNING id`,
      [SELLERS],
    );
    const payeeIds = payees.rows.map((row) => Number(row.id));
    await client.query(
      `INSERT INTO sandbox_connected_accounts (id, idempotency_key, country, details_submitted, charges_enabled,
         payouts_enabled, bank_last4, requirements_due)
       SELECT 'acct_sb_bench_' || s, 'bench-' || s, 'CA', true, true, true, '6789', '{}' FROM unnest($1::bigint[]) s`,
      [payeeIds],
    );
    await client.query(
      `INSERT INTO payout_accounts (seller_id, provider, provider_account_id, status, details_submitted,
         charges_enabled, payouts_enabled, requirements_due, schedule_interval, minimum_cents)
       SELECT s, 'sandbox', 'acct_sb_bench_' || s, 'active', true, true, true, '{}', 'daily', 100
       FROM unnest($1::bigint[]) s`,
      [payeeIds],
    );
    for (const payee of payeeIds) await paidAndReleased(client, payee, await accountsOf(client, payee), 1);
    await client.query('ANALYZE');
    console.info(
      `  ${SELLERS} storefronts with an available balance set up in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const cpu = process.cpuUsage();
    const dbCpu = backendsCpuMs(dbName);
    started = performance.now();
    const summary = await runPayouts(app);
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    const paid = await client.query(`SELECT count(*) AS n FROM payouts WHERE status = 'sent'`);
    console.info(
      `payout run, ${SELLERS} storefronts: ${seconds.toFixed(1)} s (${summary.created} payouts, ${summary.sent} sent, ` +
        `${summary.failed} failed; ${paid.rows[0].n} sent in the table)  CPU/payout node ` +
        `${((used.user + used.system) / 1000 / SELLERS).toFixed(2)} ms + PostgreSQL ` +
        `${((backendsCpuMs(dbName) - dbCpu) / SELLERS).toFixed(2)} ms — target ≤ 60 s ${seconds <= 60 ? 'met' : 'MISSED'}`,
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
