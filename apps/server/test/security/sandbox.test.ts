import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { users } from '../../src/modules/auth/auth.tables';
import { SESSION_COOKIE } from '../../src/plugins/auth';
import { isLoopbackAddress, isLoopbackHost } from '../../src/plugins/loopback';
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  demoAccountsFor,
  demoAccountsStep,
  lockExposedDemoAccounts,
} from '../../src/seed/demo-accounts';
import { createTestApp, createTestDatabase, testConfig, type TestApp } from '../helpers';
import { createUser, type TestUser } from './security-helpers';

/** Decision 017: the sandbox (outbox, demo accounts) cannot be used from the network to take over accounts. */
let t: TestApp;
let admin: TestUser;
let buyer: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, ['buyer', 'admin']);
  buyer = await createUser(t, ['buyer']);
});
afterAll(async () => t?.close());

const outbox = (remoteAddress: string, extra: { cookie?: string; forwardedFor?: string } = {}) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/dev/outbox?to=${encodeURIComponent(buyer.phoneNumber)}`,
    remoteAddress,
    headers: extra.forwardedFor ? { 'x-forwarded-for': extra.forwardedFor } : {},
    ...(extra.cookie ? { cookies: { [SESSION_COOKIE]: extra.cookie } } : {}),
  });

describe('defaults', () => {
  it('listens on 127.0.0.1 unless HOST says otherwise', () => {
    expect(loadConfig({ DATA_DIR: testConfig().DATA_DIR }).HOST).toBe('127.0.0.1');
  });

  it('knows loopback hosts and peers', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]'])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.5', 'example.ca', ''])
      expect(isLoopbackHost(host), host).toBe(false);
    for (const peer of ['127.0.0.1', '::1', '::ffff:127.0.0.1'])
      expect(isLoopbackAddress(peer), peer).toBe(true);
    for (const peer of ['10.0.0.1', '::ffff:10.0.0.1', '0.0.0.0', undefined])
      expect(isLoopbackAddress(peer)).toBe(false);
  });
});

describe('the sandbox outbox', () => {
  it('answers a request from a loopback peer', async () => {
    for (const peer of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await outbox(peer);
      expect(res.statusCode, peer).toBe(200);
    }
  });

  it('refuses a visitor or a non-admin from another address, whatever X-Forwarded-For says', async () => {
    for (const extra of [{}, { forwardedFor: '127.0.0.1' }, { cookie: buyer.token }]) {
      const res = await outbox('203.0.113.50', extra);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('OUTBOX_LOCAL_ONLY');
    }
  });

  it('answers a logged-in admin from anywhere', async () => {
    const res = await outbox('203.0.113.50', { cookie: admin.token });
    expect(res.statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For from a trusted proxy too: only the socket peer counts', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: '10.0.0.0/8' }, database: t.database });
    try {
      const res = await proxied.app.inject({
        method: 'GET',
        url: '/api/v1/dev/outbox?to=someone%40example.ca',
        remoteAddress: '10.0.0.7',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(res.statusCode).toBe(403);
    } finally {
      await proxied.close();
    }
  });

  it('does not exist in production, not even for loopback or an admin', async () => {
    const production = await createTestApp({
      env: { NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' },
      database: t.database,
    });
    try {
      for (const cookie of [undefined, admin.token]) {
        const res = await production.app.inject({
          method: 'GET',
          url: '/api/v1/dev/outbox?to=someone%40example.ca',
          remoteAddress: '127.0.0.1',
          ...(cookie ? { cookies: { [SESSION_COOKIE]: cookie } } : {}),
        });
        expect(res.statusCode).toBe(404);
      }
    } finally {
      await production.close();
    }
  });
});

describe('demo accounts', () => {
  const names = (config: Record<string, string>) =>
    demoAccountsFor(testConfig(config))
      .map((account) => account.email.split('@')[0])
      .sort();

  it('are all seeded when the server listens on loopback', () => {
    for (const HOST of ['127.0.0.1', 'localhost', '::1']) {
      expect(names({ HOST })).toEqual(['admin', 'buyer', 'cnc', 'employer', 'seller']);
    }
  });

  it('are not seeded on a non-loopback interface unless DEMO_ACCOUNTS=true, and the admin never', () => {
    expect(names({ HOST: '0.0.0.0' })).toEqual([]);
    expect(names({ HOST: '192.168.1.20', DEMO_ACCOUNTS: 'false' })).toEqual([]);
    expect(names({ HOST: '0.0.0.0', DEMO_ACCOUNTS: 'true' })).toEqual(['buyer', 'cnc', 'employer', 'seller']);
    expect(names({ HOST: '::', DEMO_ACCOUNTS: 'true' })).toEqual(['buyer', 'cnc', 'employer', 'seller']);
  });

  it('are never seeded in production', () => {
    expect(
      names({
        NODE_ENV: 'production',
        PAYMENT_PROVIDER: 'sandbox',
        HOST: '127.0.0.1',
        DEMO_ACCOUNTS: 'true',
      }),
    ).toEqual([]);
  });

  it('seeds only the allowed accounts, and locks demo accounts a former loopback run left behind', async () => {
    const database = await createTestDatabase();
    try {
      const ids = Object.values(DEMO_ACCOUNTS).map((account) => account.id);
      const present = async () =>
        (await database.db.select({ email: users.email }).from(users).where(inArray(users.id, ids)))
          .map((row) => row.email.split('@')[0])
          .sort();
      const context = (config: Record<string, string>) => ({
        database,
        config: testConfig(config),
        log: () => undefined,
        options: {},
      });
      await demoAccountsStep.run(context({ HOST: '0.0.0.0', DEMO_ACCOUNTS: 'true' }));
      expect(await present()).toEqual(['buyer', 'cnc', 'employer', 'seller']);
      await demoAccountsStep.run(context({ HOST: '127.0.0.1' }));
      expect(await present()).toEqual(['admin', 'buyer', 'cnc', 'employer', 'seller']);

      // The same data directory is now served on every interface: the published password must stop working.
      const exposed = await createTestApp({ env: { HOST: '0.0.0.0' }, database });
      try {
        await lockExposedDemoAccounts(context({ HOST: '0.0.0.0' }));
        for (const account of Object.values(DEMO_ACCOUNTS)) {
          const res = await exposed.app.inject({
            method: 'POST',
            url: '/api/v1/auth/login',
            headers: { role: 'buyer' },
            payload: { email: account.email, password: DEMO_PASSWORD },
          });
          expect(res.statusCode, account.email).toBe(401);
        }
      } finally {
        await exposed.close();
      }
    } finally {
      await database.destroy();
    }
  }, 60_000);

  it('with DEMO_ACCOUNTS=true on a public interface, locks only the demo admin', async () => {
    const database = await createTestDatabase();
    try {
      const context = (config: Record<string, string>) => ({
        database,
        config: testConfig(config),
        log: () => undefined,
        options: {},
      });
      await demoAccountsStep.run(context({ HOST: '127.0.0.1' }));
      await lockExposedDemoAccounts(context({ HOST: '0.0.0.0', DEMO_ACCOUNTS: 'true' }));
      const exposed = await createTestApp({ env: { HOST: '0.0.0.0', DEMO_ACCOUNTS: 'true' }, database });
      try {
        const login = (email: string) =>
          exposed.app.inject({
            method: 'POST',
            url: '/api/v1/auth/login',
            headers: { role: 'buyer' },
            payload: { email, password: DEMO_PASSWORD },
          });
        expect((await login(DEMO_ACCOUNTS.admin.email)).statusCode).toBe(401);
        expect((await login(DEMO_ACCOUNTS.buyer.email)).statusCode).toBe(200);
      } finally {
        await exposed.close();
      }
    } finally {
      await database.destroy();
    }
  }, 60_000);
});
