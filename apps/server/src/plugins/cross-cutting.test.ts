import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createTestApp, type TestApp } from '../../test/helpers';
import { AppError } from './errors';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    beforeReady: (app) => {
      const typed = app.withTypeProvider<ZodTypeProvider>();
      typed.post(
        '/api/v1/__probe',
        { schema: { body: z.object({ quantity: z.number().int().min(1) }) } },
        async (request) => ({ role: request.role, quantity: request.body.quantity }),
      );
      typed.get('/api/v1/__probe', async (request) => ({ role: request.role }));
      typed.get('/api/v1/__conflict', async () => {
        throw new AppError(409, 'INVOICE_ALREADY_ACCEPTED', 'Already accepted');
      });
      typed.get('/api/v1/__boom', async () => {
        throw new Error('database password is hunter2');
      });
    },
  });
});
afterAll(async () => t.close());

describe('role header (docs/product.md §1; CSRF defence)', () => {
  it('refuses a state-changing request without the role header with 403', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/__probe', payload: { quantity: 2 } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: { code: 'ROLE_HEADER_REQUIRED', message: expect.any(String) } });
  });

  it('refuses an unknown role', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/__probe',
      headers: { role: 'superuser' },
      payload: { quantity: 2 },
    });
    expect(res.statusCode).toBe(403);
  });

  it('accepts the buyer role and exposes it to the route', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/__probe',
      headers: { role: 'buyer' },
      payload: { quantity: 2 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ role: 'buyer', quantity: 2 });
  });

  it('lets a safe request without the header act as buyer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/__probe' });
    expect(res.json()).toEqual({ role: 'buyer' });
  });
});

describe('one error shape', () => {
  it('answers malformed JSON with 400 MALFORMED_JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/__probe',
      headers: { role: 'buyer', 'content-type': 'application/json' },
      payload: '{"quantity": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('MALFORMED_JSON');
  });

  it('answers schema violations with 400 VALIDATION_FAILED naming the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/__probe',
      headers: { role: 'buyer' },
      payload: { quantity: 0 },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.error.fields)).toContain('quantity');
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/__probe',
      headers: { role: 'buyer', 'content-type': 'application/x-unknown' },
      payload: 'x',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers a too-large body with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/__probe',
      headers: { role: 'buyer', 'content-type': 'application/json' },
      payload: JSON.stringify({ quantity: 1, pad: 'x'.repeat(1_100_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('passes an AppError status and code through', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/__conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: { code: 'INVOICE_ALREADY_ACCEPTED', message: 'Already accepted' } });
  });

  it('hides the details of an unexpected failure', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/__boom' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toMatch(/hunter2|stack|at /);
    expect(res.json().error.code).toBe('INTERNAL_ERROR');
  });

  it('answers unknown API paths with 404 JSON', async () => {
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/v1/no-such-thing', headers: { role: 'buyer' } });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json().error.code).toBe('ROUTE_NOT_FOUND');
    }
  });

  it('tags every answer with a request id, echoing a well-formed incoming one', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'abc12345-trace' },
    });
    expect(res.headers['x-request-id']).toBe('abc12345-trace');
    const other = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(other.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('CORS', () => {
  it('allows the configured origin with credentials and refuses others', async () => {
    const allowed = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/__probe',
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'role',
      },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');
    const refused = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/__probe',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'role',
      },
    });
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('health', () => {
  it('reports liveness and readiness (database and storage; no Redis configured)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({
      status: 'ready',
      database: 'ok',
      storage: 'ok',
    });
  });

  it('publishes the OpenAPI document and its browsable page', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().openapi).toMatch(/^3\./);
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(page.statusCode);
  });
});
