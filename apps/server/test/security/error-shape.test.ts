import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';

/**
 * Decision 246: every error answer has the app's shape `{ error: { code, message } }`, including those the
 * router (malformed percent-escapes) and Node's HTTP parser raise before any route runs; never the framework's
 * `{ error: 'Bad Request', statusCode, … }`.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

function expectAppShape(body: string, status: number, code?: string) {
  const parsed = JSON.parse(body) as Record<string, unknown>;
  expect(Object.keys(parsed), body).toEqual(['error']);
  const error = parsed.error as Record<string, unknown>;
  expect(typeof error.code, body).toBe('string');
  expect(typeof error.message, body).toBe('string');
  expect(error).not.toHaveProperty('statusCode');
  expect(parsed).not.toHaveProperty('statusCode');
  if (code) expect(error.code, `${status} ${body}`).toBe(code);
}

describe('router errors use the app error shape', () => {
  for (const url of [
    '/api/v1/%E0%A4%A',
    '/%',
    '/products/%ZZ',
    '/api/v1/products/%ZZ',
    '/api/v1/%ZZ/x?q=1',
    '/api/v1/address/%C3%28',
  ]) {
    it(`GET ${url} → 400 MALFORMED_URL`, async () => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expectAppShape(res.body, 400, 'MALFORMED_URL');
    });
  }

  it('a malformed escape on a state-changing request is a 400 in the app shape too', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/addr%ZZess', headers: { role: 'buyer' } });
    expect(res.statusCode).toBe(400);
    expectAppShape(res.body, 400, 'MALFORMED_URL');
  });

  it('a path parameter longer than the router allows answers in the app shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/seller/${'a'.repeat(300)}` });
    expect([404, 414]).toContain(res.statusCode);
    expectAppShape(res.body, res.statusCode);
  });

  it('unknown routes and methods → 404 ROUTE_NOT_FOUND', async () => {
    for (const method of ['GET', 'PATCH', 'TRACE', 'PROPFIND'] as const) {
      const res = await t.app.inject({ method, url: '/api/v1/no-such-thing', headers: { role: 'buyer' } });
      expect(res.statusCode, method).toBe(404);
      expectAppShape(res.body, 404, 'ROUTE_NOT_FOUND');
    }
  });

  it('415, 413 and malformed JSON answer in the app shape', async () => {
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/v1/address',
      headers: { role: 'buyer', 'content-type': 'text/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
    expectAppShape(xml.body, 415, 'UNSUPPORTED_MEDIA_TYPE');
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { role: 'buyer', 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a'.repeat(2 * 1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expectAppShape(big.body, 413, 'PAYLOAD_TOO_LARGE');
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { role: 'buyer', 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(broken.statusCode).toBe(400);
    expectAppShape(broken.body, 400, 'MALFORMED_JSON');
  });
});

describe("Node's HTTP parser refusals use the app error shape", () => {
  let port = 0;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });

  /** Sends raw bytes and reads the whole answer (the server closes the connection after a parser error). */
  function raw(request: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
      let answer = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (answer += chunk));
      socket.on('end', () => resolve(answer));
      socket.on('error', (error) => (answer ? resolve(answer) : reject(error)));
    });
  }

  const split = (answer: string) => {
    const [head, body] = answer.split('\r\n\r\n');
    return { status: Number(head!.split(' ')[1]), body: body ?? '' };
  };

  it('a request line that is not HTTP → 400 BAD_REQUEST', async () => {
    const { status, body } = split(await raw('NOT A REQUEST\r\n\r\n'));
    expect(status).toBe(400);
    expectAppShape(body, 400, 'BAD_REQUEST');
  });

  it('headers over the limit → 431 HEADERS_TOO_LARGE', async () => {
    const { status, body } = split(
      await raw(`GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`),
    );
    expect(status).toBe(431);
    expectAppShape(body, 431, 'HEADERS_TOO_LARGE');
  });
});
