// The cluster's figures (docs/operations.md "Sizing"; printed, not timed tests). One command, from the repository
// root:   npm run bench -- cluster      (or `npx node bench/cluster.mjs` after `npm run build`: the nodes run on
// the Node.js that runs the bench, and npm gives the project's Node.js 24).
// Needs DATABASE_URL (a PostgreSQL server: the cluster creates and drops its own database), REDIS_URL (the cluster
// takes database index 12 and flushes it) and nginx (/usr/sbin/nginx, or NGINX).
// It starts the loopback cluster of scripts/cluster.mjs (three nodes from a fresh release bundle, nginx in front,
// the listing and search result caches off so that every request runs its SQL), then prints:
// 1. Memory of one node: idle, and holding BENCH_SOCKETS (5,000) authenticated sockets.
// 2. The proxy's cost: listing (three filters and a misspelt text) and grouped search at 20 connections, through
//    nginx to the two buyer nodes and straight to one node, alternately, with CPU per request of the nodes, nginx
//    and PostgreSQL, and from it the requests per second one core serves.
// 3. Chat across nodes: BENCH_CONVERSATIONS (200) conversations, buyers held by app-1 and sellers by app-2 (sticky
//    cookie, through nginx), one message a second each: send → stored and send → received p50/p99, CPU per message.
// 4. A rolling restart under that load: app-1 then app-2 stopped with SIGTERM and started again
//    (`scripts/cluster.mjs restart`); clients reconnect and resend what was not acknowledged (same client id).
//    Then: messages lost (acknowledged but not stored, or never acknowledged), stored twice, and the received p99
//    while a node was restarting.
// Knobs: BENCH_PRODUCTS (20000: the seed's catalogue), BENCH_SOCKETS (5000), BENCH_CONVERSATIONS (200),
// BENCH_SECONDS (15), BENCH_LOAD_SECONDS (10 per autocannon run), BENCH_PHASES (memory,proxy,chat,rolling: a
// subset runs only those), BENCH_QUIET_LOAD / BENCH_QUIET_WAIT_S (decision 227); BENCH_KEEP=1 keeps the logs.
import { execSync, fork, spawnSync } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { io as connect } from 'socket.io-client';
import { makeRelease } from '../scripts/release.mjs';
import { percentile } from './postgres-cpu.mjs';
import { cpuMsOf, cpuMsOfCommand, rssOf, waitForQuiet } from './process-stats.mjs';

const repoRoot = path.resolve(import.meta.dirname, '..');
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 20_000);
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 5_000);
const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const PROXY_PORT = 4660;
const FIRST_APP_PORT = 4860;
const ACK_TIMEOUT_MS = 5_000;
// Decision 227: the measured phases start on a quiet machine (the 1-minute load average below half the CPUs).
const QUIET_LOAD = Number(process.env.BENCH_QUIET_LOAD ?? cpus().length / 2);
const PHASES = new Set((process.env.BENCH_PHASES ?? 'memory,proxy,chat,rolling').split(','));
const QUIET_WAIT_SECONDS = Math.min(180, Math.max(0, Number(process.env.BENCH_QUIET_WAIT_S ?? 180)));

const print = (line) => process.stdout.write(`${line}\n`);
const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const load = () =>
  `load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(', ')}`;
const ms = (value) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : 'n/a');
const sortedOf = (samples) => [...samples].sort((a, b) => a - b);

/** Three filters and a text with a typo (as bench/catalog-listing.mjs), and words of the seeded catalogue. */
const listingPaths = [
  '/api/v1/product?q=alumnum%20extrusion&state=ON&isVerified=true&deliveryDays=10&pageSize=20',
  '/api/v1/product?q=stainless&state=QC&isVerified=true&maxPrice=500000&pageSize=20',
  '/api/v1/product?q=boitier%20inoxidable&state=ON&origin=made-in-canada&minQuantity=100&pageSize=20',
  '/api/v1/product?q=pallet&state=BC&isVerified=false&deliveryDays=7&pageSize=20',
];
const searchPaths = ['steel', 'aluminum', 'pallet', 'valve', 'sensor', 'bracket', 'pump', 'maple'].map(
  (word) => `/api/v1/search?q=${word}`,
);

function cluster(command, args = [], extraEnv = {}) {
  const result = spawnSync(process.execPath, ['scripts/cluster.mjs', command, ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...clusterEnv, ...extraEnv },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`cluster ${command} failed: ${result.stdout}${result.stderr}`);
  return result.stdout;
}

