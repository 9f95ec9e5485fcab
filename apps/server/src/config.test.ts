import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'maplesource-config-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.PORT).toBe(3000);
    expect(config.SERVICES).toEqual(['buyer', 'chat', 'payment']);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.PUBLIC_URL).toBe('http://localhost:3000');
    expect(config.isProduction).toBe(false);
  });

  it('prints documents on Letter unless the setting says A4, and refuses other paper (decision 293)', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).DOCUMENT_PAPER).toBe('letter');
    expect(loadConfig({ DATA_DIR: tempDir(), DOCUMENT_PAPER: 'a4' }).DOCUMENT_PAPER).toBe('a4');
    expect(() => loadConfig({ DATA_DIR: tempDir(), DOCUMENT_PAPER: 'legal' })).toThrow(ConfigError);
  });

  it('keeps strict per-IP rate limits unless the environment raises them (decision 055)', () => {
    const strict = loadConfig({ DATA_DIR: tempDir() });
    expect(strict.RATE_LIMIT_OTP_PER_IP_PER_HOUR).toBe(20);
    expect(strict.RATE_LIMIT_SIGNUP_PER_IP_PER_HOUR).toBe(10);
    expect(strict.RATE_LIMIT_LOGIN_PER_IP_PER_15_MIN).toBe(100);
    expect(strict.RATE_LIMIT_TRACK_SEARCH_PER_IP_PER_HOUR).toBe(300);
    const raised = loadConfig({
      DATA_DIR: tempDir(),
      RATE_LIMIT_SIGNUP_PER_IP_PER_HOUR: '5000',
      RATE_LIMIT_OTP_PER_IP_PER_HOUR: '',
    });
    expect(raised.RATE_LIMIT_SIGNUP_PER_IP_PER_HOUR).toBe(5000);
    expect(raised.RATE_LIMIT_OTP_PER_IP_PER_HOUR).toBe(20);
    expect(() => loadConfig({ DATA_DIR: tempDir(), RATE_LIMIT_LOGIN_PER_IP_PER_15_MIN: '0' })).toThrowError(
      /RATE_LIMIT_LOGIN_PER_IP_PER_15_MIN/,
    );
    expect(() =>
      loadConfig({ DATA_DIR: tempDir(), RATE_LIMIT_TRACK_SEARCH_PER_IP_PER_HOUR: 'lots' }),
    ).toThrowError(/RATE_LIMIT_TRACK_SEARCH_PER_IP_PER_HOUR/);
  });

  it('limits socket events per user and handshakes per address, with bursts never below the rate (decision 242)', () => {
    const defaults = loadConfig({ DATA_DIR: tempDir() });
    expect([
      defaults.RATE_LIMIT_SOCKET_MESSAGES_PER_SECOND,
      defaults.RATE_LIMIT_SOCKET_MESSAGES_BURST,
      defaults.RATE_LIMIT_SOCKET_MESSAGES_PER_MINUTE,
      defaults.RATE_LIMIT_SOCKET_EVENTS_PER_SECOND,
      defaults.RATE_LIMIT_SOCKET_EVENTS_BURST,
      defaults.RATE_LIMIT_SOCKET_EVENTS_PER_MINUTE,
      defaults.RATE_LIMIT_SOCKET_CONNECTIONS_PER_IP_PER_MINUTE,
    ]).toEqual([10, 20, 120, 20, 40, 600, 120]);
    const lowered = loadConfig({
      DATA_DIR: tempDir(),
      RATE_LIMIT_SOCKET_MESSAGES_PER_SECOND: '2',
      RATE_LIMIT_SOCKET_MESSAGES_BURST: '2',
    });
    expect(lowered.RATE_LIMIT_SOCKET_MESSAGES_BURST).toBe(2);
    expect(() => loadConfig({ DATA_DIR: tempDir(), RATE_LIMIT_SOCKET_EVENTS_PER_SECOND: '50' })).toThrowError(
      /RATE_LIMIT_SOCKET_EVENTS_BURST: must be at least RATE_LIMIT_SOCKET_EVENTS_PER_SECOND/,
    );
    expect(() =>
      loadConfig({ DATA_DIR: tempDir(), RATE_LIMIT_SOCKET_CONNECTIONS_PER_IP_PER_MINUTE: '0' }),
    ).toThrowError(/RATE_LIMIT_SOCKET_CONNECTIONS_PER_IP_PER_MINUTE/);
  });

  it('names the variable when a value is invalid', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), PORT: 'eighty' })).toThrowError(/PORT/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: 'mysql://x' })).toThrowError(/DATABASE_URL/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), SERVICES: 'buyer,shipping' })).toThrowError(/SERVICES/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), PUBLIC_URL: 'not a url' })).toThrowError(/PUBLIC_URL/);
    try {
      loadConfig({ DATA_DIR: tempDir(), REDIS_URL: 'http://x', NODE_ENV: 'staging' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).issues.join('\n')).toMatch(/REDIS_URL/);
      expect((error as ConfigError).issues.join('\n')).toMatch(/NODE_ENV/);
    }
  });

  it('takes the Stripe keys together and of one mode (decision 165)', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' };
    const ok = loadConfig({ DATA_DIR: tempDir(), ...stripe, STRIPE_PUBLISHABLE_KEY: 'pk_test_Xyz09' });
    expect(ok.STRIPE_PUBLISHABLE_KEY).toBe('pk_test_Xyz09');
    const problem = (env: Record<string, string>) => {
      try {
        loadConfig({ DATA_DIR: tempDir(), ...env });
        return null;
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as ConfigError).issues.join('\n');
      }
    };
    expect(problem(stripe)).toMatch(/STRIPE_PUBLISHABLE_KEY: is required when STRIPE_SECRET_KEY is set/);
    expect(problem({ ...stripe, STRIPE_PUBLISHABLE_KEY: 'pk_live_Xyz' })).toMatch(/must be a test key/);
    expect(problem({ ...stripe, STRIPE_PUBLISHABLE_KEY: 'sk_test_oops' })).toMatch(/STRIPE_PUBLISHABLE_KEY/);
    expect(problem({ STRIPE_PUBLISHABLE_KEY: 'pk_test_Xyz' })).toMatch(/STRIPE_SECRET_KEY is not/);
    expect(
      problem({
        STRIPE_SECRET_KEY: 'rk_live_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc',
        STRIPE_PUBLISHABLE_KEY: 'pk_live_Xyz',
      }),
    ).toBeNull();
    expect(
      loadConfig({ DATA_DIR: tempDir(), STRIPE_PUBLISHABLE_KEY: '' }).STRIPE_PUBLISHABLE_KEY,
    ).toBeUndefined();
  });

  it('runs a subset of the backends when SERVICES names them', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), SERVICES: 'chat' }).SERVICES).toEqual(['chat']);
  });

  it('generates secrets once and keeps them in DATA_DIR', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.COOKIE_SECRET).toHaveLength(64);
    expect(second.COOKIE_SECRET).toBe(first.COOKIE_SECRET);
    expect(second.PAYMENT_WEBHOOK_SECRET).toBe(first.PAYMENT_WEBHOOK_SECRET);
    const stored = JSON.parse(readFileSync(path.join(dir, 'secrets.json'), 'utf8')) as Record<string, string>;
    expect(stored.COOKIE_SECRET).toBe(first.COOKIE_SECRET);
  });

  it('prefers secrets given in the environment', () => {
    const secret = 'x'.repeat(40);
    expect(
      loadConfig({ DATA_DIR: tempDir(), COOKIE_SECRET: secret, PAYMENT_WEBHOOK_SECRET: secret })
        .COOKIE_SECRET,
    ).toBe(secret);
  });
});
