#!/usr/bin/env node
/**
 * A MapleSource cluster on loopback, from a built release (`npm run build`), on the engines production uses
 * (decision 295): the machine's PostgreSQL (a fresh database), the machine's Redis (one dedicated database index),
 * an S3-compatible store (s3rver), three app processes — two serving buyer+chat, one serving payment — and nginx in
 * front (WebSocket upgrade; sticky routing by a cookie hash, which Socket.IO's polling transport needs).
 *
 *   node scripts/cluster.mjs start    (npm run cluster:start)   prints the address and writes <dir>/cluster.json
 *   node scripts/cluster.mjs stop     (npm run cluster:stop)    stops every process it started, drops the database
 *   node scripts/cluster.mjs restart <node> [--kill]             stops one app node (SIGTERM, or SIGKILL) and starts
 *                                                                 it again: a rolling restart is this, node by node
 *
 * Settings (environment): CLUSTER_DIR (state, logs, files; default <tmp>/maplesource-cluster), CLUSTER_PORT (nginx,
 * 4560), CLUSTER_APP_PORT (first of four: three nodes and s3rver, 4761), CLUSTER_PG_URL
 * (postgres://postgres@127.0.0.1:5432/postgres), CLUSTER_REDIS_URL (redis://127.0.0.1:6379/9: the index is flushed
 * at start and stop, so give the cluster one of its own), CLUSTER_NODE_ENV (production), CLUSTER_SEED (auto: the
 * first node seeds the demo marketplace; never), CLUSTER_SEED_PRODUCTS (500), CLUSTER_DRAIN_MS (5000),
 * NGINX (/usr/sbin/nginx), CLUSTER_RELEASE (the release bundle the nodes run, decision 309; default
 * release/maplesource-<version>, made by `npm run release` when missing). Any other variable of the server (README)
 * given to this script reaches every node.
 *
 * The nodes' command and settings (`clusterNodes`, `nodeEnvironment`) and nginx's configuration
 * (deploy/nginx.conf.template) are the ones the Dockerfile and compose.yaml use: release-consistency.test.ts.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { defaultReleaseDir, makeRelease, startEntry } from './release.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env;
const dir = path.resolve(env.CLUSTER_DIR || path.join(os.tmpdir(), 'maplesource-cluster'));
const stateFile = path.join(dir, 'cluster.json');
const proxyPort = Number(env.CLUSTER_PORT || 4560);
const firstPort = Number(env.CLUSTER_APP_PORT || 4761);
const pgUrl = env.CLUSTER_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = env.CLUSTER_REDIS_URL || 'redis://127.0.0.1:6379/9';
const nginxBin = env.NGINX || '/usr/sbin/nginx';
const release = path.resolve(env.CLUSTER_RELEASE || defaultReleaseDir());
const serverMain = path.join(release, startEntry);
const webIndex = path.join(release, 'apps/web/dist/index.html');
export const nginxTemplate = path.join(root, 'deploy/nginx.conf.template');

/** The app processes: name, services, port. Each runs `node <release>/${startEntry}` with `nodeEnvironment`. */
export const clusterNodes = [
  { name: 'app-1', services: 'buyer,chat', port: firstPort },
  { name: 'app-2', services: 'buyer,chat', port: firstPort + 1 },
  { name: 'pay-1', services: 'payment', port: firstPort + 2 },
];
const nodes = clusterNodes;
const s3Port = firstPort + 3;
const bucket = 'maplesource-cluster';

