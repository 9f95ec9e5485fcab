// Chat benchmarks (issue 11; printed figures, not timed tests). Run from the repository root:
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379 \
//     node --import tsx bench/chat-realtime.ts
// Knobs: BENCH_SOCKETS (default 20000), BENCH_CONVERSATIONS (200), BENCH_SECONDS (10).
// 1. Connections: one server process holding BENCH_SOCKETS authenticated sockets: its RSS and memory per socket.
// 2. Delivery: send → stored → received by the other party, p50/p99, BENCH_CONVERSATIONS conversations each
//    sending one message a second, on PostgreSQL: one process, then two processes through Redis; next to a bare
//    Socket.IO relay (no storage) measured in the same run, as the ceiling.
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openPostgres } from '../apps/server/src/db/client';
import { migrate } from '../apps/server/src/db/migrate';

const repoRoot = path.resolve(import.meta.dirname, '..');
const baseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
if (!baseUrl || !redisUrl) throw new Error('Set DATABASE_URL (PostgreSQL) and REDIS_URL');
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 20_000);
const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

// Raise the open-files limit for this process and its children (each socket is a descriptor on both ends).
try {
  const hard = execSync('ulimit -Hn', { shell: '/bin/bash' }).toString().trim();
  process.stdout.write(`open files: hard limit ${hard}\n`);
} catch {
  // informational only
}

const dbName = `chat_bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const dbUrl = new URL(baseUrl);
dbUrl.pathname = `/${dbName}`;
const database = await openPostgres(dbUrl.toString(), 5);
await migrate(database);
const app = await buildApp({
  config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SERVICES: 'buyer', SEED: 'never' }),
  database,
  logger: false,
});
await app.ready();

const children: ChildProcess[] = [];
function startProcess(): Promise<{ url: string; pid: number }> {
  // bash raises the soft open-files limit to the hard one before node starts.
  const proc = spawn('bash', ['-c', 'ulimit -n $(ulimit -Hn); exec node --import tsx test/chat-child.ts'], {
    cwd: path.join(repoRoot, 'apps/server'),
    env: {
      ...process.env,
      DATABASE_URL: dbUrl.toString(),
      REDIS_URL: redisUrl,
      COOKIE_SECRET: app.config.COOKIE_SECRET,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(proc);
  return new Promise((resolve, reject) => {
    let out = '';
    proc.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening (\d+)/.exec(out);
      if (match) resolve({ url: `http://127.0.0.1:${match[1]}`, pid: proc.pid! });
    });
    proc.once('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
}

async function newUser(n: number) {
  const user = await app.auth.users.create({
    fullName: `Bench User ${n}`,
    email: `bench-${n}-${dbName}@example.ca`,
    phoneNumber: `+1416${String(1_000_000 + n).slice(-7)}`,
    passwordHash: 'x',
    state: 'ON',
  });
  const token = await app.auth.sessions.create(user.id);
  return { id: user.id, cookie: `${app.sessionCookieName}=${token}` };
}