let clusterEnv = {};
const state = () => JSON.parse(readFileSync(path.join(clusterEnv.CLUSTER_DIR, 'cluster.json'), 'utf8'));
const pidOf = (name) => state().processes.find((entry) => entry.name === name)?.pid;

/** CPU (ms) used so far by the cluster's parts: each node, nginx's workers, PostgreSQL, Redis. */
function clusterCpu() {
  const nodes = Object.fromEntries(['app-1', 'app-2', 'pay-1'].map((name) => [name, cpuMsOf(pidOf(name))]));
  return {
    ...nodes,
    nginx: cpuMsOfCommand('nginx'),
    postgres: cpuMsOfCommand('postgres'),
    redis: cpuMsOfCommand('redis-server'),
  };
}
const cpuSince = (before) => {
  const now = clusterCpu();
  return Object.fromEntries(Object.keys(now).map((key) => [key, now[key] - before[key]]));
};

function autocannonRun(base, paths) {
  let position = 0;
  return new Promise((resolve, reject) =>
    autocannon(
      {
        url: base,
        duration: LOAD_SECONDS,
        connections: 20,
        headers: { role: 'buyer' },
        requests: [
          {
            method: 'GET',
            setupRequest: (request) => ({ ...request, path: paths[position++ % paths.length] }),
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    ),
  );
}

/** One autocannon run with the CPU each part spent per request. */
async function measureLoad(base, paths) {
  const before = clusterCpu();
  const result = await autocannonRun(base, paths);
  const cpu = cpuSince(before);
  const requests = result.requests.total;
  const nodesMs = (cpu['app-1'] + cpu['app-2']) / requests;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.errors + (result.non2xx ?? 0),
    nodesMs,
    nginxMs: cpu.nginx / requests,
    postgresMs: cpu.postgres / requests,
  };
}

const loadLine = (label, r) =>
  `${label.padEnd(34)} ${String(Math.round(r.rps)).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms` +
  `${r.failed ? `  FAILED ${r.failed}` : ''}  CPU per request: nodes ${r.nodesMs.toFixed(2)} ms, nginx ` +
  `${r.nginxMs.toFixed(2)} ms, PostgreSQL ${r.postgresMs.toFixed(2)} ms → ` +
  `${Math.round(1000 / (r.nodesMs + r.nginxMs + r.postgresMs))} req/s per core`;

/** A sticky cookie value that nginx routes to `node` (it hashes the cookie; the answer names the upstream). */
async function stickyFor(base, port) {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const value = randomBytes(8).toString('hex');
    const res = await fetch(`${base}/healthz`, { headers: { cookie: `maple_node=${value}` } });
    if (res.headers.get('x-upstream') === `127.0.0.1:${port}`) return value;
  }
  throw new Error(`no sticky value routes to :${port}`);
}

export async function run() {
  const baseUrl = process.env.DATABASE_URL;
  const redisBase = process.env.REDIS_URL;
  const nginx = process.env.NGINX ?? '/usr/sbin/nginx';
  if (!baseUrl || !redisBase || !existsSync(nginx)) {
    print('\n# cluster: skipped (needs DATABASE_URL, REDIS_URL and nginx)');
    return;
  }
  if (!existsSync(path.join(repoRoot, 'apps/server/dist/main.js'))) {
    print('\n# cluster: skipped (no build: npm run build)');
    return;
  }
  const workDir = mkdtempSync(path.join(tmpdir(), 'maplesource-cluster-bench-'));
  const redis = new URL(redisBase);
  redis.pathname = '/12';
  clusterEnv = {
    CLUSTER_DIR: path.join(workDir, 'cluster'),
    CLUSTER_RELEASE: path.join(workDir, 'release'),
    CLUSTER_PORT: String(PROXY_PORT),
    CLUSTER_APP_PORT: String(FIRST_APP_PORT),
    CLUSTER_PG_URL: baseUrl,
    CLUSTER_REDIS_URL: redis.toString(),
    CLUSTER_SEED: 'auto',
    CLUSTER_SEED_PRODUCTS: String(PRODUCTS),
    LOG_LEVEL: 'warn',
    // Uncached: every listing and search request runs its SQL (the caches are measured by their own benches).
    CATALOG_LISTING_CACHE_MS: '0',
    SEARCH_CACHE_MS: '0',
    // Every bench socket comes from 127.0.0.1 (decision 242).
    RATE_LIMIT_SOCKET_CONNECTIONS_PER_IP_PER_MINUTE: '1000000',
  };
  const base = `http://127.0.0.1:${PROXY_PORT}`;
  const app1 = `http://127.0.0.1:${FIRST_APP_PORT}`;
  const sockets = [];
  const children = new Set();
  let db;
  let started = false;
  const startedAt = performance.now();
  try {
    print(`\n# cluster benchmarks (${new Date().toISOString()})`);
    print(`machine: ${execSync('uptime').toString().trim()}; ${cpus().length} CPUs`);
    makeRelease(clusterEnv.CLUSTER_RELEASE);
    const clusterStarted = performance.now();
    started = true;
    cluster('start');
    print(
      `cluster started in ${((performance.now() - clusterStarted) / 1000).toFixed(0)} s ` +
        `(three nodes, nginx, ${PRODUCTS} products seeded; listing and search caches off)`,
    );
    const dbUrl = new URL(baseUrl);
    dbUrl.pathname = `/${state().database}`;
    db = new pg.Client({ connectionString: dbUrl.toString() });
    await db.connect();

    // Users and sessions straight into the tables (the session cookie holds a token, the table its sha256).
    const users = [];
    for (let i = 0; i < SOCKETS + CONVERSATIONS * 2; i += 1) {
      const token = randomBytes(32).toString('base64url');
      users.push({ id: randomUUID(), token, hash: createHash('sha256').update(token).digest('hex') });
    }
    for (let i = 0; i < users.length; i += 5_000) {
      const chunk = users.slice(i, i + 5_000);
      await db.query(
        `INSERT INTO users (id, member_id, full_name, email, phone_number, password_hash)
         SELECT id, 'cluster-bench-' || n, 'Bench User ' || n, 'cluster-bench-' || n || '@example.ca',
                '+1416' || lpad((n % 10000000)::text, 7, '0'), 'x'
         FROM unnest($1::uuid[], $2::int[]) AS u(id, n)`,
        [chunk.map((user) => user.id), chunk.map((_, j) => i + j)],
      );
      await db.query(
        `INSERT INTO sessions (id, user_id, expires_at)
         SELECT hash, id, now() + interval '1 day' FROM unnest($1::text[], $2::uuid[]) AS s(hash, id)`,
        [chunk.map((user) => user.hash), chunk.map((user) => user.id)],
      );
    }
    const cookieOf = (user) => `ms_session=${user.token}`;

    // 1. Memory of one node.
    if (PHASES.has('memory')) await memoryPhase();
    async function memoryPhase() {
      await delay(5_000);
      const idle = rssOf(pidOf('app-1'));
      const socketUsers = users.slice(0, SOCKETS);
      const clientProcesses = [0, 1].map((p) => {
        const file = path.join(workDir, `cookies-${p}.json`);
        writeFileSync(file, JSON.stringify(socketUsers.filter((_, i) => i % 2 === p).map(cookieOf)));
        const child = fork(path.join(import.meta.dirname, 'chat', 'clients.mjs'), [app1, file], {
          stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        });
        children.add(child);
        return child;
      });
      const reports = await Promise.all(
        clientProcesses.map((child) => new Promise((resolve) => child.once('message', resolve))),
      );
      await delay(5_000);
      const full = rssOf(pidOf('app-1'));
      const connected = reports.reduce((sum, report) => sum + report.connected, 0);
      print(`\n## memory of one buyer+chat node (app-1)`);
      print(
        `idle ${mb(idle)}; with ${connected} authenticated sockets ${mb(full)} ` +
          `(${((full - idle) / Math.max(connected, 1) / 1024).toFixed(1)} KB per socket)` +
          `${reports.some((r) => r.failed) ? `; ${reports.reduce((s, r) => s + r.failed, 0)} failed: ${reports.find((r) => r.firstError)?.firstError}` : ''}`,
      );
      for (const child of clientProcesses) child.send('close');
      await Promise.all(
        clientProcesses.map((child) => new Promise((resolve) => child.once('exit', resolve))),
      );
      await delay(2_000);
    }

    // 2. The proxy's cost, alternately through nginx and straight to one node.
    if (PHASES.has('proxy')) await proxyPhase();
    async function proxyPhase() {
      print(`\n${await waitForQuiet(QUIET_LOAD, QUIET_WAIT_SECONDS)}`);
      print(
        `\n## through nginx (two buyer nodes) and straight to one node: 20 connections, ${LOAD_SECONDS} s each (${load()})`,
      );
      await autocannonRun(base, listingPaths); // warm both nodes' statements
      const figures = {
        listing: { nginx: [], direct: [] },
        search: { nginx: [], direct: [] },
        healthz: { nginx: [], direct: [] },
      };
      for (let round = 0; round < 2; round += 1)
        for (const [what, paths] of [
          ['listing', listingPaths],
          ['search', searchPaths],
          ['healthz', ['/healthz']],
        ])
          for (const [how, url] of [
            ['nginx', base],
            ['direct', app1],
          ]) {
            const r = await measureLoad(url, paths);
            figures[what][how].push(r);
            print(
              loadLine(`${what} ${how === 'nginx' ? 'through nginx' : 'app-1 direct'} (${round + 1})`, r),
            );
          }
      const mean = (list, key) => list.reduce((sum, r) => sum + r[key], 0) / list.length;
      for (const what of ['listing', 'search', 'healthz']) {
        const { nginx: viaProxy, direct } = figures[what];
        print(
          `${what}: through nginx ÷ one node direct = ${(mean(viaProxy, 'rps') / mean(direct, 'rps')).toFixed(2)} ` +
            `(req/s ${Math.round(mean(viaProxy, 'rps'))} ÷ ${Math.round(mean(direct, 'rps'))}; p99 ` +
            `${mean(viaProxy, 'p99').toFixed(0)} ms vs ${mean(direct, 'p99').toFixed(0)} ms; nginx CPU per request ` +
            `${mean(viaProxy, 'nginxMs').toFixed(2)} ms)`,
        );
      }
    }

    // 3 and 4. Chat across nodes, then a rolling restart under the same load.
    const buyerSticky = await stickyFor(base, FIRST_APP_PORT);
    const sellerSticky = await stickyFor(base, FIRST_APP_PORT + 1);
    const pairs = [];
    for (let i = 0; i < CONVERSATIONS; i += 1) {
      const buyer = users[SOCKETS + 2 * i];
      const seller = users[SOCKETS + 2 * i + 1];
      const chatId = randomUUID();
      await db.query(
        `INSERT INTO chats (id, buyer_id, seller_user_id, subject_kind, subject_id, subject_name)
         VALUES ($1, $2, $3, 'product', $4, $5)`,
        [chatId, buyer.id, seller.id, i + 1, `Cluster bench item ${i}`],
      );
      pairs.push({ chatId, buyer, seller });
    }
    const open = (user, sticky) => {
      const socket = connect(base, {
        transports: ['websocket'],
        extraHeaders: { cookie: `${cookieOf(user)}; maple_node=${sticky}` },
        reconnectionDelay: 200,
        reconnectionDelayMax: 1_000,
      });
      // A node that shuts down tells its sockets to go (decision on graceful shutdown, docs/operations.md); the
      // client connects again, and nginx sends it to a node that is up.
      socket.on('disconnect', (reason) => {
        if (reason === 'io server disconnect') socket.connect();
      });
      sockets.push(socket);
      return new Promise((resolve, reject) => {
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', reject);
      });
    };
    const conversations = await Promise.all(
      pairs.map(async (pair) => ({
        pair,
        buyer: await open(pair.buyer, buyerSticky),
        seller: await open(pair.seller, sellerSticky),
      })),
    );
    const upstreamsSeen = async () => {
      const res = await fetch(`${base}/healthz`, { headers: { cookie: `maple_node=${buyerSticky}` } });
      const res2 = await fetch(`${base}/healthz`, { headers: { cookie: `maple_node=${sellerSticky}` } });
      return `${res.headers.get('x-upstream')} / ${res2.headers.get('x-upstream')}`;
    };
    print(
      `\n## chat across nodes: ${CONVERSATIONS} conversations, buyers on app-1 and sellers on app-2 (${await upstreamsSeen()}), one message a second each`,
    );

    /** Sends from every buyer, one message a second, until `until()`; resends what was not acknowledged. */
    async function chatLoad(seconds, during) {
      const sent = new Map(); // clientMessageId → { at, acked, attempts }
      const received = []; // [sentAt, latency]
      const seen = new Map(); // clientMessageId → times received live
      const stored = [];
      let retries = 0;
      const refusals = new Map(); // why a send was not acknowledged → how many times
      const onReceived = (event) => {
        const id = event.message.clientMessageId;
        const entry = sent.get(id);
        if (!entry) return;
        seen.set(id, (seen.get(id) ?? 0) + 1);
        if (seen.get(id) === 1) received.push([entry.at, performance.now() - entry.at]);
      };
      for (const { seller } of conversations) seller.on('messageReceived', onReceived);
      const startedLoad = performance.now();
      const stopAt = startedLoad + seconds * 1000;
      let running = true;
      const duringDone = during
        ? during().finally(() => (running = false))
        : delay(seconds * 1000).then(() => (running = false));
      // As the web client does: a send refused because the socket is down waits for it to be up again; a send
      // refused by the per-user message limit (a burst of resends after a reconnect) waits a second.
      const sendUntilAcked = async (buyer, pair, clientMessageId, text, entry) => {
        for (;;) {
          if (!buyer.connected)
            await new Promise((resolve) => {
              buyer.once('connect', resolve);
              setTimeout(resolve, ACK_TIMEOUT_MS);
            });
          entry.attempts += 1;
          let pause = 250;
          try {
            const ack = await buyer.timeout(ACK_TIMEOUT_MS).emitWithAck('sendMessage', {
              chatId: pair.chatId,
              receiverId: pair.seller.id,
              clientMessageId,
              text,
            });
            if (ack?.ok) {
              entry.acked = true;
              stored.push(performance.now() - entry.at);
              return;
            }
            const code = ack?.error?.code ?? JSON.stringify(ack);
            refusals.set(code, (refusals.get(code) ?? 0) + 1);
            if (code === 'RATE_LIMITED') pause = 1_000;
          } catch (error) {
            const code = String(error?.message ?? error);
            refusals.set(code, (refusals.get(code) ?? 0) + 1);
          }
          retries += 1;
          if (performance.now() - entry.at > 120_000) return; // lost: never acknowledged
          await delay(pause);
        }
      };
      const pending = [];
      await Promise.all(
        conversations.map(async ({ pair, buyer }, i) => {
          await delay((i * 1000) / conversations.length);
          for (let n = 0; running || performance.now() < stopAt; n += 1) {
            const at = performance.now();
            const clientMessageId = `cluster-${randomUUID()}`;
            const entry = { at, acked: false, attempts: 0 };
            sent.set(clientMessageId, entry);
            pending.push(sendUntilAcked(buyer, pair, clientMessageId, `hello ${n}`, entry));
            await delay(Math.max(0, 1000 - (performance.now() - at)));
          }
        }),
      );
      await duringDone;
      await Promise.all(pending);
      await delay(3_000); // the last deliveries
      for (const { seller } of conversations) seller.off('messageReceived', onReceived);
      return { sent, received, seen, stored, retries, refusals, startedLoad };
    }

    const refusalsOf = (result) => [...result.refusals].map(([why, count]) => `${why} ×${count}`).join(', ');

    async function check(result) {
      const ids = [...result.sent.keys()];
      const { rows } = await db.query(
        `SELECT client_message_id, count(*)::int AS n FROM chat_messages WHERE client_message_id = ANY($1) GROUP BY 1`,
        [ids],
      );
      const storedTimes = new Map(rows.map((row) => [row.client_message_id, row.n]));
      const acked = ids.filter((id) => result.sent.get(id).acked);
      return {
        sent: ids.length,
        acked: acked.length,
        neverAcked: ids.length - acked.length,
        ackedNotStored: acked.filter((id) => !storedTimes.has(id)).length,
        storedTwice: [...storedTimes.values()].filter((n) => n > 1).length,
        receivedLive: result.seen.size,
        receivedTwice: [...result.seen.values()].filter((n) => n > 1).length,
      };
    }

    if (PHASES.has('chat')) await chatPhase();
    async function chatPhase() {
      print(await waitForQuiet(QUIET_LOAD, QUIET_WAIT_SECONDS));
      const steady = await chatLoad(SECONDS);
      const steadyCheck = await check(steady);
      print(
        `send → stored p50 ${ms(percentile(sortedOf(steady.stored), 50))}, p99 ${ms(percentile(sortedOf(steady.stored), 99))}; ` +
          `send → received on the other node p50 ${ms(percentile(sortedOf(steady.received.map((r) => r[1])), 50))}, ` +
          `p99 ${ms(percentile(sortedOf(steady.received.map((r) => r[1])), 99))} (target ≤ 50 ms); ` +
          `${steadyCheck.sent} sent, ${steadyCheck.acked} acknowledged, ${steadyCheck.receivedLive} received` +
          `${steady.refusals.size ? `; not acknowledged: ${refusalsOf(steady)}` : ''}`,
      );
      const chatCpuBefore = clusterCpu();
      const cpuRun = await chatLoad(SECONDS);
      const chatCpu = cpuSince(chatCpuBefore);
      const n = cpuRun.sent.size;
      const perMessage = (value) => (value / n).toFixed(2);
      const totalPerMessage =
        (chatCpu['app-1'] + chatCpu['app-2'] + chatCpu.nginx + chatCpu.postgres + chatCpu.redis) / n;
      print(
        `CPU per message (second run, ${n} messages): nodes ${perMessage(chatCpu['app-1'] + chatCpu['app-2'])} ms, ` +
          `nginx ${perMessage(chatCpu.nginx)} ms, PostgreSQL ${perMessage(chatCpu.postgres)} ms, Redis ` +
          `${perMessage(chatCpu.redis)} ms → ${Math.round(1000 / totalPerMessage)} messages a second per core; ` +
          `received p99 ${ms(percentile(sortedOf(cpuRun.received.map((r) => r[1])), 99))}`,
      );
    }

    if (PHASES.has('rolling')) await rollingPhase();
    async function rollingPhase() {
      print(`\n${await waitForQuiet(QUIET_LOAD, QUIET_WAIT_SECONDS)}`);
      print(
        `## rolling restart under that load: app-1, then app-2 (SIGTERM, drain, start, ready) (${load()})`,
      );
      const windows = [];
      const restartAll = async () => {
        await delay(5_000);
        for (const name of ['app-1', 'app-2']) {
          const from = performance.now();
          await new Promise((resolve, reject) => {
            const child = fork(path.join(repoRoot, 'scripts/cluster.mjs'), ['restart', name], {
              cwd: repoRoot,
              env: { ...process.env, ...clusterEnv },
              stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
            });
            child.once('exit', (code) =>
              code === 0 ? resolve() : reject(new Error(`restart ${name}: ${code}`)),
            );
          });
          windows.push([name, from, performance.now()]);
          print(`${name} restarted in ${((performance.now() - from) / 1000).toFixed(1)} s`);
          await delay(5_000);
        }
      };
      const rolling = await chatLoad(0, restartAll);
      const rollingCheck = await check(rolling);
      const inWindow = (at) => windows.some(([, from, to]) => at >= from && at <= to + 2_000);
      const during = sortedOf(rolling.received.filter(([at]) => inWindow(at)).map(([, latency]) => latency));
      const outside = sortedOf(
        rolling.received.filter(([at]) => !inWindow(at)).map(([, latency]) => latency),
      );
      const lost = rollingCheck.neverAcked + rollingCheck.ackedNotStored;
      print(
        `${rollingCheck.sent} sent, ${rollingCheck.acked} acknowledged and stored ` +
          `${rollingCheck.acked - rollingCheck.ackedNotStored}; LOST ${lost}; stored twice ${rollingCheck.storedTwice}; ` +
          `${rolling.retries} resends after a refused or unanswered send; received live ${rollingCheck.receivedLive} ` +
          `(the rest are in the conversation when the receiver's client reloads it after reconnecting), ` +
          `received twice ${rollingCheck.receivedTwice}`,
      );
      print(
        `send → received during a restart (and 2 s after): p50 ${ms(percentile(during, 50))}, p99 ${ms(percentile(during, 99))}, ` +
          `max ${ms(during.at(-1))} (n=${during.length}); outside: p50 ${ms(percentile(outside, 50))}, ` +
          `p99 ${ms(percentile(outside, 99))} (n=${outside.length})` +
          `${rolling.refusals.size ? `; sends not acknowledged at first: ${refusalsOf(rolling)}` : ''}`,
      );
    }
    print(`\ncluster benchmarks took ${((performance.now() - startedAt) / 1000).toFixed(0)} s (${load()})`);
  } finally {
    for (const socket of sockets) socket.close();
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    await db?.end().catch(() => undefined);
    if (started) {
      try {
        cluster('stop');
      } catch (error) {
        print(String(error));
      }
    }
    if (process.env.BENCH_KEEP) print(`kept ${workDir}`);
    else rmSync(workDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
