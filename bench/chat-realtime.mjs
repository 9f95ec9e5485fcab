// Chat benchmarks (decision 115; printed figures, not timed tests). One command, from the repository
// root:   npm run bench -- chat      (or: node bench/chat-realtime.mjs, which builds the server itself)
// Needs DATABASE_URL (a PostgreSQL server; a throw-away database is created and dropped) and REDIS_URL.
// Knobs: BENCH_SOCKETS (20000), BENCH_CLIENT_PROCESSES (4), BENCH_CONVERSATIONS (200), BENCH_SECONDS (15).
// Diagnostics (decision 200): BENCH_SQL_TIMES=1 prints, per server, the ten statements that took longest in all
// (call → answer, by their first words), the wait for a pool connection and the opening of new connections;
// BENCH_TIMELINE=1 prints the received p50/p99/max per second of each phase (by send time) and, beside it, each
// server's longest event-loop stall and GC pauses in that second.
// Measurement conditions (decision 227): before the delivery phases the bench waits, at most BENCH_QUIET_WAIT_S
// (default 120, at most 120) seconds, for the machine's 1-minute load average to fall below BENCH_QUIET_LOAD
// (default half the CPU count; 0 turns the wait off), and prints what it found; the load it applies is the same.
// 1. Connections: one built server process (`apps/server/dist/main.js`, SERVICES=buyer,chat, Redis adapter)
//    holding BENCH_SOCKETS authenticated sockets of as many users, opened by several client processes: its
//    RSS and memory per connection.
// 2. Delivery: send → stored (ack) and send → received by the other party, p50/p99, BENCH_CONVERSATIONS
//    conversations each sending one message a second: a bare Socket.IO relay in its own process (the ceiling),
//    then one server process, then two server processes through Redis, all on this machine in this run, with
//    the load average printed beside them.
import { execFileSync, execSync, fork, spawn } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { io as connect } from 'socket.io-client';
import { cpuMsOf, cpuMsOfCommand, machineCpu, rssOf, waitForQuiet } from './process-stats.mjs';

const repoRoot = path.resolve(import.meta.dirname, '..');
const WANTED_SOCKETS = Number(process.env.BENCH_SOCKETS ?? 20_000);
const CLIENT_PROCESSES = Number(process.env.BENCH_CLIENT_PROCESSES ?? 4);
const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const WARM_UP_SECONDS = 2;
const QUIET_LOAD = Number(process.env.BENCH_QUIET_LOAD ?? cpus().length / 2);
const QUIET_WAIT_SECONDS = Math.min(120, Math.max(0, Number(process.env.BENCH_QUIET_WAIT_S ?? 120)));
const OPEN_FILES = 65_536;

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const load = () =>
  `load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(', ')} on ${cpus().length} CPUs`;
const print = (line) => process.stdout.write(`${line}\n`);
const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** Whether this process may raise the open-files hard limit of its children (root with CAP_SYS_RESOURCE). */
function canRaiseOpenFiles() {
  try {
    execFileSync('prlimit', [`--nofile=${OPEN_FILES}:${OPEN_FILES}`, 'true'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const hardOpenFiles = () => Number(execSync('ulimit -Hn', { shell: '/bin/bash' }).toString().trim());

/** Runs `node <args>` with the open-files limit raised to OPEN_FILES, or else to the hard limit. */
function nodeWithManyFiles(args, options, raise) {
  if (raise)
    return spawn('prlimit', [`--nofile=${OPEN_FILES}:${OPEN_FILES}`, process.execPath, ...args], options);
  const quoted = args.map((arg) => `'${arg.replaceAll("'", "'\\''")}'`).join(' ');
  return spawn('bash', ['-c', `ulimit -n $(ulimit -Hn); exec '${process.execPath}' ${quoted}`], options);
}

function waitForListening(child) {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk.toString();
      const match = /listening (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`process exited with ${code} before listening`)));
  });
}