const log = (message) => console.log(`[cluster] ${message}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function readState() {
  return existsSync(stateFile) ? JSON.parse(readFileSync(stateFile, 'utf8')) : undefined;
}
function writeState(state) {
  writeFileSync(stateFile, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
}
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
async function redisCommand(...args) {
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 2_000 });
  try {
    await redis.connect();
    return await redis.call(...args);
  } finally {
    redis.disconnect();
  }
}
async function adminQuery(text) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}
function withDatabase(url, name) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * What this machine lacks to run a cluster — nginx at `nginx`, PostgreSQL at `pgUrl`, Redis at `redisUrl` — in a
 * sentence, or null when nothing is missing. The cluster tests skip with it (README: the cluster stage needs them).
 */
export async function missingPrerequisite({ nginx, pgUrl, redisUrl }) {
  if (!existsSync(nginx)) return `nginx is not installed (${nginx}; apt-get install -y nginx)`;
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 2_000 });
  const pgUp = await client.connect().then(
    () => client.end().then(() => true),
    () => false,
  );
  if (!pgUp) return `PostgreSQL is not reachable at ${pgUrl}`;
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl, { lazyConnect: true, connectTimeout: 2_000, maxRetriesPerRequest: 0 });
  const redisUp = await redis
    .connect()
    .then(() => redis.ping())
    .then(
      () => true,
      () => false,
    )
    .finally(() => redis.disconnect());
  if (!redisUp) return `Redis is not reachable at ${redisUrl}`;
  return null;
}

/** A detached child with its output in <dir>/logs/<name>.log; its pid is recorded at once. */
function startProcess(state, name, command, args, childEnv, cwd = root) {
  const out = openSync(path.join(dir, 'logs', `${name}.log`), 'a');
  const child = spawn(command, args, {
    cwd,
    env: childEnv,
    detached: true,
    stdio: ['ignore', out, out],
  });
  child.unref();
  state.processes.push({ name, pid: child.pid });
  writeState(state);
  return child;
}

async function waitFor(what, check, timeoutMs, child) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${what}: the process exited (${child.exitCode})`);
    if (await check().catch(() => false)) return;
    await sleep(200);
  }
  throw new Error(`${what}: not ready after ${timeoutMs} ms`);
}
const answers =
  (url, status = 200) =>
  async () =>
    (await fetch(url)).status === status;

/** deploy/nginx.conf.template with its `${NAME}` placeholders filled; every one must be given. */
export function renderNginxConfig(values) {
  return readFileSync(nginxTemplate, 'utf8').replace(/\$\{([A-Z_]+)\}/g, (_match, name) => {
    if (!(name in values)) throw new Error(`deploy/nginx.conf.template: no value for ${name}`);
    return values[name];
  });
}

/** The cluster's values for deploy/nginx.conf.template: its log and temporary paths under CLUSTER_DIR, its nodes. */
export function nginxValues() {
  const servers = (service) =>
    nodes
      .filter((node) => node.services.includes(service))
      // max_fails=0: see deploy/nginx.conf.template on why a node is never marked failed.
      .map((node) => `server 127.0.0.1:${node.port} max_fails=0;`)
      .join('\n    ');
  return {
    NGINX_PID_FILE: path.join(dir, 'nginx', 'nginx.pid'),
    NGINX_ERROR_LOG: path.join(dir, 'logs', 'nginx-error.log'),
    NGINX_ACCESS_LOG: path.join(dir, 'logs', 'nginx-access.log'),
    NGINX_TEMP_DIR: path.join(dir, 'nginx'),
    NGINX_APP_SERVERS: servers('buyer'),
    NGINX_PAYMENT_SERVERS: servers('payment'),
    NGINX_LISTEN: `127.0.0.1:${proxyPort}`,
  };
}
const nginxConfig = () => renderNginxConfig(nginxValues());

/**
 * What one app node is given besides this script's own environment: the cluster's topology (database, Redis,
 * bucket, proxy) and the shared secrets. compose.yaml gives its app and payment services the same names.
 */
export function nodeEnvironment(node, index, { database, s3Endpoint, publicUrl, secrets }) {
  return {
    NODE_ENV: env.CLUSTER_NODE_ENV || 'production',
    PAYMENT_PROVIDER: env.PAYMENT_PROVIDER || (env.STRIPE_SECRET_KEY ? 'stripe' : 'sandbox'),
    HOST: '127.0.0.1',
    PORT: String(node.port),
    SERVICES: node.services,
    DATA_DIR: path.join(dir, node.name),
    DATABASE_URL: withDatabase(pgUrl, database),
    REDIS_URL: redisUrl,
    PUBLIC_URL: env.PUBLIC_URL || publicUrl,
    TRUST_PROXY: 'loopback',
    S3_BUCKET: bucket,
    S3_ENDPOINT: s3Endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
    // Only the first node seeds an empty database; all three migrate together under the lock.
    SEED: index === 0 ? env.CLUSTER_SEED || 'auto' : 'never',
    SEED_PRODUCTS: env.CLUSTER_SEED_PRODUCTS || '500',
    SHUTDOWN_DRAIN_MS: env.CLUSTER_DRAIN_MS || '5000',
    // Shared by every node: sessions signed on one are read on another.
    COOKIE_SECRET: secrets.COOKIE_SECRET,
    PAYMENT_WEBHOOK_SECRET: secrets.PAYMENT_WEBHOOK_SECRET,
  };
}

