// Accept-invoice benchmark (printed figures, not a timed test). Run from the repository root:
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/accept-invoice.ts
// Knobs: BENCH_BUYERS (default 50), BENCH_ROUNDS (default 4), BENCH_WARM_UP_ROUNDS (default 1: concurrent bursts
// before the measured rounds, printed apart, decision 235), BENCH_POOL (server pool, default 10), BENCH_SQL=1
// (lists the statements of the one-at-a-time pass), BENCH_PROFILE=<path> (a V8 CPU profile of each concurrent
// round, <path>.<round>.cpuprofile: only the burst, not the setup), BENCH_PERF=<path> (Linux `perf record -a -g` of
// each concurrent round's burst only, <path>.<round>.data: where PostgreSQL's backends spend their CPU).
// Each round, BENCH_BUYERS buyers first open their own invoice (GET invoice/details, untimed, on the connection each
// keeps, decision 226), then all at once each accept it over HTTP (POST invoice/accept), then
// create its payment intent (POST payment/create-order-intent): latency p50/p99 of each step and of the two
// together, against one server process on PostgreSQL. Then checks exactly one order per invoice, and prints the
// machine's load average (the figures mean little on a machine busy with other work). Target: p99 ≤ 100 ms, judged
// on the measured rounds; the warm-up bursts' figures (the first concurrent burst after the server starts) are
// printed before them.
// The measured requests come from a load generator in a process of its own (bench/accept-invoice-client.ts,
// decision 196), as real buyers' do: its CPU is printed apart and not counted as the server's. The setup's
// requests (inquiries, invoices) still go from this process, outside the measured phases.
import { execSync, fork, spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { invoiceAcceptanceTerms } from '@maplesource/contracts';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openPostgres } from '../apps/server/src/db/client';
import { migrate } from '../apps/server/src/db/migrate';
import { preloadMailLayout } from '../apps/server/src/plugins/mail-layout';
import { rowsOf } from '../apps/server/src/db/transaction';
import { seedCatalog } from '../apps/server/src/seed/catalog';
import { httpCall } from './http-call';
import type {
  ClientAnswer,
  FromClient,
  PairJob,
  PairResult,
  ToClient,
  ViewJob,
} from './accept-invoice-client';

const baseUrl = process.env.DATABASE_URL;
if (!baseUrl) throw new Error('Set DATABASE_URL (PostgreSQL)');
const BUYERS = Number(process.env.BENCH_BUYERS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
// Concurrent bursts run before the measured rounds and reported apart (decision 235): the first burst after the
// server starts is also where V8 compiles the hot paths' optimised code.
const WARM_UP_ROUNDS = Number(process.env.BENCH_WARM_UP_ROUNDS ?? 1);
// The server's pool (the app's default is 10).
const POOL = Number(process.env.BENCH_POOL ?? 10);
const loadAtStart = execSync('uptime').toString().trim();

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
function report(label: string, samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  process.stdout.write(
    `${label.padEnd(40)} n=${String(sorted.length).padStart(5)}  p50 ${percentile(sorted, 50).toFixed(2)} ms  p99 ${percentile(sorted, 99).toFixed(2)} ms  max ${sorted.at(-1)!.toFixed(2)} ms\n`,
  );
  return percentile(sorted, 99);
}

// Every statement any pool client sends (pool.query goes through Client.prototype.query too): counted per step
// in the one-at-a-time baseline, so a change in round trips shows beside the latency.
let statements = 0;
const statementTexts = new Map<string, number>();
const clientQuery = pg.Client.prototype.query;
// The texts are kept only with BENCH_SQL: normalising every statement's text cost this process ≈ 0.4 ms of CPU
// per accept + intent, which the figures below would count as the server's.
const keepTexts = Boolean(process.env.BENCH_SQL);
pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
  statements += 1;
  if (keepTexts) {
    const first = args[0] as string | { text?: string };
    const text = (typeof first === 'string' ? first : (first?.text ?? '')).replace(/\s+/g, ' ').slice(0, 110);
    statementTexts.set(text, (statementTexts.get(text) ?? 0) + 1);
  }
  return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

// Time from asking the pool for a client to getting one (pool.query asks through connect too): how long
// requests (and the event dispatcher) queue for one of the POOL connections.
let poolWaitMs = 0;
let poolConnects = 0;
const poolConnect = pg.Pool.prototype.connect;
pg.Pool.prototype.connect = function timedConnect(this: pg.Pool, callback?: unknown) {
  const asked = performance.now();
  const got = () => {
    poolWaitMs += performance.now() - asked;
    poolConnects += 1;
  };
  if (typeof callback === 'function')
    return (poolConnect as (cb: unknown) => void).call(this, (...results: unknown[]) => {
      got();
      (callback as (...r: unknown[]) => void)(...results);
    });
  return (poolConnect as () => Promise<pg.PoolClient>).call(this).then((client) => {
    got();
    return client;
  });
} as typeof pg.Pool.prototype.connect;

const dbName = `accept_bench_${randomBytes(4).toString('hex')}`;
/** CPU seconds (user + system) of the PostgreSQL backends serving the bench's database (Linux /proc). */
const ticksPerSecond = Number(execSync('getconf CLK_TCK').toString().trim()) || 100;
function databaseBackendsCpuMs(): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name)))
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!command.startsWith('postgres:') || !command.includes(` ${dbName} `)) continue;
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of stat)
    } catch {
      // the process ended meanwhile
    }
  return (ticks / ticksPerSecond) * 1000;
}
const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const dbUrl = new URL(baseUrl);
dbUrl.pathname = `/${dbName}`;
const database = await openPostgres(dbUrl.toString(), POOL);
await migrate(database);
// NODE_ENV test: the dev storefront route makes the seller's storefront; the jobs worker stays quiet.
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  SERVICES: 'buyer,chat,payment',
  SEED: 'never',
});
await seedCatalog({ database, config, log: () => undefined, options: { products: 40 } });
const app = await buildApp({ config, database, logger: false });
// As main.ts does before it listens: every pool connection open, its hot statements prepared (decision 215), MJML
// loaded (decision 341).
await database.warmUp();
await preloadMailLayout();
await app.listen({ port: 0, host: '127.0.0.1' });
const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