export async function run() {
  const baseUrl = process.env.DATABASE_URL;
  const redisUrl = process.env.REDIS_URL;
  if (!baseUrl || !redisUrl) {
    print('\n# chat: skipped (set DATABASE_URL to a PostgreSQL server and REDIS_URL)');
    return;
  }
  const children = new Set();
  const dbName = `chat_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const dbUrl = new URL(baseUrl);
  dbUrl.pathname = `/${dbName}`;
  const db = new pg.Client({ connectionString: dbUrl.toString() });
  const workDir = mkdtempSync(path.join(tmpdir(), 'maplesource-chat-bench-'));
  const startedAt = performance.now();
  const raise = canRaiseOpenFiles();
  // Without CAP_SYS_RESOURCE the server cannot pass the hard limit: it keeps ~100 descriptors for itself
  // (database pool, Redis, files), so the socket count is capped and the figure at WANTED_SOCKETS projected.
  const SOCKETS = raise ? WANTED_SOCKETS : Math.min(WANTED_SOCKETS, hardOpenFiles() - 100);
  const cookieSecret = randomBytes(32).toString('hex');
  const probeDir = mkdtempSync(path.join(workDir, 'probe-'));

  /**
   * What the servers' probes (bench/chat/server-probe.mjs) measured since the last call: event-loop delay, GC
   * pauses, SQL statements, Redis commands and WebSocket frames, one report per pid.
   */
  async function probe(pids) {
    const files = pids.map((pid) => path.join(probeDir, `${pid}.json`));
    for (const file of files) rmSync(file, { force: true });
    for (const pid of pids) process.kill(pid, 'SIGUSR2');
    const reports = [];
    for (const file of files) {
      for (let waited = 0; !existsSync(file) && waited < 5_000; waited += 20) await delay(20);
      reports.push(existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);
    }
    return reports;
  }

  /** A built server process (what production runs), migrating the bench database on its first start. */
  async function startServer() {
    // Below the kernel's ephemeral range (32768–60999 by default): the 20,000 client sockets of the first phase
    // hold ports from that range, and a random pick there failed once with EADDRINUSE.
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    // e.g. BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the server processes only.
    const nodeArgs = [
      '--import',
      pathToFileURL(path.join(import.meta.dirname, 'chat', 'server-probe.mjs')).href,
      ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
    ];
    const child = nodeWithManyFiles(
      [...nodeArgs, 'apps/server/dist/main.js'],
      {
        cwd: repoRoot,
        env: {
          ...process.env,
          NODE_ENV: 'production',
          PAYMENT_PROVIDER: 'sandbox',
          DATABASE_URL: dbUrl.toString(),
          REDIS_URL: redisUrl,
          // Every benchmark socket is opened from 127.0.0.1 (decision 242); a buyer sends one message a second.
          RATE_LIMIT_SOCKET_CONNECTIONS_PER_IP_PER_MINUTE: '1000000',
          SERVICES: 'buyer,chat',
          SEED: 'never',
          LOG_LEVEL: 'warn',
          HOST: '127.0.0.1',
          PORT: String(port),
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          COOKIE_SECRET: cookieSecret,
          DATA_DIR: mkdtempSync(path.join(workDir, 'server-')),
          BENCH_PROBE_DIR: probeDir,
        },
        // BENCH_SERVER_LOG=<file>: the servers' warnings and errors (JSON lines) go there.
        stdio: [
          'ignore',
          process.env.BENCH_SERVER_LOG ? openSync(process.env.BENCH_SERVER_LOG, 'a') : 'ignore',
          'inherit',
        ],
      },
      raise,
    );
    children.add(child);
    const url = `http://127.0.0.1:${port}`;
    for (const started = performance.now(); performance.now() - started < 120_000; await delay(100)) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      try {
        if ((await fetch(`${url}/readyz`)).ok) return { url, child };
      } catch {
        // not listening yet
      }
    }
    throw new Error('server did not become ready in 120 s');
  }

  try {
    print(`\n# chat benchmarks (${new Date().toISOString()})`);
    print(`machine: ${execSync('uptime').toString().trim()}; ${cpus().length} CPUs`);
    execFileSync(process.execPath, ['apps/server/build.mjs'], { cwd: repoRoot, stdio: 'ignore' });
    const a = await startServer(); // migrates the fresh database
    await db.connect();

    // Users and sessions straight into the tables (the session cookie holds a token, the table its sha256).
    const users = [];
    for (let i = 0; i < Math.max(SOCKETS, CONVERSATIONS * 2); i += 1) {
      const token = randomBytes(32).toString('base64url');
      users.push({ id: randomUUID(), token, hash: createHash('sha256').update(token).digest('hex') });
    }
    for (let i = 0; i < users.length; i += 5_000) {
      const chunk = users.slice(i, i + 5_000);
      const ids = chunk.map((user) => user.id);
      const numbers = chunk.map((_, j) => i + j);
      await db.query(
        `INSERT INTO users (id, member_id, full_name, email, phone_number, password_hash)
         SELECT id, 'bench-' || n, 'Bench User ' || n, 'bench-' || n || '@example.ca',
                '+1416' || lpad((n % 10000000)::text, 7, '0'), 'x'
         FROM unnest($1::uuid[], $2::int[]) AS u(id, n)`,
        [ids, numbers],
      );
      await db.query(
        `INSERT INTO sessions (id, user_id, expires_at)
         SELECT hash, id, now() + interval '1 day' FROM unnest($1::text[], $2::uuid[]) AS s(hash, id)`,
        [chunk.map((user) => user.hash), ids],
      );
    }
    const cookieOf = (user) => `ms_session=${user.token}`;
    const pairs = [];
    for (let i = 0; i < CONVERSATIONS; i += 1) {
      const buyer = users[2 * i];
      const seller = users[2 * i + 1];
      const chatId = randomUUID();
      await db.query(
        `INSERT INTO chats (id, buyer_id, seller_user_id, subject_kind, subject_id, subject_name)
         VALUES ($1, $2, $3, 'product', $4, $5)`,
        [chatId, buyer.id, seller.id, i + 1, `Bench item ${i}`],
      );
      pairs.push({ chatId, buyer, seller });
    }
    print(`set-up: ${users.length} users and sessions, ${CONVERSATIONS} conversations`);

    // 1. Connections on one process.
    await delay(3_000);
    const idle = rssOf(a.child.pid);
    const perProcess = Math.ceil(SOCKETS / CLIENT_PROCESSES);
    const connectStarted = performance.now();
    const clients = [];
    for (let p = 0; p < CLIENT_PROCESSES; p += 1) {
      const slice = users.slice(p * perProcess, Math.min(SOCKETS, (p + 1) * perProcess));
      if (slice.length === 0) continue;
      const file = path.join(workDir, `cookies-${p}.json`);
      writeFileSync(file, JSON.stringify(slice.map(cookieOf)));
      clients.push(file);
    }
    const clientProcesses = clients.map((file) => {
      // Each client process holds SOCKETS / CLIENT_PROCESSES descriptors, under the shell's limit.
      const child = fork(path.join(import.meta.dirname, 'chat', 'clients.mjs'), [a.url, file], {
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      children.add(child);
      return child;
    });
    const reports = await Promise.all(
      clientProcesses.map((child) => new Promise((resolve) => child.once('message', resolve))),
    );
    const connected = reports.reduce((sum, report) => sum + report.connected, 0);
    const failed = reports.reduce((sum, report) => sum + report.failed, 0);
    const connectSeconds = (performance.now() - connectStarted) / 1000;
    await delay(5_000); // let the connection burst's garbage be collected before reading RSS
    const full = rssOf(a.child.pid);
    print(`\n## ${SOCKETS} authenticated sockets (distinct users) on one server process`);
    print(
      `connected ${connected}${failed ? ` (failed ${failed}: ${reports.find((r) => r.firstError)?.firstError})` : ''} ` +
        `in ${connectSeconds.toFixed(1)} s from ${clientProcesses.length} client processes`,
    );
    print(
      `server RSS idle ${mb(idle)}, with the sockets ${mb(full)} (target ≤ 500 MB); ` +
        `${((full - idle) / Math.max(connected, 1) / 1024).toFixed(1)} KB per connection`,
    );
    if (SOCKETS < WANTED_SOCKETS)
      print(
        `capped at ${SOCKETS}: the open-files hard limit is ${hardOpenFiles()} and cannot be raised here ` +
          `(no CAP_SYS_RESOURCE); projected at ${WANTED_SOCKETS}: ` +
          `${mb(idle + ((full - idle) / Math.max(connected, 1)) * WANTED_SOCKETS)}`,
      );
    print(`(${load()})`);
    for (const child of clientProcesses) child.send('close');
    await Promise.all(clientProcesses.map((child) => new Promise((resolve) => child.once('exit', resolve))));

    // 2. Delivery latency.
    const b = await startServer();
    const echoProcess = spawn(process.execPath, [path.join(import.meta.dirname, 'chat', 'echo-server.mjs')], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.add(echoProcess);
    const echoUrl = `http://127.0.0.1:${await waitForListening(echoProcess)}`;

    function open(url, user, withCookie) {
      const socket = connect(url, {
        transports: ['websocket'],
        reconnection: false,
        ...(withCookie ? { extraHeaders: { cookie: cookieOf(user) } } : { query: { me: user.id } }),
      });
      return new Promise((resolve, reject) => {
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', reject);
      });
    }

    async function measure(label, buyerUrl, sellerUrl, withCookie, serverPids) {
      const sockets = await Promise.all(
        pairs.map(async (pair) => ({
          pair,
          buyer: await open(buyerUrl, pair.buyer, withCookie),
          seller: await open(sellerUrl, pair.seller, withCookie),
        })),
      );
      const received = [];
      /** When each received message was sent (ms into the recorded phase), for BENCH_TIMELINE. */
      const receivedAt = [];
      const stored = [];
      const sentAt = new Map();
      let errors = 0;
      let firstError;
      const recordFrom = performance.now() + WARM_UP_SECONDS * 1000;
      for (const { seller } of sockets)
        seller.on('messageReceived', (event) => {
          const at = sentAt.get(event.message.clientMessageId);
          if (at !== undefined && at >= recordFrom) {
            received.push(performance.now() - at);
            receivedAt.push(at - recordFrom);
          }
        });
      const stopAt = recordFrom + SECONDS * 1000;
      let n = 0;
      const loadBefore = load();
      const withProbe = withCookie; // our servers carry the probe; the bare relay does not
      if (withProbe) await probe(serverPids);
      const cpuBefore = serverPids.map(cpuMsOf);
      const othersBefore = {
        postgres: cpuMsOfCommand('postgres'),
        redis: cpuMsOfCommand('redis-server'),
        bench: process.cpuUsage(),
        machine: machineCpu(),
      };
      await Promise.all(
        sockets.map(async ({ pair, buyer }, i) => {
          await delay((i * 1000) / sockets.length);
          for (let at = performance.now(); at < stopAt; at = performance.now()) {
            const clientMessageId = `bench-${randomUUID()}`;
            const sent = performance.now();
            sentAt.set(clientMessageId, sent);
            n += 1;
            buyer.emit(
              'sendMessage',
              { chatId: pair.chatId, receiverId: pair.seller.id, clientMessageId, text: `hello ${n}` },
              (ack) => {
                if (!ack?.ok) {
                  errors += 1;
                  firstError ??= JSON.stringify(ack?.error ?? ack);
                } else if (sent >= recordFrom) stored.push(performance.now() - sent);
              },
            );
            await delay(Math.max(0, 1000 - (performance.now() - at)));
          }
        }),
      );
      await delay(2_000);
      const cpuMs = serverPids.reduce((sum, pid, i) => sum + cpuMsOf(pid) - cpuBefore[i], 0);
      const benchCpu = process.cpuUsage(othersBefore.bench);
      const machine = machineCpu();
      const others = {
        postgres: cpuMsOfCommand('postgres') - othersBefore.postgres,
        redis: cpuMsOfCommand('redis-server') - othersBefore.redis,
        bench: (benchCpu.user + benchCpu.system) / 1000,
        busyShare: (machine.busy - othersBefore.machine.busy) / (machine.total - othersBefore.machine.total),
      };
      const probed = withProbe ? await probe(serverPids) : [];
      const line = (what, samples) => {
        const sorted = [...samples].sort((x, y) => x - y);
        return `${what} p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms`;
      };
      print(
        `${label.padEnd(40)} sent ${String(n).padStart(5)}  ${line('stored (ack)', stored)}  ` +
          `${line('received', received)} (n=${received.length}${errors ? `, ${errors} errors, first ${firstError}` : ''})`,
      );
      print(
        `${''.padEnd(40)} server CPU ${(cpuMs / n).toFixed(2)} ms per message (all server processes; ` +
          `${loadBefore} before, ${load()} after)`,
      );
      print(
        `${''.padEnd(40)} per message also: PostgreSQL ${(others.postgres / n).toFixed(2)} ms, Redis ` +
          `${(others.redis / n).toFixed(2)} ms, the bench's own clients ${(others.bench / n).toFixed(2)} ms CPU; ` +
          `machine busy ${(others.busyShare * 100).toFixed(0)} % of its CPUs`,
      );
      probed.forEach((report, i) => {
        if (!report) return;
        const perMessage = (count) => (count / Math.max(n, 1)).toFixed(2);
        const redis = Object.entries(report.counts.redis)
          .filter(([, count]) => count / Math.max(n, 1) >= 0.05)
          .map(([name, count]) => `${name} ${perMessage(count)}`)
          .join(', ');
        print(
          `${''.padEnd(40)} server ${i + 1}: event-loop delay p50 ${report.loopDelayMs.p50} ms, ` +
            `p99 ${report.loopDelayMs.p99} ms, max ${report.loopDelayMs.max} ms; GC ${report.gc.count} pauses, ` +
            `${report.gc.totalMs} ms in all, longest ${report.gc.maxMs} ms (${report.gc.major} major, longest ` +
            `${report.gc.majorMaxMs.toFixed(1)} ms); per message: SQL ` +
            `${perMessage(report.counts.sql)}, frames ${perMessage(report.counts.frames)}, Redis ${redis || 'none'}`,
        );
      });
      probed.forEach((report, i) => {
        if (!report?.statements?.length) return;
        const top = [...report.statements].sort((x, y) => y.totalMs - x.totalMs).slice(0, 10);
        for (const statement of top)
          print(
            `${''.padEnd(40)} server ${i + 1} SQL ${String(statement.count).padStart(5)}× p50 ${statement.p50} ms, ` +
              `p99 ${statement.p99} ms, max ${statement.max} ms, total ${statement.totalMs} ms: ${statement.kind}`,
          );
      });
      if (process.env.BENCH_TIMELINE) {
        // Per second of the recorded phase (by send time): received p50 / p99 / max and how many.
        const seconds = [];
        receivedAt.forEach((at, i) => (seconds[Math.floor(at / 1000)] ??= []).push(received[i]));
        print(
          `${''.padEnd(40)} timeline (s: p50/p99/max ms): ` +
            seconds
              .map((list, second) => {
                const sorted = (list ?? []).sort((x, y) => x - y);
                return `${second}: ${percentile(sorted, 50).toFixed(0)}/${percentile(sorted, 99).toFixed(0)}/${(sorted.at(-1) ?? NaN).toFixed(0)}`;
              })
              .join(', '),
        );
        // Beside it, per second and server: the longest event-loop stall (a 5 ms tick 10 ms or more late) and the
        // GC pauses (count, total ms, longest; M when a major one), to tell slow seconds of stalls from the others.
        const phaseStart = performance.timeOrigin + recordFrom;
        probed.forEach((report, i) => {
          if (!report?.stalls) return;
          const perSecond = seconds.map(() => ({ stall: 0, gcCount: 0, gcMs: 0, gcMax: 0, major: false }));
          const secondOf = (at) => Math.floor((at - phaseStart) / 1000);
          for (const [at, ms] of report.stalls) {
            const entry = perSecond[secondOf(at)];
            if (entry) entry.stall = Math.max(entry.stall, ms);
          }
          for (const [at, ms, major] of report.pauses) {
            const entry = perSecond[secondOf(at)];
            if (!entry) continue;
            entry.gcCount += 1;
            entry.gcMs += ms;
            entry.gcMax = Math.max(entry.gcMax, ms);
            entry.major ||= major === 1;
          }
          print(
            `${''.padEnd(40)} server ${i + 1} per second (s: longest stall ms; GC count/total/longest ms): ` +
              perSecond
                .map(
                  (entry, second) =>
                    `${second}: ${entry.stall}; ${entry.gcCount}/${entry.gcMs.toFixed(0)}/${entry.gcMax.toFixed(0)}${entry.major ? 'M' : ''}`,
                )
                .join(', '),
          );
        });
      }
      for (const { buyer, seller } of sockets) {
        buyer.close();
        seller.close();
      }
      await delay(1_000);
    }

    print(`\n## measurement conditions\n${await waitForQuiet(QUIET_LOAD, QUIET_WAIT_SECONDS)}`);
    print(
      `\n## delivery: ${CONVERSATIONS} conversations, one message a second each, ${SECONDS} s after ${WARM_UP_SECONDS} s warm-up`,
    );
    const echoPid = [echoProcess.pid];
    await measure('bare Socket.IO relay (ceiling)', echoUrl, echoUrl, false, echoPid);
    await measure('one process (PostgreSQL)', a.url, a.url, true, [a.child.pid]);
    await measure('two processes through Redis (PostgreSQL)', b.url, a.url, true, [a.child.pid, b.child.pid]);
    await measure('bare Socket.IO relay (ceiling), again', echoUrl, echoUrl, false, echoPid);
    print(`\nchat benchmarks took ${((performance.now() - startedAt) / 1000).toFixed(0)} s`);
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.all(
      [...children].map((child) =>
        child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : undefined,
      ),
    );
    await db.end().catch(() => undefined);
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    rmSync(workDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
