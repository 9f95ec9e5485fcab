import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers';

/**
 * kill -9 the real server in the middle of a burst of address writes; after a restart every
 * write that was acknowledged (201) must be there. Runs on PGlite (DATA_DIR) and, when the
 * run sets DATABASE_URL, on PostgreSQL.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const H = { role: 'buyer', 'content-type': 'application/json' };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

let child: ChildProcess | undefined;
let database: TestDatabase | undefined;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'maplesource-durability-'));

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await database?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(env: Record<string, string>): Promise<{ proc: ChildProcess; base: string }> {
  const port = await freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  proc.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    try {
      const res = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return { proc, base };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not start: ${stderr}`);
}

describe('durability', () => {
  it('keeps every acknowledged address write across kill -9', { timeout: 240_000 }, async () => {
    const env: Record<string, string> = {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SEED: 'never',
      LOG_LEVEL: 'fatal',
      SERVICES: 'buyer',
      DATABASE_URL: '',
    };
    if (inject('testDbDriver') === 'postgres') {
      database = await createTestDatabase();
      env.DATABASE_URL = database.location;
    }
    let server = await start(env);
    child = server.proc;

    const phoneNumber = '+14165550777';
    expect(
      (
        await fetch(`${server.base}/api/v1/auth/send-otp`, {
          method: 'POST',
          headers: H,
          body: JSON.stringify({ phoneNumber }),
        })
      ).status,
    ).toBe(200);
    const outbox = (await (
      await fetch(`${server.base}/api/v1/dev/outbox?to=${encodeURIComponent(phoneNumber)}`)
    ).json()) as { messages: Array<{ code: string }> };
    const email = 'durable@example.ca';
    const password = 'Durable#123';
    const signup = await fetch(`${server.base}/api/v1/auth/signup`, {
      method: 'POST',
      headers: H,
      body: JSON.stringify({
        fullName: 'Dora Durable',
        email,
        phoneNumber,
        otp: outbox.messages[0].code,
        password,
        province: 'ON',
      }),
    });
    expect(signup.status).toBe(201);
    const cookie = signup.headers.get('set-cookie')!.split(';')[0]!;

    const acknowledged: string[] = [];
    const failures: string[] = [];
    let stop = false;
    let n = 0;
    const writer = async () => {
      while (!stop) {
        n += 1;
        try {
          const res = await fetch(`${server.base}/api/v1/address`, {
            method: 'POST',
            headers: { ...H, cookie },
            signal: AbortSignal.timeout(10_000),
            body: JSON.stringify({
              street: `${n} Front St W`,
              province: 'ON',
              city: 'Toronto',
              postalCode: 'M5V 2T6',
              isDefaultShipping: n % 3 === 0,
            }),
          });
          if (res.status === 201)
            acknowledged.push(((await res.json()) as { address: { id: string } }).address.id);
          else failures.push(`${res.status} ${await res.text()}`);
        } catch {
          return; // the server is gone
        }
      }
    };
    const writers = Array.from({ length: 4 }, writer);
    const burstDeadline = Date.now() + 60_000;
    while (acknowledged.length < 40) {
      if (Date.now() > burstDeadline || failures.length > 20)
        throw new Error(`writes failing: ${failures.slice(0, 3).join(' | ')}`);
      await new Promise((r) => setTimeout(r, 5));
    }
    server.proc.kill('SIGKILL'); // mid-burst: writers still have requests in flight
    stop = true;
    await Promise.all(writers);
    const dead = server.proc;
    await new Promise<void>((resolve) => {
      // killed by a signal: signalCode is set and exitCode stays null
      if (dead.exitCode !== null || dead.signalCode !== null) resolve();
      else dead.once('exit', () => resolve());
    });

    server = await start(env);
    child = server.proc;
    const login = await fetch(`${server.base}/api/v1/auth/login`, {
      method: 'POST',
      headers: H,
      body: JSON.stringify({ email, password }),
    });
    expect(login.status).toBe(200);
    const cookie2 = login.headers.get('set-cookie')!.split(';')[0]!;
    const list = (await (
      await fetch(`${server.base}/api/v1/address`, { headers: { role: 'buyer', cookie: cookie2 } })
    ).json()) as {
      items: Array<{ id: string; isDefaultShipping: boolean }>;
    };
    const stored = new Set(list.items.map((a) => a.id));
    const missing = acknowledged.filter((id) => !stored.has(id));
    expect(missing).toEqual([]);
    expect(list.items.filter((a) => a.isDefaultShipping)).toHaveLength(1);
    server.proc.kill('SIGKILL');
  });
});