/** `perf record` of the whole machine until `stop()`: started once it says it is recording. */
async function startPerf(output: string) {
  const recorder = spawn('perf', ['record', '-a', '-g', '-F', '2999', '-o', output], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => recorder.once('exit', () => resolve()));
  // perf writes nothing until it stops: give it the time to open its events on every CPU.
  await new Promise((resolve) => setTimeout(resolve, 300));
  return {
    stop: async () => {
      recorder.kill('SIGINT');
      await exited;
    },
  };
}

type Party = { id: string; cookie: string };
let serial = 0;
async function user(roles: string[], name: string): Promise<Party> {
  serial += 1;
  const id = randomUUID();
  const n = String(serial).padStart(7, '0');
  await database.db.execute(sql`
    INSERT INTO users (id, member_id, full_name, email, phone_number, password_hash, roles)
    VALUES (${id}, ${`B${n}`}, ${name}, ${`bench${n}@example.ca`}, ${`+1613${n}`}, 'x', ${`{${roles.join(',')}}`})`);
  return { id, cookie: `ms_session=${await app.auth.sessions.create(id)}` };
}
// The setup's HTTP client (not measured): node:http with a keep-alive agent. The measured requests go from the
// load generator's process with the same client code (one keep-alive socket per buyer, JSON bodies).
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const { port } = new URL(url);
function call(party: Party, method: string, path: string, body?: unknown, role = 'buyer') {
  return httpCall(agent, port, { method, path, cookie: party.cookie, role, body });
}
function must(answer: { status: number; json: Record<string, unknown> }, status: number, what: string) {
  if (answer.status !== status) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.json)}`);
  return answer.json;
}

// The load generator: a child process (decision 196), answering one request or one burst of pairs at a time.
const client = fork(new URL('./accept-invoice-client.ts', import.meta.url), {
  execArgv: ['--import', 'tsx'],
  env: { ...process.env, BENCH_SERVER_PORT: port },
});
const clientReady = new Promise<void>((resolve, reject) => {
  client.once('message', () => resolve());
  client.once('error', reject);
});
let nextMessage = 0;
const waiting = new Map<number, (message: FromClient) => void>();
client.on('message', (message: FromClient) => {
  if (message.type === 'ready') return;
  waiting.get(message.id)?.(message);
  waiting.delete(message.id);
});
function toClient(message: ToClient & { id: number }): Promise<FromClient> {
  return new Promise((resolve) => {
    waiting.set(message.id, resolve);
    client.send(message);
  });
}
async function clientCall(party: Party, method: string, path: string, body: unknown): Promise<ClientAnswer> {
  nextMessage += 1;
  const answer = await toClient({
    type: 'request',
    id: nextMessage,
    request: { method, path, cookie: party.cookie, role: 'buyer', body },
  });
  return (answer as Extract<FromClient, { type: 'answer' }>).answer;
}
/** Every buyer opens its own invoice (untimed), as on the invoice page before accepting it (decision 226). */
async function clientView(jobs: ViewJob[]) {
  nextMessage += 1;
  const { statuses } = (await toClient({ type: 'view', id: nextMessage, jobs })) as Extract<
    FromClient,
    { type: 'viewed' }
  >;
  const failed = statuses.filter((status) => status !== 200);
  if (failed.length) throw new Error(`invoice details: ${failed.length} answers were not 200 (${failed[0]})`);
}
async function clientBurst(jobs: PairJob[]): Promise<{ results: PairResult[]; cpuMs: number }> {
  nextMessage += 1;
  return (await toClient({ type: 'burst', id: nextMessage, jobs })) as Extract<FromClient, { type: 'burst' }>;
}

const address = {
  fullName: 'Bench Buyer',
  line1: '100 Queen St W',
  line2: null,
  city: 'Toronto',
  province: 'ON',
  postalCode: 'M5H 2N2',
  country: 'CA',
  phone: null,
  addressType: 'Shipping',
};
const signature =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 200"><path d="M10 80 C 40 10, 65 10, 95 80" stroke="#000" stroke-width="2" fill="none"/></svg>';

try {
  const seller = await user(['buyer', 'seller'], 'Bench Seller');
  const store = must(
    await call(seller, 'POST', '/api/v1/dev/storefront', undefined, 'buyer'),
    201,
    'dev storefront',
  ) as { seller: { id: number }; product: { id: number } };
  must(
    await call(
      seller,
      'PUT',
      `/api/v1/seller/${store.seller.id}/tax-profile`,
      {
        legalName: 'Bench Seller Manufacturing Inc.',
        gstHstNumber: '123456789RT0001',
        qstNumber: null,
        smallSupplier: false,
      },
      'seller',
    ),
    200,
    'tax profile',
  );
  const buyers = await Promise.all(
    Array.from({ length: BUYERS }, (_, i) => user(['buyer'], `Bench Buyer ${i}`)),
  );
  const deadline = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const tokens: string[] = [];

  /** Setup (not measured): each buyer's inquiry and the seller's invoice in that conversation. */
  async function prepareInvoices() {
    const invoices: string[] = [];
    for (const buyer of buyers) {
      const inquiry = must(
        await call(buyer, 'POST', '/api/v1/quotation', {
          productId: Number(store.product.id),
          quantity: 10,
          minPrice: 10,
          maxPrice: 20,
          deadline,
          deliveryProvince: 'ON',
          deliveryPostalCode: 'M5H2N2',
          leadDays: 5,
          message: 'Benchmark inquiry.',
        }),
        201,
        'inquiry',
      ) as { chatId: string };
      const invoice = must(
        await call(
          seller,
          'POST',
          `/api/v1/chats/${inquiry.chatId}/invoices`,
          { negotiatedPriceCents: 15_000, shippingCents: 1_000 },
          'seller',
        ),
        201,
        'invoice',
      ) as { invoice: { token: string } };
      invoices.push(invoice.invoice.token);
    }
    tokens.push(...invoices);
    return invoices;
  }

  type Samples = {
    accept: number[];
    intent: number[];
    both: number[];
    acceptSql: number[];
    intentSql: number[];
  };
  const acceptBody = (token: string) => ({
    invoiceToken: token,
    shippingAddress: address,
    billingAddress: null,
    isBillingSameAsShipping: true,
    signature: { fullName: 'Bench Buyer', svg: signature },
    termsVersion: invoiceAcceptanceTerms.version,
    termsLanguage: 'en',
  });
  /** One buyer's pair, one request at a time through the load generator (statements counted per request). */
  async function acceptAndPay(buyer: Party, token: string, samples: Samples) {
    const statementsBefore = statements;
    const accept = await clientCall(buyer, 'POST', '/api/v1/invoice/accept', acceptBody(token));
    const accepted = must(accept, 201, 'accept') as { orderId: string };
    const statementsAccepted = statements;
    const intent = await clientCall(buyer, 'POST', '/api/v1/payment/create-order-intent', {
      orderId: accepted.orderId,
    });
    must(intent, 200, 'intent');
    samples.accept.push(accept.ms);
    samples.intent.push(intent.ms);
    samples.both.push(accept.ms + intent.ms);
    samples.acceptSql.push(statementsAccepted - statementsBefore);
    samples.intentSql.push(statements - statementsAccepted);
  }
  /** Every buyer's pair at once, from the load generator; returns its CPU over the burst. */
  async function burst(invoices: string[], samples: Samples) {
    const { results, cpuMs } = await clientBurst(
      buyers.map((buyer, i) => ({ cookie: buyer.cookie, accept: acceptBody(invoices[i]!) })),
    );
    for (const result of results) {
      must(result.accept, 201, 'accept');
      must(result.intent ?? { status: 0, json: {} }, 200, 'intent');
      samples.accept.push(result.accept.ms);
      samples.intent.push(result.intent!.ms);
      samples.both.push(result.ms);
    }
    return cpuMs;
  }
  const newSamples = (): Samples => ({ accept: [], intent: [], both: [], acceptSql: [], intentSql: [] });

  // Baseline: the same buyers one after the other (no contention), to tell the machine's speed from contention.
  await clientReady;
  const alone = newSamples();
  const firstRound = await prepareInvoices();
  await clientView(buyers.map((buyer, i) => ({ cookie: buyer.cookie, token: firstRound[i]! })));
  statementTexts.clear();
  // The server runs in this process: its event loop's longest stall in the pass, where a slow request comes from
  // work that holds the loop rather than from the request's own statements (decision 341).
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();
  for (const [i, buyer] of buyers.entries()) await acceptAndPay(buyer, firstRound[i]!, alone);
  loopDelay.disable();
  const aloneLongestStallMs = loopDelay.max / 1e6;
  const aloneTexts = [...statementTexts.entries()].sort((a, b) => b[1] - a[1]);
  const together = newSamples();
  // Where the time goes while the buyers fire at once (measured over the concurrent phases only; the event
  // deliveries the accepts cause partly run after a phase ends, and the setup's ones partly during it).
  const cost = {
    nodeCpuMs: 0,
    clientCpuMs: 0,
    backendCpuMs: 0,
    poolWaitMs: 0,
    connects: 0,
    statements: 0,
    wallMs: 0,
  };
  const profiler = process.env.BENCH_PROFILE ? new Session() : null;
  if (profiler) {
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.setSamplingInterval', { interval: 200 });
  }
  // Each round's own figures, with the server's CPU per pair: the same work took 1.5 to 4.5 ms of it from one round
  // to the next on a machine doing nothing else (decision 231), so a round's latency says as much about the host.
  const rounds: string[] = [];
  const warmUp = newSamples();
  const warmUpRounds: string[] = [];
  for (let round = -WARM_UP_ROUNDS; round < ROUNDS; round += 1) {
    const measured = round >= 0;
    const invoices = await prepareInvoices();
    await clientView(buyers.map((buyer, i) => ({ cookie: buyer.cookie, token: invoices[i]! })));
    if (profiler) await profiler.post('Profiler.start');
    const perf = process.env.BENCH_PERF
      ? await startPerf(`${process.env.BENCH_PERF}.${measured ? round : `warm-up${round}`}.data`)
      : null;
    // Reading /proc for the backends first: its own CPU is then not counted as the Node process's.
    const before = {
      backend: databaseBackendsCpuMs(),
      cpu: process.cpuUsage(),
      wait: poolWaitMs,
      connects: poolConnects,
      statements,
      at: performance.now(),
    };
    const clientCpuMs = await burst(invoices, measured ? together : warmUp);
    await perf?.stop();
    if (profiler) {
      const { profile } = await profiler.post('Profiler.stop');
      writeFileSync(
        `${process.env.BENCH_PROFILE}.${measured ? round : `warm-up${round}`}.cpuprofile`,
        JSON.stringify(profile),
      );
    }
    const cpu = process.cpuUsage(before.cpu);
    const nodeCpuMs = (cpu.user + cpu.system) / 1000;
    const backendCpuMs = databaseBackendsCpuMs() - before.backend;
    const wallMs = performance.now() - before.at;
    if (measured) {
      cost.nodeCpuMs += nodeCpuMs;
      cost.clientCpuMs += clientCpuMs;
      cost.backendCpuMs += backendCpuMs;
      cost.poolWaitMs += poolWaitMs - before.wait;
      cost.connects += poolConnects - before.connects;
      cost.statements += statements - before.statements;
      cost.wallMs += wallMs;
    }
    const pairs = (measured ? together : warmUp).both.slice(-BUYERS).sort((x, y) => x - y);
    (measured ? rounds : warmUpRounds).push(
      `${measured ? `round ${round + 1}` : `warm-up ${round + WARM_UP_ROUNDS + 1}`}: ` +
        `pair p50 ${percentile(pairs, 50).toFixed(0)} ms, max ${pairs.at(-1)!.toFixed(0)} ms, ` +
        `wall ${wallMs.toFixed(0)} ms, server CPU ${(nodeCpuMs / BUYERS).toFixed(2)} ms/pair, ` +
        `PostgreSQL CPU ${(backendCpuMs / BUYERS).toFixed(2)} ms/pair, load generator CPU ${(clientCpuMs / BUYERS).toFixed(2)} ms/pair`,
    );
  }

  process.stdout.write(
    `accept-invoice → order → intent on PostgreSQL (pool of ${POOL}), ${BUYERS} buyers; ` +
      `1 server process, the load generator in a process of its own\n`,
  );
  report('one at a time: POST invoice/accept', alone.accept);
  report('one at a time: create-order-intent', alone.intent);
  report('one at a time: accept → order → intent', alone.both);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  process.stdout.write(
    `SQL statements (one at a time, median per request): accept ${median(alone.acceptSql)}, intent ${median(alone.intentSql)}\n` +
      `longest event-loop stall of the server during the one-at-a-time pass: ${aloneLongestStallMs.toFixed(0)} ms\n`,
  );
  if (process.env.BENCH_SQL)
    for (const [text, n] of aloneTexts.slice(0, 40))
      process.stdout.write(`  ${String(n).padStart(5)}  ${text}\n`);
  if (WARM_UP_ROUNDS > 0) {
    process.stdout.write(
      `${BUYERS} concurrent buyers, ${WARM_UP_ROUNDS} warm-up burst(s) first (the first after start; not in the figures below):\n`,
    );
    report('warm-up: accept → order → intent', warmUp.both);
    process.stdout.write(`${warmUpRounds.join('; ')}\n`);
  }
  process.stdout.write(`${BUYERS} concurrent buyers × ${ROUNDS} rounds:\n`);
  report('POST invoice/accept', together.accept);
  report('POST payment/create-order-intent', together.intent);
  const p99 = report('accept → order → intent', together.both);
  process.stdout.write(`${rounds.join('; ')}\n`);
  const pairs = BUYERS * ROUNDS;
  const perPair = (value: number) => (value / pairs).toFixed(2);
  process.stdout.write(
    `per accept + intent while concurrent: ${perPair(cost.statements)} SQL statements, ` +
      `${perPair(cost.nodeCpuMs)} ms CPU in the server's Node process, ` +
      `${perPair(cost.clientCpuMs)} ms CPU in the load generator's, ` +
      `${perPair(cost.backendCpuMs)} ms CPU in PostgreSQL backends, ` +
      `${perPair(cost.poolWaitMs)} ms waiting for a pool connection (${(cost.poolWaitMs / Math.max(cost.connects, 1)).toFixed(2)} ms per checkout); ` +
      `wall ${(cost.wallMs / ROUNDS).toFixed(0)} ms per round\n`,
  );
  const [check] = rowsOf<{ orders: number | string; invoices: number | string; duplicated: number | string }>(
    await database.db.execute(sql`
      SELECT count(*) AS orders, count(DISTINCT invoice_id) AS invoices,
             (SELECT count(*) FROM (SELECT invoice_id FROM orders GROUP BY invoice_id HAVING count(*) > 1) d) AS duplicated
      FROM orders`),
  );
  const [intents] = rowsOf<{ n: number | string }>(
    await database.db.execute(sql`SELECT count(*) AS n FROM order_payments`),
  );
  const oneEach =
    Number(check!.orders) === tokens.length &&
    Number(check!.invoices) === tokens.length &&
    Number(check!.duplicated) === 0 &&
    Number(intents!.n) === tokens.length;
  process.stdout.write(
    `orders ${check!.orders} for ${tokens.length} invoices, intents ${intents!.n}: ${oneEach ? 'exactly one order and one intent per invoice' : 'MISMATCH'}\n`,
  );
  process.stdout.write(`target p99 ≤ 100 ms: ${p99 <= 100 ? 'met' : 'NOT met'}\n`);
  process.stdout.write(
    `load at start: ${loadAtStart}\nload at end:   ${execSync('uptime').toString().trim()}\n`,
  );
  if (!oneEach) process.exitCode = 1;
} finally {
  if (client.connected) client.send({ type: 'end' } satisfies ToClient);
  agent.destroy();
  await app.close();
  await database.close();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
  await admin.end();
}
