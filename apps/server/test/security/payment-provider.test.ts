import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';
import { createPaymentProvider } from '../../src/plugins/payments';
import { startScript, type ChildScript } from '../child-process';
import { createTestApp, testConfig } from '../helpers';

/**
 * Decision 238: the sandbox marks orders paid for Stripe's test cards, so a production server takes it only when
 * PAYMENT_PROVIDER=sandbox names it (a staging site), and then says "test payments" everywhere.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const scratch = () => mkdtempSync(path.join(inject('testScratchDir'), 'payment-provider-'));
const stripeKeys = {
  STRIPE_SECRET_KEY: 'sk_live_abc',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_Xyz',
};
/** The server's settings of this environment that would decide for the child: left out, so the test decides. */
const inherited = () => {
  const env = { ...process.env };
  for (const name of [
    'NODE_ENV',
    'PAYMENT_PROVIDER',
    'STRIPE_SECRET_KEY',
    'STRIPE_WEBHOOK_SECRET',
    'STRIPE_PUBLISHABLE_KEY',
    'DATABASE_URL',
    'REDIS_URL',
    'PORT',
    'PUBLIC_URL',
  ])
    delete env[name];
  return env;
};

const problem = (env: Record<string, string>) => {
  try {
    loadConfig({ DATA_DIR: scratch(), ...env });
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
};

describe('the payment provider setting (loadConfig)', () => {
  it('refuses production without Stripe, naming PAYMENT_PROVIDER and STRIPE_SECRET_KEY', () => {
    const message = problem({ NODE_ENV: 'production' });
    expect(message).toMatch(/PAYMENT_PROVIDER: NODE_ENV=production needs a real payment provider/);
    expect(message).toContain('STRIPE_SECRET_KEY');
    expect(message).toContain('PAYMENT_PROVIDER=sandbox');
    expect(problem({ NODE_ENV: 'production', PAYMENT_PROVIDER: '' })).toMatch(/PAYMENT_PROVIDER/);
  });

  it('takes the sandbox in production only when PAYMENT_PROVIDER=sandbox names it', () => {
    const staging = loadConfig({ DATA_DIR: scratch(), NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' });
    expect(staging.paymentProvider).toBe('sandbox');
    const live = loadConfig({ DATA_DIR: scratch(), NODE_ENV: 'production', ...stripeKeys });
    expect(live.paymentProvider).toBe('stripe');
    const named = loadConfig({
      DATA_DIR: scratch(),
      NODE_ENV: 'production',
      PAYMENT_PROVIDER: 'stripe',
      ...stripeKeys,
    });
    expect(named.paymentProvider).toBe('stripe');
    // Outside production the sandbox stays the default (development, tests, e2e).
    expect(loadConfig({ DATA_DIR: scratch() }).paymentProvider).toBe('sandbox');
  });

  it('refuses a setting that contradicts the keys, and a value it does not know', () => {
    expect(problem({ PAYMENT_PROVIDER: 'stripe' })).toMatch(
      /STRIPE_SECRET_KEY: is required when PAYMENT_PROVIDER=stripe/,
    );
    expect(problem({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox', ...stripeKeys })).toMatch(
      /PAYMENT_PROVIDER: is sandbox but STRIPE_SECRET_KEY is set/,
    );
    expect(problem({ PAYMENT_PROVIDER: 'paypal' })).toMatch(/PAYMENT_PROVIDER/);
  });

  it('does not build the sandbox for a production config that does not name it, however it was made', () => {
    const config = { ...testConfig(), NODE_ENV: 'production' as const, isProduction: true };
    // The refusal comes before the database or the job queue is used.
    expect(() => createPaymentProvider(config, {} as never, {} as never)).toThrow(/PAYMENT_PROVIDER/);
    const staging = { ...config, PAYMENT_PROVIDER: 'sandbox' as const };
    expect(createPaymentProvider(staging, {} as never, {} as never).name).toBe('sandbox');
  });
});

describe('the server process (src/main.ts)', () => {
  it('refuses to start in production without a real payment provider, and says which variable', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: { ...inherited(), NODE_ENV: 'production', DATA_DIR: scratch(), LOG_LEVEL: 'warn', PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('Invalid configuration');
    expect(stderr).toMatch(/PAYMENT_PROVIDER: NODE_ENV=production needs a real payment provider/);
    expect(stdout).not.toMatch(/MapleSource ready/);
  });

  describe('with PAYMENT_PROVIDER=sandbox (a staging site)', () => {
    let server: ChildScript;
    let origin = '';
    beforeAll(async () => {
      server = startScript('src/main.ts', {
        ...inherited(),
        NODE_ENV: 'production',
        PAYMENT_PROVIDER: 'sandbox',
        DATA_DIR: scratch(),
        SEED: 'never',
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
      });
      const [, port] = await server.line(/MapleSource ready on http:\/\/localhost:(\d+)/);
      origin = `http://127.0.0.1:${port}`;
    });
    afterAll(async () => server?.kill('SIGTERM'));

    it('starts, and its provider endpoint says test payments', async () => {
      const res = await fetch(`${origin}/api/v1/payment/provider`, { headers: { role: 'buyer' } });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ provider: 'sandbox', testPayments: true });
    });
  });
});

describe('the provider endpoint', () => {
  it('says live payments only for Stripe with live keys', async () => {
    const live = await createTestApp({ env: { NODE_ENV: 'production', ...stripeKeys } });
    try {
      const res = await live.app.inject({ method: 'GET', url: '/api/v1/payment/provider' });
      expect(res.json()).toEqual({ provider: 'stripe', publishableKey: 'pk_live_Xyz', testPayments: false });
    } finally {
      await live.close();
    }
  });
});
