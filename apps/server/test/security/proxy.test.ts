import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestApp } from '../helpers';
import { testTimeouts } from '../../../../test-timeouts.mjs';

/** Decision 050: request.ip believes X-Forwarded-For only when the socket peer is a trusted proxy. */
const apps: TestApp[] = [];
afterAll(async () => {
  for (const t of apps) await t.close();
});

async function appWith(env: Record<string, string>) {
  const t = await createTestApp({
    env,
    beforeReady: (app) => {
      app.get('/probe/ip', async (request) => ({ ip: request.ip }));
    },
  });
  apps.push(t);
  return async (remoteAddress: string, forwardedFor?: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/probe/ip',
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    });
    return (res.json() as { ip: string }).ip;
  };
}

// Each test starts one or two apps of its own (a fresh database each): a hook's time per app, not one test's.
describe('TRUST_PROXY', { timeout: 2 * testTimeouts.hookMs }, () => {
  it('trusts no proxy by default, in production too: a lying X-Forwarded-For changes nothing', async () => {
    for (const NODE_ENV of ['production', 'development']) {
      const ipOf = await appWith({ NODE_ENV, PAYMENT_PROVIDER: 'sandbox' });
      expect(await ipOf('203.0.113.9', '198.51.100.1')).toBe('203.0.113.9');
      expect(await ipOf('203.0.113.9', '127.0.0.1')).toBe('203.0.113.9');
      expect(await ipOf('127.0.0.1', '198.51.100.1')).toBe('127.0.0.1');
    }
  });

  it('takes the client address from a listed proxy, and only from it', async () => {
    const ipOf = await appWith({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16' });
    expect(await ipOf('10.0.0.1', '198.51.100.1')).toBe('198.51.100.1');
    expect(await ipOf('192.168.4.20', '198.51.100.2')).toBe('198.51.100.2');
    expect(await ipOf('203.0.113.9', '198.51.100.1')).toBe('203.0.113.9');
    expect(await ipOf('10.0.0.2', '198.51.100.1')).toBe('10.0.0.2');
  });

  it('walks the chain only through trusted hops, so a client cannot prepend a fake address', async () => {
    const ipOf = await appWith({ TRUST_PROXY: '10.0.0.0/8' });
    expect(await ipOf('10.1.2.3', '198.51.100.66, 10.9.9.9')).toBe('198.51.100.66');
    expect(await ipOf('10.1.2.3', '1.1.1.1, 198.51.100.66')).toBe('198.51.100.66');
  });

  it('accepts a hop count: the nearest n hops are our proxies', async () => {
    const one = await appWith({ TRUST_PROXY: '1' });
    expect(await one('203.0.113.9', '1.1.1.1, 198.51.100.7')).toBe('198.51.100.7');
    const two = await appWith({ TRUST_PROXY: '2' });
    expect(await two('203.0.113.9', '1.1.1.1, 198.51.100.7, 10.0.0.5')).toBe('198.51.100.7');
  });

  it('names the variable when it is not a count or a list of addresses', () => {
    expect(() => testConfig({ TRUST_PROXY: 'everyone' })).toThrowError(/TRUST_PROXY/);
    expect(() => testConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrowError(/TRUST_PROXY/);
    expect(testConfig({ TRUST_PROXY: 'loopback, ::1, 2001:db8::/32' }).TRUST_PROXY).toEqual([
      'loopback',
      '::1',
      '2001:db8::/32',
    ]);
    expect(testConfig({}).TRUST_PROXY).toBe(false);
  });
});
