import { afterEach, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import { testConfig, createTestApp, type TestApp } from '../helpers';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from '../../src/plugins/auth';
import { createUser } from './security-helpers';

/** Decision 012 (headers, CSP), decision 015 (the `__Host-` session cookie), API docs in production. */
const apps: TestApp[] = [];
async function start(env: Record<string, string> = {}) {
  const t = await createTestApp({ env });
  apps.push(t);
  return t;
}
// Each test's apps are closed after it: kept to the end, the file's dozen apps (each with its pool) held more than
// PostgreSQL's 100 connections.
afterEach(async () => {
  for (const t of apps.splice(0)) await t.close();
});

const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `)) ?? '';

describe('security headers', () => {
  it('sends Permissions-Policy and Cross-Origin-Opener-Policy, and no HSTS on http', async () => {
    const t = await start();
    for (const url of ['/products', '/healthz', '/api/v1/auth/verify-tokens', '/robots.txt']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['permissions-policy'], url).toContain('camera=()');
      expect(res.headers['permissions-policy'], url).toContain('geolocation=()');
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('sends Strict-Transport-Security with includeSubDomains when PUBLIC_URL is https, on pages and API answers', async () => {
    const t = await start({ PUBLIC_URL: 'https://maplesource.example' });
    for (const url of ['/products', '/api/v1/auth/verify-tokens']) {
      const res = await t.app.inject({ method: 'GET', url });
      // Decision 239: subdomains too; no preload unless asked for.
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it('adds preload to Strict-Transport-Security only with HSTS_PRELOAD=true', async () => {
    const preload = await start({ PUBLIC_URL: 'https://maplesource.example', HSTS_PRELOAD: 'true' });
    const notAsked = await start({ PUBLIC_URL: 'https://maplesource.example', HSTS_PRELOAD: 'false' });
    const onHttp = await start({ HSTS_PRELOAD: 'true' });
    for (const url of ['/products', '/api/v1/auth/verify-tokens']) {
      const preloaded = await preload.app.inject({ method: 'GET', url });
      expect(preloaded.headers['strict-transport-security'], url).toBe(
        'max-age=31536000; includeSubDomains; preload',
      );
      const plain = await notAsked.app.inject({ method: 'GET', url });
      expect(plain.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      // Never over plain http, where browsers ignore it anyway.
      const http = await onHttp.app.inject({ method: 'GET', url });
      expect(http.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('has a page CSP with no third-party script origin and no inline styles by default', async () => {
    const t = await start();
    const csp = String(
      (await t.app.inject({ method: 'GET', url: '/products' })).headers['content-security-policy'],
    );
    expect(directive(csp, 'script-src')).toBe("script-src 'self'");
    // Inline styles only by hash: the built page template's first-paint styles (decision 189).
    expect(directive(csp, 'style-src')).toMatch(/^style-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')*$/);
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self' ws://localhost:3000");
    expect(csp).not.toContain('googletagmanager');
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toMatch(/(^|\s)wss?:(\s|;|$)/);
  });

  it('allows the configured analytics and API origins, and their websocket twins', async () => {
    const t = await start({
      PUBLIC_URL: 'https://maplesource.example',
      ANALYTICS_SCRIPT_ORIGINS: 'https://plausible.io',
      API_ORIGINS: 'https://chat.maplesource.example/socket, https://pay.maplesource.example',
    });
    const csp = String((await t.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(directive(csp, 'script-src')).toBe("script-src 'self' https://plausible.io");
    expect(directive(csp, 'connect-src').split(' ').slice(1).sort()).toEqual(
      [
        "'self'",
        'wss://maplesource.example',
        'https://chat.maplesource.example',
        'wss://chat.maplesource.example',
        'https://pay.maplesource.example',
        'wss://pay.maplesource.example',
        'https://plausible.io',
      ].sort(),
    );
  });

  it('allows Stripe.js, its API and its frames only when Stripe is the provider (decision 165)', async () => {
    const sandbox = await start();
    const sandboxCsp = String(
      (await sandbox.app.inject({ method: 'GET', url: '/checkout' })).headers['content-security-policy'],
    );
    expect(sandboxCsp).not.toContain('stripe.com');
    expect(directive(sandboxCsp, 'frame-src')).toBe('');
    expect(directive(sandboxCsp, 'default-src')).toBe("default-src 'self'");

    const stripe = await start({
      STRIPE_SECRET_KEY: 'sk_test_offline',
      STRIPE_WEBHOOK_SECRET: 'whsec_offline',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_offline',
      ANALYTICS_SCRIPT_ORIGINS: 'https://plausible.io',
    });
    const csp = String(
      (await stripe.app.inject({ method: 'GET', url: '/checkout' })).headers['content-security-policy'],
    );
    expect(directive(csp, 'script-src')).toBe(
      "script-src 'self' https://plausible.io https://js.stripe.com https://*.js.stripe.com",
    );
    expect(directive(csp, 'connect-src')).toBe(
      "connect-src 'self' ws://localhost:3000 https://plausible.io https://api.stripe.com",
    );
    expect(directive(csp, 'frame-src')).toBe(
      "frame-src 'self' https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com",
    );
    // Our own pages still cannot be framed, and nothing else widens.
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive(csp, 'style-src')).toBe(directive(sandboxCsp, 'style-src'));
    expect(directive(csp, 'img-src')).toBe("img-src 'self' data: blob:");
  });

  it('refuses a script origin outside the reviewed allow-list (decision 011)', () => {
    expect(() => testConfig({ ANALYTICS_SCRIPT_ORIGINS: 'https://evil.example' })).toThrowError(
      /ANALYTICS_SCRIPT_ORIGINS/,
    );
  });
});

describe('API documentation', () => {
  it('is served in development and tests', async () => {
    const t = await start();
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
  });

  it('does not exist in production unless API_DOCS=true', async () => {
    const hidden = await start({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' });
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/index.html']) {
      const res = await hidden.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('openapi');
    }
    const shown = await start({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox', API_DOCS: 'true' });
    const doc = await shown.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().openapi).toBe('3.1.0');
  });
});

describe('the session cookie on https', () => {
  it('is __Host-ms_session: Secure, Path=/, no Domain; and the plain name is not read', async () => {
    const t = await start({ PUBLIC_URL: 'https://maplesource.example' });
    const user = await createUser(t);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { role: 'buyer' },
      payload: { email: user.email, password: user.password },
    });
    expect(login.statusCode).toBe(200);
    const cookie = login.cookies.find((c) => c.name === SECURE_SESSION_COOKIE);
    expect(cookie).toMatchObject({ secure: true, path: '/', httpOnly: true, sameSite: 'Lax' });
    expect(cookie?.domain).toBeUndefined();
    expect(login.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/verify-tokens',
      cookies: { [SECURE_SESSION_COOKIE]: cookie!.value },
    });
    expect(me.statusCode).toBe(200);
    const plain = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/verify-tokens',
      cookies: { [SESSION_COOKIE]: cookie!.value },
    });
    expect(plain.statusCode).toBe(401);

    const logout = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/auth/logout',
      headers: { role: 'buyer' },
      cookies: { [SECURE_SESSION_COOKIE]: cookie!.value },
    });
    expect(logout.cookies.find((c) => c.name === SECURE_SESSION_COOKIE)?.value).toBe('');
  });

  it('is the one the Socket.IO handshake reads', async () => {
    const t = await start({ PUBLIC_URL: 'https://maplesource.example' });
    const user = await createUser(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const attempt = (cookie: string) =>
      new Promise<string>((resolve) => {
        const socket = connect(url, {
          path: '/socket.io',
          transports: ['websocket'],
          extraHeaders: { cookie, origin: 'https://maplesource.example' },
          reconnection: false,
          timeout: 10_000,
        });
        socket.once('connect', () => {
          socket.close();
          resolve('connected');
        });
        socket.once('connect_error', (error) => {
          socket.close();
          resolve(error.message);
        });
      });
    expect(await attempt(`${SESSION_COOKIE}=${user.token}`)).toBe('UNAUTHENTICATED');
    expect(await attempt(`${SECURE_SESSION_COOKIE}=${user.token}`)).toBe('connected');
  });
});
