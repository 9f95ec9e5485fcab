import { spawn } from 'node:child_process';
import path from 'node:path';

/**
 * The loopback cluster of decision 295 (`scripts/cluster.mjs`) for the cluster specs: its settings, and its
 * commands run as the operator would run them. The database and Redis are the machine's (CLUSTER_PG_URL,
 * DATABASE_URL's server, or the local default); the nodes run a release bundle made from this build.
 */
const repoRoot = path.resolve(import.meta.dirname, '../..');
export const clusterPort = Number(process.env.E2E_CLUSTER_PORT ?? 4575);
const firstAppPort = clusterPort + 200;
export const clusterURL = `http://127.0.0.1:${clusterPort}`;

const pgUrl = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
pgUrl.pathname = '/postgres';
const redisUrl = 'redis://127.0.0.1:6379/11';
/** Where the cluster's engines are: nginx, and the PostgreSQL server and Redis database it uses. */
export const clusterEngines = {
  nginx: process.env.NGINX ?? '/usr/sbin/nginx',
  pgUrl: pgUrl.toString(),
  redisUrl,
};

function clusterEnv(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    CLUSTER_DIR: process.env.E2E_CLUSTER_DIR,
    CLUSTER_RELEASE: process.env.E2E_CLUSTER_RELEASE,
    CLUSTER_PORT: String(clusterPort),
    CLUSTER_APP_PORT: String(firstAppPort),
    CLUSTER_PG_URL: clusterEngines.pgUrl,
    CLUSTER_REDIS_URL: clusterEngines.redisUrl,
    // The dev routes (sign-up codes, storefronts for test sellers) exist under NODE_ENV=test only.
    CLUSTER_NODE_ENV: 'test',
    CLUSTER_SEED: 'auto',
    CLUSTER_SEED_PRODUCTS: '20',
    CLUSTER_DRAIN_MS: '2000',
    LOG_LEVEL: 'warn',
    // Every user of the spec comes from 127.0.0.1 (through nginx): the e2e suite's per-IP ceilings (decision 055).
    RATE_LIMIT_OTP_PER_IP_PER_HOUR: '100000',
    RATE_LIMIT_SIGNUP_PER_IP_PER_HOUR: '100000',
    RATE_LIMIT_LOGIN_PER_IP_PER_15_MIN: '100000',
    RATE_LIMIT_SOCKET_CONNECTIONS_PER_IP_PER_MINUTE: '100000',
  };
}

/** Runs `node scripts/cluster.mjs <args>`; rejects with its output when it fails. */
export function cluster(...args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'scripts/cluster.mjs'), ...args], {
      cwd: repoRoot,
      env: clusterEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`cluster ${args.join(' ')}: exit ${code}\n${output}`)),
    );
  });
}
