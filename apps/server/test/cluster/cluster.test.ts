import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomInt, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { ChatMessage } from '@maplesource/contracts';
import { missingPrerequisite } from '../../../../scripts/cluster.mjs';
import { waitFor } from '../wait-for';
import { testTimeouts } from '../../../../test-timeouts.mjs';

/**
 * The cluster of decision 295 from the release bundle (decision 309, made from the build): `scripts/cluster.mjs start` (PostgreSQL, Redis, s3rver,
 * three nodes, nginx), then through nginx only: liveness, a page, an API call, Socket.IO over websocket and over
 * polling alone (sticky routing), a chat message between two users held by different nodes, the payment routes
 * on the payment node; then `stop`, and nothing is left running or listening.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const script = path.join(repoRoot, 'scripts/cluster.mjs');
const nginx = process.env.NGINX ?? '/usr/sbin/nginx';
const pgUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = 'redis://127.0.0.1:6379/10';
const proxyPort = 4565;
const firstPort = 4765;
const base = `http://127.0.0.1:${proxyPort}`;
const dir = mkdtempSync(path.join(os.tmpdir(), 'maplesource-cluster-test-'));
// A fresh release bundle from this build, which the nodes run (decision 309); outside dir, which start empties.
const releaseDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'maplesource-release-test-')), 'release');

// One project runs it: the PostgreSQL one when DATABASE_URL is set, else the embedded one (its ports are fixed).
const thisProject = process.env.DATABASE_URL ? inject('testDbDriver') === 'postgres' : true;

async function whyNot(): Promise<string | null> {
  if (!existsSync(path.join(repoRoot, 'apps/server/dist/main.js')))
    return 'no built release: run "npm run build" first';
  return missingPrerequisite({ nginx, pgUrl, redisUrl });
}
const skipReason = thisProject ? await whyNot() : 'runs in the PostgreSQL project';

function runCluster(command: 'start' | 'stop'): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, command], {
      cwd: repoRoot,
      env: {
        ...process.env,
        CLUSTER_DIR: dir,
        CLUSTER_PORT: String(proxyPort),
        CLUSTER_APP_PORT: String(firstPort),
        CLUSTER_PG_URL: pgUrl,
        CLUSTER_REDIS_URL: redisUrl,
        CLUSTER_RELEASE: releaseDir,
        // The dev outbox (sign-up codes) and dev storefronts exist under NODE_ENV=test only; a small seed gives
        // the categories a storefront's product needs.
        CLUSTER_NODE_ENV: 'test',
        CLUSTER_SEED: 'auto',
        CLUSTER_SEED_PRODUCTS: '20',
        CLUSTER_DRAIN_MS: '300',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_SIGNUP_PER_IP_PER_HOUR: '1000',
        RATE_LIMIT_OTP_PER_IP_PER_HOUR: '1000',
        RATE_LIMIT_SOCKET_CONNECTIONS_PER_IP_PER_MINUTE: '1000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/** One browser-like client: a cookie jar whose sticky cookie pins it to one node. */