async function start() {
  const previous = readState();
  if (previous?.processes.some((entry) => alive(entry.pid))) {
    throw new Error(`a cluster is already running from ${dir}: run "npm run cluster:stop" first`);
  }
  if (!path.relative(dir, release).startsWith('..'))
    throw new Error(
      `CLUSTER_RELEASE (${release}) is inside CLUSTER_DIR, which start empties: put it elsewhere`,
    );
  if (!existsSync(serverMain) || !existsSync(webIndex)) {
    log(`no release bundle in ${release}: making it (npm run release)`);
    makeRelease(release);
  }
  if (!existsSync(nginxBin))
    throw new Error(`nginx not found at ${nginxBin} (apt-get install -y nginx, or NGINX=…)`);
  rmSync(dir, { recursive: true, force: true });
  for (const sub of ['logs', 'nginx', 's3']) mkdirSync(path.join(dir, sub), { recursive: true });

  const database = `maplesource_cluster_${randomBytes(4).toString('hex')}`;
  const state = { dir, database, redisUrl, url: `http://127.0.0.1:${proxyPort}`, processes: [] };
  writeState(state);
  await adminQuery(`CREATE DATABASE ${database}`);
  log(`database ${database} created`);
  await redisCommand('flushdb');

  const s3 = startProcess(state, 's3rver', process.execPath, [fileURLToPath(import.meta.url), 's3rver'], {
    ...env,
    CLUSTER_S3_PORT: String(s3Port),
    CLUSTER_S3_DIR: path.join(dir, 's3'),
  });
  await waitFor('s3rver', answers(`http://127.0.0.1:${s3Port}/${bucket}`), 20_000, s3);

  // Kept in the state file (mode 0600) so that `restart` starts a node with the same secrets as its peers.
  state.secrets = {
    COOKIE_SECRET: env.COOKIE_SECRET || randomBytes(32).toString('hex'),
    PAYMENT_WEBHOOK_SECRET: env.PAYMENT_WEBHOOK_SECRET || randomBytes(32).toString('hex'),
  };
  writeState(state);
  await Promise.all(nodes.map((node) => startNode(state, node)));
  log(`nodes ready: ${nodes.map((node) => `${node.name} (${node.services}) :${node.port}`).join(', ')}`);

  const confFile = path.join(dir, 'nginx', 'nginx.conf');
  writeFileSync(confFile, nginxConfig());
  const nginx = startProcess(
    state,
    'nginx',
    nginxBin,
    ['-c', confFile, '-p', path.join(dir, 'nginx'), '-g', 'daemon off;'],
    env,
  );
  await waitFor('nginx', answers(`${state.url}/healthz`), 20_000, nginx);
  state.started = true;
  writeState(state);
  log(`ready: ${state.url} (state and logs in ${dir}; stop with "npm run cluster:stop")`);
}

/** Starts one app node of the cluster in `state` and waits until it is ready (its /readyz answers 200). */
async function startNode(state, node) {
  const index = nodes.indexOf(node);
  const context = {
    database: state.database,
    s3Endpoint: `http://127.0.0.1:${s3Port}`,
    publicUrl: state.url,
    secrets: state.secrets,
  };
  const child = startProcess(
    state,
    node.name,
    process.execPath,
    [serverMain],
    // A restarted first node must not seed again: the database already has the demo marketplace.
    { ...env, ...nodeEnvironment(node, index, context), ...(state.started ? { SEED: 'never' } : {}) },
    release,
  );
  await waitFor(node.name, answers(`http://127.0.0.1:${node.port}/readyz`), 180_000, child);
}

/**
 * `restart <node>`: stops one app node — SIGTERM, so it drains (docs/operations.md), or SIGKILL with `--kill`, as a
 * crash would — waits until it is gone, starts it again and waits until it is ready. The rolling restart of the
 * runbook is this, one node at a time.
 */
