import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import { createTestApp, createTestDatabase, type TestApp, type TestDatabase } from '../helpers';
import { signUp, type SignedUp } from '../accounts-helpers';
import { testTimeouts } from '../../../../test-timeouts.mjs';
import { allowedBrowserOrigins, loopbackSpellings } from '../../src/plugins/origins';

/**
 * Decision 243: a page the server itself served can always open its socket. On a loopback PUBLIC_URL the other
 * loopback spellings of its port are the same site (127.0.0.1 typed instead of localhost); in development the
 * Vite dev server's origin too; foreign origins stay refused (decision 074); in production a page asked for on
 * any other host is redirected to PUBLIC_URL before it loads.
 */
let database: TestDatabase;
const apps: TestApp[] = [];
let onLoopback: { t: TestApp; url: string };
let development: { t: TestApp; url: string };
let hosted: { t: TestApp; url: string };
let buyer: SignedUp;

async function start(env: Record<string, string>) {
  const t = await createTestApp({ env, database });
  apps.push(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  return { t, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}

/** Opens a socket with this Origin: 'connected', or the reason the handshake failed. */
async function handshake(
  url: string,
  origin: string,
  transport: 'websocket' | 'polling',
  cookie?: string,
): Promise<string> {
  const socket = connect(url, {
    path: '/socket.io',
    transports: [transport],
    extraHeaders: { origin, ...(cookie ? { cookie } : {}) },
    reconnection: false,
    timeout: testTimeouts.conditionMs,
  });
  try {
    return await new Promise<string>((resolve) => {
      socket.once('connect', () => resolve('connected'));
      socket.once('connect_error', (error: Error) => resolve(error.message));
    });
  } finally {
    socket.close();
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  onLoopback = await start({ NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3000' });
  development = await start({ NODE_ENV: 'development', PUBLIC_URL: 'http://localhost:3000', PORT: '3000' });
  hosted = await start({
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://maplesource.example',
    PAYMENT_PROVIDER: 'sandbox',
  });
  buyer = await signUp(onLoopback.t.app, { fullName: 'Origin Buyer' });
});
afterAll(async () => {
  for (const t of apps.reverse()) await t.close();
  await database?.destroy();
});

describe('the site’s own origins (decision 243)', () => {
  it('spells a loopback origin three ways and leaves any other origin alone', () => {
    expect(loopbackSpellings('http://localhost:3000')).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
    ]);
    expect(loopbackSpellings('http://127.0.0.1:4405/')).toContain('http://localhost:4405');
    expect(loopbackSpellings('https://Maplesource.example/')).toEqual(['https://maplesource.example']);
  });

  it('adds the loopback spellings of PUBLIC_URL, and in development those of the Vite dev server, nothing else', () => {
    const base = { PORT: 3000, CORS_ORIGINS: [] as string[] };
    const test = allowedBrowserOrigins({ ...base, NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3000' });
    expect(test).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']);
    const dev = allowedBrowserOrigins({
      ...base,
      NODE_ENV: 'development',
      PUBLIC_URL: 'http://localhost:3000',
    });
    expect(dev).toEqual([...test, 'http://localhost:5173', 'http://127.0.0.1:5173', 'http://[::1]:5173']);
    const hostedOrigins = allowedBrowserOrigins({
      ...base,
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://maplesource.example',
      CORS_ORIGINS: ['https://admin.maplesource.example/'],
    });
    expect(hostedOrigins).toEqual(['https://maplesource.example', 'https://admin.maplesource.example']);
  });

  it('lets a logged-in page opened at 127.0.0.1 or [::1] of the same port connect, on websocket and polling', async () => {
    for (const transport of ['websocket', 'polling'] as const)
      for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'])
        expect(
          await handshake(onLoopback.url, origin, transport, buyer.cookie),
          `${origin} ${transport}`,
        ).toBe('connected');
  });

  it('still refuses foreign origins, other loopback ports and, outside development, the Vite dev server', async () => {
    for (const transport of ['websocket', 'polling'] as const)
      for (const origin of [
        'https://evil.example',
        'http://127.0.0.1:3001',
        'http://localhost:5173',
        'https://localhost:3000',
        'http://127.0.0.1.evil.example:3000',
      ])
        expect(
          await handshake(onLoopback.url, origin, transport, buyer.cookie),
          `${origin} ${transport}`,
        ).not.toBe('connected');
  });

  it('in development accepts the Vite dev server’s origin (its proxy passes it through), and nothing foreign', async () => {
    const session = await signUp(development.t.app, { fullName: 'Dev Buyer' });
    for (const transport of ['websocket', 'polling'] as const) {
      for (const origin of ['http://localhost:5173', 'http://127.0.0.1:5173', 'http://[::1]:5173'])
        expect(await handshake(development.url, origin, transport, session.cookie), origin).toBe('connected');
      for (const origin of ['https://evil.example', 'http://localhost:5174'])
        expect(await handshake(development.url, origin, transport, session.cookie), origin).not.toBe(
          'connected',
        );
    }
  });

  it('on a hosted PUBLIC_URL refuses loopback origins before the session is even read', async () => {
    for (const transport of ['websocket', 'polling'] as const) {
      // An allowed origin without a session reaches the session check; a refused one never does.
      expect(await handshake(hosted.url, 'https://maplesource.example', transport)).toBe('UNAUTHENTICATED');
      for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000'])
        expect(await handshake(hosted.url, origin, transport)).not.toMatch(/^(connected|UNAUTHENTICATED)$/);
    }
  });

  it('answers CORS for the loopback spellings of PUBLIC_URL like for PUBLIC_URL itself', async () => {
    const preflight = (origin: string) =>
      onLoopback.t.app.inject({
        method: 'OPTIONS',
        url: '/api/v1/auth/login',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'role,content-type',
        },
      });
    expect((await preflight('http://127.0.0.1:3000')).headers['access-control-allow-origin']).toBe(
      'http://127.0.0.1:3000',
    );
    expect((await preflight('http://127.0.0.1:3001')).headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('production pages on another host (decision 243)', () => {
  const page = (t: TestApp, host: string, url = '/products?q=maple') =>
    t.app.inject({ method: 'GET', url, headers: { host } });

  it('redirects a page asked for on any other host to PUBLIC_URL, path and query kept', async () => {
    for (const host of ['127.0.0.1:3000', 'localhost:3000', '203.0.113.7', 'www.maplesource.example']) {
      const answer = await page(hosted.t, host);
      expect(answer.statusCode, host).toBe(308);
      expect(answer.headers.location, host).toBe('https://maplesource.example/products?q=maple');
    }
    // A path that looks like another host stays on PUBLIC_URL's host.
    const tricky = await page(hosted.t, 'evil.example', '//evil.example/x');
    expect(tricky.headers.location).toBe('https://maplesource.example//evil.example/x');
    const own = await page(hosted.t, 'maplesource.example');
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toMatch(/text\/html/);
  });

  it('leaves health checks and API calls on any host alone', async () => {
    expect((await page(hosted.t, '10.0.0.5:3000', '/healthz')).statusCode).toBe(200);
    const api = await page(hosted.t, '10.0.0.5:3000', '/api/v1/category');
    expect(api.statusCode).toBe(200);
  });

  it('serves a loopback PUBLIC_URL’s other loopback spellings in production, and redirects other hosts to it', async () => {
    const t = await createTestApp({
      env: { NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000', PAYMENT_PROVIDER: 'sandbox' },
      database,
    });
    apps.push(t);
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000'])
      expect((await page(t, host)).statusCode, host).toBe(200);
    const lan = await page(t, '192.168.1.20:3000');
    expect(lan.statusCode).toBe(308);
    expect(lan.headers.location).toBe('http://localhost:3000/products?q=maple');
    expect((await page(t, '127.0.0.1:3001')).statusCode).toBe(308);
  });

  it('never redirects outside production', async () => {
    expect((await page(onLoopback.t, 'www.elsewhere.example')).statusCode).toBe(200);
  });
});