function open(url: string, cookie: string): Promise<Socket> {
  const socket = connect(url, { transports: ['websocket'], extraHeaders: { cookie }, reconnection: false });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const rssOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
function report(label: string, samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  process.stdout.write(
    `${label.padEnd(44)} n=${String(sorted.length).padStart(5)}  p50 ${percentile(sorted, 50).toFixed(2)} ms  p99 ${percentile(sorted, 99).toFixed(2)} ms\n`,
  );
}

try {
  const users: Array<{ id: string; cookie: string }> = [];
  for (let i = 0; i < CONVERSATIONS * 2; i += 1) users.push(await newUser(i));
  const pairs: Array<{ chatId: string; buyer: (typeof users)[number]; seller: (typeof users)[number] }> = [];
  for (let i = 0; i < CONVERSATIONS; i += 1) {
    const buyer = users[2 * i]!;
    const seller = users[2 * i + 1]!;
    const { chatId } = await app.db.transaction((tx) =>
      app.chat.openConversation(tx, {
        buyerId: buyer.id,
        sellerUserId: seller.id,
        subject: { kind: 'product', id: i + 1 },
        quotationId: null,
        names: { subject: `Bench item ${i}` },
      }),
    );
    pairs.push({ chatId, buyer, seller });
  }

  const a = await startProcess();
  const b = await startProcess();

  // 1. Connections on process A.
  process.stdout.write(`\n# chat: ${SOCKETS} authenticated sockets on one process\n`);
  const idle = rssOf(a.pid);
  const held: Socket[] = [];
  const started = performance.now();
  for (let i = 0; i < SOCKETS; i += 200) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(200, SOCKETS - i) }, (_, j) =>
        open(a.url, users[(i + j) % users.length]!.cookie),
      ),
    );
    held.push(...batch);
  }
  const full = rssOf(a.pid);
  process.stdout.write(
    `connected ${held.length} in ${((performance.now() - started) / 1000).toFixed(1)} s; server RSS idle ${mb(idle)}, with sockets ${mb(full)}; ${((full - idle) / held.length / 1024).toFixed(1)} KB per connection\n`,
  );
  for (const socket of held) socket.close();

  // 2. Delivery latency.
  async function measure(label: string, buyerUrl: string, sellerUrl: string) {
    const sockets = await Promise.all(
      pairs.map(async (pair) => ({
        pair,
        buyer: await open(buyerUrl, pair.buyer.cookie),
        seller: await open(sellerUrl, pair.seller.cookie),
      })),
    );
    const samples: number[] = [];
    const sentAt = new Map<string, number>();
    for (const { seller } of sockets)
      seller.on('messageReceived', (event: { message: { clientMessageId: string } }) => {
        const at = sentAt.get(event.message.clientMessageId);
        if (at !== undefined) samples.push(performance.now() - at);
      });
    let n = 0;
    const stopAt = performance.now() + SECONDS * 1000;
    const timers = sockets.map(({ pair, buyer }, i) =>
      setTimeout(
        () => {
          const tick = () => {
            if (performance.now() > stopAt) return;
            const clientMessageId = `bench-${label.length}-${(n += 1)}-${randomBytes(4).toString('hex')}`;
            sentAt.set(clientMessageId, performance.now());
            buyer.emit(
              'sendMessage',
              { chatId: pair.chatId, clientMessageId, text: 'hello' },
              () => undefined,
            );
            setTimeout(tick, 1000);
          };
          tick();
        },
        (i * 1000) / sockets.length,
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000 + 2000));
    timers.forEach(clearTimeout);
    report(label, samples);
    for (const s of sockets) {
      s.buyer.close();
      s.seller.close();
    }
  }

  // Bare Socket.IO relay, the ceiling: no cookie check, no storage, emit to the other user's room.
  const bare = createServer();
  const bareIo = new Server(bare, { transports: ['websocket'] });
  bareIo.on('connection', (socket) => {
    const me = String(socket.handshake.query.me);
    void socket.join(me);
    socket.on('sendMessage', (payload: { to: string; clientMessageId: string }, ack: () => void) => {
      bareIo
        .to(payload.to)
        .emit('messageReceived', { message: { clientMessageId: payload.clientMessageId } });
      ack();
    });
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const bareAddress = bare.address();
  const bareUrl = `http://127.0.0.1:${typeof bareAddress === 'object' && bareAddress ? bareAddress.port : 0}`;

  process.stdout.write(
    `\n# chat delivery, ${CONVERSATIONS} conversations, one message/s each, ${SECONDS} s\n`,
  );
  {
    const samples: number[] = [];
    const sentAt = new Map<string, number>();
    const clients = await Promise.all(
      pairs.map(async (pair) => {
        const buyer = connect(bareUrl, { transports: ['websocket'], query: { me: pair.buyer.id } });
        const seller = connect(bareUrl, { transports: ['websocket'], query: { me: pair.seller.id } });
        await Promise.all([buyer, seller].map((s) => new Promise<void>((r) => s.once('connect', () => r()))));
        seller.on('messageReceived', (event: { message: { clientMessageId: string } }) => {
          const at = sentAt.get(event.message.clientMessageId);
          if (at !== undefined) samples.push(performance.now() - at);
        });
        return { pair, buyer, seller };
      }),
    );
    let n = 0;
    const stopAt = performance.now() + SECONDS * 1000;
    clients.forEach(({ pair, buyer }, i) =>
      setTimeout(
        () => {
          const tick = () => {
            if (performance.now() > stopAt) return;
            const clientMessageId = `bare-${(n += 1)}`;
            sentAt.set(clientMessageId, performance.now());
            buyer.emit('sendMessage', { to: pair.seller.id, clientMessageId }, () => undefined);
            setTimeout(tick, 1000);
          };
          tick();
        },
        (i * 1000) / clients.length,
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000 + 2000));
    report('bare Socket.IO relay (ceiling)', samples);
    for (const c of clients) {
      c.buyer.close();
      c.seller.close();
    }
  }
  await measure('one process (PostgreSQL)', a.url, a.url);
  await measure('two processes through Redis (PostgreSQL)', b.url, a.url);
  bareIo.close();
} finally {
  for (const child of children) child.kill('SIGTERM');
  await app.close();
  await database.close();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
  await admin.end();
}