class Client {
  readonly cookies = new Map<string, string>();
  constructor(sticky: string) {
    this.cookies.set('maple_node', sticky);
  }
  get cookie(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  async request(method: string, url: string, body?: unknown): Promise<Response> {
    const response = await fetch(`${base}${url}`, {
      method,
      redirect: 'manual',
      headers: {
        cookie: this.cookie,
        role: 'buyer',
        ...(body === undefined
          ? {}
          : { 'content-type': 'application/json', 'idempotency-key': randomUUID() }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      if (at > 0) this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  }
  async json<T>(method: string, url: string, body?: unknown): Promise<T> {
    const response = await this.request(method, url, body);
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
    return JSON.parse(text) as T;
  }
  async upstream(): Promise<string> {
    return (await this.request('GET', '/healthz')).headers.get('x-upstream') ?? '';
  }
  async signUp(label: string): Promise<{ id: string }> {
    const phoneNumber = `+1416555${String(randomInt(10_000)).padStart(4, '0')}`;
    await this.json('POST', '/api/v1/auth/send-otp', { phoneNumber });
    const outbox = await this.json<{ messages: { code?: string }[] }>(
      'GET',
      `/api/v1/dev/outbox?to=${encodeURIComponent(phoneNumber)}`,
    );
    const otp = outbox.messages[0]?.code;
    if (!otp) throw new Error(`no code for ${phoneNumber}`);
    const suffix = randomUUID().slice(0, 8);
    const { user } = await this.json<{ user: { id: string } }>('POST', '/api/v1/auth/signup', {
      fullName: `Cluster ${label} ${suffix}`,
      email: `cluster-${label}-${suffix}@example.ca`,
      phoneNumber,
      password: 'Cluster#Password1',
      otp,
      province: 'ON',
    });
    return user;
  }
}

const sockets: Socket[] = [];
async function socketFor(client: Client, transports: ('websocket' | 'polling')[]): Promise<Socket> {
  const socket = connect(base, {
    path: '/socket.io',
    transports,
    upgrade: transports.includes('websocket'),
    extraHeaders: { cookie: client.cookie },
    reconnection: false,
    timeout: testTimeouts.conditionMs,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
const clusterPorts = [proxyPort, firstPort, firstPort + 1, firstPort + 2, firstPort + 3, firstPort + 4];

let started = false;
afterAll(async () => {
  for (const socket of sockets) socket.close();
  if (started) await runCluster('stop');
  rmSync(dir, { recursive: true, force: true });
  rmSync(path.dirname(releaseDir), { recursive: true, force: true });
}, 120_000);

describe.skipIf(skipReason !== null)(
  `the cluster behind nginx${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    it('serves pages, the API, Socket.IO (websocket and polling) and chat across nodes, payment on its node; stops cleanly', async () => {
      for (const port of clusterPorts)
        expect(await listening(port), `port ${port} free before the start`).toBe(false);
      started = true;
      const start = await runCluster('start');
      expect(start.code, start.output).toBe(0);
      const state = JSON.parse(readFileSync(path.join(dir, 'cluster.json'), 'utf8')) as {
        database: string;
        processes: { name: string; pid: number }[];
      };
      expect(state.processes.map((entry) => entry.name).sort()).toEqual([
        'app-1',
        'app-2',
        'nginx',
        'pay-1',
        's3rver',
      ]);

      // Liveness, a page and an API call, through nginx.
      const visitor = new Client('visitor');
      expect((await visitor.request('GET', '/healthz')).status).toBe(200);
      const page = await visitor.request('GET', '/');
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
      expect(await page.text()).toMatch(/<div id="root"/);
      expect((await visitor.request('GET', '/api/v1/locations/countries')).status).toBe(200);

      // Two clients whose sticky cookies pin them to different buyer+chat nodes.
      const appNodes = [`127.0.0.1:${firstPort}`, `127.0.0.1:${firstPort + 1}`];
      const seller = new Client('seller-0');
      const sellerNode = await seller.upstream();
      expect(appNodes).toContain(sellerNode);
      expect(await seller.upstream()).toBe(sellerNode);
      const buyer = await waitFor('a sticky cookie that lands on the other node', async () => {
        const candidate = new Client(`buyer-${randomUUID()}`);
        return (await candidate.upstream()) !== sellerNode ? candidate : null;
      });
      const buyerNode = await buyer.upstream();
      expect(appNodes).toContain(buyerNode);
      expect(buyerNode).not.toBe(sellerNode);

      // The seller with a storefront, the buyer's inquiry opens their conversation.
      await seller.signUp('seller');
      const storefront = await seller.json<{ product: { id: number | string } }>(
        'POST',
        '/api/v1/dev/storefront',
      );
      await buyer.signUp('buyer');
      const { chatId } = await buyer.json<{ chatId: string }>('POST', '/api/v1/quotation', {
        productId: Number(storefront.product.id),
        quantity: 200,
        minPrice: 4,
        maxPrice: 9,
        deadline: '2099-01-15',
        deliveryProvince: 'ON',
        deliveryPostalCode: 'K1A 0B1',
        message: 'Through the cluster, please.',
      });

      // The seller over websocket, the buyer over polling only: every polling request must reach the same node.
      const sellerSocket = await socketFor(seller, ['websocket']);
      const buyerSocket = await socketFor(buyer, ['polling']);
      expect(sellerSocket.io.engine.transport.name).toBe('websocket');
      expect(buyerSocket.io.engine.transport.name).toBe('polling');
      const heardBySeller: ChatMessage[] = [];
      const heardByBuyer: ChatMessage[] = [];
      sellerSocket.on('messageReceived', (event: { message: ChatMessage }) =>
        heardBySeller.push(event.message),
      );
      buyerSocket.on('messageReceived', (event: { message: ChatMessage }) =>
        heardByBuyer.push(event.message),
      );

      // Buyer (node B, polling) → seller (node A, websocket), through Redis; the adapters may need a moment to hear
      // each other after the start, so the buyer repeats until one arrives (each is stored and acknowledged).
      let sent = 0;
      await waitFor(
        'the seller on one node to hear the buyer on the other',
        async () => {
          const ack = (await buyerSocket.timeout(testTimeouts.conditionMs).emitWithAck('sendMessage', {
            chatId,
            clientMessageId: randomUUID(),
            text: `hello ${(sent += 1)}`,
          })) as {
            ok: boolean;
          };
          expect(ack.ok).toBe(true);
          return heardBySeller.some((message) => message.text.startsWith('hello'));
        },
        { timeoutMs: testTimeouts.conditionMs, intervalMs: 250 },
      );
      // And back: seller (websocket) → buyer (polling).
      const reply = (await sellerSocket.timeout(testTimeouts.conditionMs).emitWithAck('sendMessage', {
        chatId,
        clientMessageId: randomUUID(),
        text: 'answer from the seller',
      })) as {
        ok: boolean;
      };
      expect(reply.ok).toBe(true);
      await waitFor('the buyer (polling) to hear the seller', () =>
        heardByBuyer.some((message) => message.text === 'answer from the seller'),
      );

      // Payment routes reach the payment node.
      const provider = await buyer.request('GET', '/api/v1/payment/provider');
      expect(provider.status).toBe(200);
      expect(provider.headers.get('x-upstream')).toBe(`127.0.0.1:${firstPort + 2}`);

      const clusterDb = new URL(pgUrl);
      clusterDb.pathname = `/${state.database}`;

      // Backup while it runs (docs/operations.md): pg_dump -Fc with chat traffic going on, pg_restore into a fresh
      // database. Every message, invoice and order stored before the dump began is in the copy, and nothing the
      // source never had (ids of each table: before ⊆ restored ⊆ after).
      const idsOf = async (url: string) => {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          const ids = async (table: string) =>
            new Set(
              (await client.query<{ id: string }>(`select id::text as id from ${table}`)).rows.map(
                (r) => r.id,
              ),
            );
          return {
            messages: await ids('chat_messages'),
            invoices: await ids('invoices'),
            orders: await ids('orders'),
          };
        } finally {
          await client.end();
        }
      };
      const before = await idsOf(clusterDb.toString());
      let traffic = true;
      let duringDump = 0;
      // Paced as a person types (below the socket's per-second and per-minute message limits, which a dump
      // slowed down by a busy machine would otherwise reach): every message must be acknowledged as stored.
      const chatter = (async () => {
        while (traffic) {
          const ack = (await buyerSocket.timeout(testTimeouts.conditionMs).emitWithAck('sendMessage', {
            chatId,
            clientMessageId: randomUUID(),
            text: `during the dump ${(duringDump += 1)}`,
          })) as { ok: boolean; error?: unknown };
          expect(ack.ok, JSON.stringify(ack)).toBe(true);
          await new Promise((resolve) => setTimeout(resolve, 600));
        }
      })();
      chatter.catch(() => {}); // its failure is reported where it is awaited, after the dump
      const dumpFile = path.join(dir, 'maplesource.dump');
      const restoredDb = new URL(pgUrl);
      restoredDb.pathname = `/${state.database}_restored`;
      const run = (command: string, args: string[]) =>
        new Promise<{ code: number | null; output: string }>((resolve) => {
          const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
          let output = '';
          child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
          child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
          child.on('exit', (code) => resolve({ code, output }));
        });
      try {
        const dump = await run('pg_dump', ['--format=custom', `--file=${dumpFile}`, clusterDb.toString()]);
        expect(dump.code, dump.output).toBe(0);
      } finally {
        traffic = false;
        await chatter;
      }
      expect(duringDump).toBeGreaterThan(0);
      const after = await idsOf(clusterDb.toString());
      const restoreAdmin = new pg.Client({ connectionString: pgUrl });
      await restoreAdmin.connect();
      await restoreAdmin.query(`create database ${state.database}_restored`);
      try {
        const restore = await run('pg_restore', [
          '--no-owner',
          `--dbname=${restoredDb.toString()}`,
          dumpFile,
        ]);
        expect(restore.code, restore.output).toBe(0);
        const restored = await idsOf(restoredDb.toString());
        expect(before.messages.size).toBeGreaterThan(1);
        for (const table of ['messages', 'invoices', 'orders'] as const) {
          expect(
            [...before[table]].filter((id) => !restored[table].has(id)),
            `${table} lost`,
          ).toEqual([]);
          expect(
            [...restored[table]].filter((id) => !after[table].has(id)),
            `${table} invented`,
          ).toEqual([]);
        }
      } finally {
        await restoreAdmin.query(`drop database if exists ${state.database}_restored with (force)`);
        await restoreAdmin.end();
      }

      // A node of an older release (the schema has a migration it does not know) refuses to serve, saying why.
      const schema = new pg.Client({ connectionString: clusterDb.toString() });
      await schema.connect();
      await schema.query(
        "insert into schema_migrations (name, checksum) values ('9999_from_a_newer_release.sql', 'x')",
      );
      await schema.end();
      const refused = await new Promise<{ code: number | null; output: string }>((resolve) => {
        const child = spawn(process.execPath, [path.join(repoRoot, 'apps/server/dist/main.js')], {
          cwd: repoRoot,
          env: {
            ...process.env,
            NODE_ENV: 'test',
            DATABASE_URL: clusterDb.toString(),
            PORT: String(firstPort + 4),
            DATA_DIR: path.join(dir, 'older-node'),
            SEED: 'never',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.on('exit', (code) => resolve({ code, output }));
      });
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(
        /schema is newer than this release.*9999_from_a_newer_release\.sql.*Refusing to serve/s,
      );

      // One command stops it all: no process, no port, no database left.
      for (const socket of sockets) socket.close();
      const stop = await runCluster('stop');
      started = false;
      expect(stop.code, stop.output).toBe(0);
      // Every process left on its own signal (SIGTERM: the nodes drained and closed), none had to be killed.
      expect(stop.output).not.toMatch(/killing/);
      for (const entry of state.processes) {
        let alive = true;
        try {
          process.kill(entry.pid, 0);
        } catch {
          alive = false;
        }
        expect(alive, `${entry.name} (pid ${entry.pid}) still running`).toBe(false);
      }
      for (const port of clusterPorts)
        expect(await listening(port), `port ${port} still listening`).toBe(false);
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      const left = await admin.query('select 1 from pg_database where datname = $1', [state.database]);
      await admin.end();
      expect(left.rowCount).toBe(0);
    }, 180_000);
  },
);