async function restart() {
  const [name, how] = process.argv.slice(3);
  const node = nodes.find((candidate) => candidate.name === name);
  if (!node)
    throw new Error(
      `restart: no app node named ${name ?? '(none)'} (${nodes.map((n) => n.name).join(', ')})`,
    );
  const state = readState();
  const entry = state?.processes.find((candidate) => candidate.name === name);
  if (!state || !entry) throw new Error(`restart: no cluster running from ${dir}`);
  const signal = how === '--kill' ? 'SIGKILL' : 'SIGTERM';
  try {
    process.kill(entry.pid, signal);
  } catch {
    // already gone
  }
  const deadline = Date.now() + Number(env.CLUSTER_DRAIN_MS || 5000) + 30_000;
  while (alive(entry.pid)) {
    if (Date.now() > deadline) throw new Error(`restart: ${name} still running after ${signal}`);
    await sleep(100);
  }
  log(`${name} stopped (${signal})`);
  state.processes = state.processes.filter((candidate) => candidate !== entry);
  await startNode(state, node);
  log(`${name} ready again`);
}

async function stop() {
  const state = readState();
  if (!state) {
    log(`nothing to stop (no ${stateFile})`);
    return;
  }
  // nginx first (no new work reaches the nodes), then the nodes (SIGTERM: they drain and close), then storage.
  const order = ['nginx', ...nodes.map((node) => node.name), 's3rver'];
  const entries = [...state.processes].sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
  const drainMs = Number(env.CLUSTER_DRAIN_MS || 5000);
  const signalAll = (list, signal) => {
    for (const entry of list) {
      try {
        process.kill(entry.pid, signal);
      } catch {
        // already gone
      }
    }
  };
  const waitGone = async (list, timeoutMs) => {
    const deadline = Date.now() + timeoutMs;
    while (list.some((entry) => alive(entry.pid)) && Date.now() < deadline) await sleep(100);
    return list.filter((entry) => alive(entry.pid));
  };
  for (const group of [
    entries.filter((entry) => entry.name === 'nginx'),
    entries.filter((entry) => entry.name !== 'nginx' && entry.name !== 's3rver'),
    entries.filter((entry) => entry.name === 's3rver'),
  ]) {
    // nginx: SIGQUIT is its graceful stop; the nodes and s3rver: SIGTERM.
    signalAll(group, group[0]?.name === 'nginx' ? 'SIGQUIT' : 'SIGTERM');
    const left = await waitGone(group, drainMs + 20_000);
    if (left.length > 0) {
      log(`still running after SIGTERM, killing: ${left.map((entry) => entry.name).join(', ')}`);
      signalAll(left, 'SIGKILL');
      await waitGone(left, 5_000);
    }
  }
  if (state.database) {
    await adminQuery(`DROP DATABASE IF EXISTS ${state.database} WITH (FORCE)`).catch((error) =>
      log(`could not drop ${state.database}: ${error.message}`),
    );
  }
  await redisCommand('flushdb').catch(() => undefined);
  rmSync(stateFile, { force: true });
  log(`stopped (logs kept in ${path.join(dir, 'logs')})`);
}

/** The S3-compatible store, run as a process of its own so that stop can signal it like the others. */
async function s3rver() {
  const { default: S3rver } = await import('s3rver');
  const server = new S3rver({
    address: '127.0.0.1',
    port: Number(env.CLUSTER_S3_PORT),
    silent: true,
    directory: env.CLUSTER_S3_DIR,
    configureBuckets: [{ name: bucket }],
  });
  await server.run();
  const close = () => void server.close().then(() => process.exit(0));
  process.on('SIGTERM', close);
  process.on('SIGINT', close);
}

const command = process.argv[2];
const commands = { start, stop, restart, s3rver };
// Imported (release-consistency.test.ts reads the node definitions): run nothing.
const isMain = process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isMain && !(command in commands)) {
  console.error('usage: node scripts/cluster.mjs start | stop | restart <node> [--kill]');
  process.exit(2);
}
if (isMain) {
  commands[command]().catch(async (error) => {
    console.error(`[cluster] ${command} failed: ${error.message}`);
    if (command === 'start') {
      for (const name of nodes.map((node) => node.name)) {
        const file = path.join(dir, 'logs', `${name}.log`);
        if (existsSync(file))
          console.error(`--- ${name} ---\n${readFileSync(file, 'utf8').split('\n').slice(-15).join('\n')}`);
      }
      await stop().catch(() => undefined);
    }
    process.exit(1);
  });
}
