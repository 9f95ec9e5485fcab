import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoAccountsStep } from '../../seed/demo-accounts';
import { TwilioSms } from '../../plugins/messaging';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('demo accounts', () => {
  it('seeds five accounts sharing the demo password, and is demo-only', async () => {
    expect(demoAccountsStep.demoOnly).toBe(true);
    await demoAccountsStep.run({ database: t.database, config: t.config, log: () => undefined, options: {} });
    await demoAccountsStep.run({ database: t.database, config: t.config, log: () => undefined, options: {} }); // idempotent
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { role: 'buyer' },
        payload: { email: account.email, password: DEMO_PASSWORD },
      });
      expect(res.statusCode, account.email).toBe(200);
      expect(res.json().user.id).toBe(account.id);
      expect(res.json().user.roles).toEqual(account.roles);
    }
    const seller = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { role: 'buyer' },
      payload: { email: DEMO_ACCOUNTS.employer.email, password: DEMO_PASSWORD },
    });
    expect(seller.json().user).toMatchObject({ isVerifiedBusiness: true, isPremiumEmployer: true });
  });
});

describe('sandbox outbox', () => {
  it('lists messages newest first', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/dev/outbox?to=nobody@example.ca' });
    expect(res.json()).toEqual({ messages: [] });
  });

  it('does not exist in production', async () => {
    const prod = await createTestApp({ env: { NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' } });
    try {
      const res = await prod.app.inject({ method: 'GET', url: '/api/v1/dev/outbox?to=nobody@example.ca' });
      expect(res.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });

  it('does not exist when real providers are configured', async () => {
    const real = await createTestApp({
      env: {
        TWILIO_ACCOUNT_SID: 'AC123',
        TWILIO_AUTH_TOKEN: 'x',
        TWILIO_FROM: '+15005550006',
        SMTP_URL: 'smtp://127.0.0.1:2525',
      },
    });
    try {
      expect(real.app.messaging.sms.name).toBe('twilio');
      expect(real.app.messaging.mail.name).toBe('smtp');
      const res = await real.app.inject({ method: 'GET', url: '/api/v1/dev/outbox?to=nobody@example.ca' });
      expect(res.statusCode).toBe(404);
    } finally {
      await real.close();
    }
  });

  it('calls Twilio’s Messages API with basic auth', async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 201 }));
    const twilio = new TwilioSms('AC123', 'secret', '+15005550006', fetchMock as unknown as typeof fetch);
    await twilio.send('+14165550100', 'hello');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://api.twilio.com/2010-04-01/Accounts/AC123/Messages.json');
    expect((init.headers as Record<string, string>).authorization).toBe(
      `Basic ${Buffer.from('AC123:secret').toString('base64')}`,
    );
    expect(String(init.body)).toBe('To=%2B14165550100&From=%2B15005550006&Body=hello');
  });
});

describe('secure cookies', () => {
  it('marks the session cookie Secure when PUBLIC_URL is https', async () => {
    const https = await createTestApp({ env: { PUBLIC_URL: 'https://maplesource.example' } });
    try {
      await demoAccountsStep.run({
        database: https.database,
        config: https.config,
        log: () => undefined,
        options: {},
      });
      const res = await https.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { role: 'buyer' },
        payload: { email: DEMO_ACCOUNTS.buyer.email, password: DEMO_PASSWORD },
      });
      // On https the session cookie carries the __Host- prefix (decision 015).
      const cookie = res.cookies.find((c) => c.name === '__Host-ms_session')!;
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
    } finally {
      await https.close();
    }
  });
});
