import { brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import compressWhole, { BROTLI_QUALITY, COMPRESS_FROM_BYTES } from './compress-whole';

/**
 * JSON and HTML answers compressed whole in the request (decision 343), registered as app.ts does: before
 * @fastify/compress, which keeps streams, large answers and weighted lists.
 */
const items = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: i, name: `Steel bracket ${i}` }));
const app = Fastify();
/** What an instance-level onSend hook (as the pages' data and idempotency's store do) saw. */
const seenByHook: string[] = [];

beforeAll(async () => {
  await app.register(compressWhole);
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_FROM_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY },
    },
  });
  app.addHook('onSend', async (_request, _reply, payload) => {
    if (typeof payload === 'string') seenByHook.push(payload);
    return payload;
  });
  app.get('/small', async () => ({ items: items(40) }));
  app.get('/large', async () => ({ items: items(4000) }));
  app.get('/tiny', async () => ({ ok: true }));
  app.get('/page', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(`<!doctype html><p>${'Érable '.repeat(400)}</p>`),
  );
  app.get('/text', async (_request, reply) => reply.type('text/plain').send('x'.repeat(5000)));
  await app.ready();
});
afterAll(() => app.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });
const decode = (encoding: unknown, bytes: Buffer) =>
  (encoding === 'br' ? brotliDecompressSync(bytes) : gunzipSync(bytes)).toString('utf8');

describe('answers compressed whole (decision 343)', () => {
  it('sends a JSON answer whole with its length, in the encoding @fastify/compress would choose', async () => {
    const plain = await get('/small');
    for (const [header, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate', 'gzip'],
      ['*', 'gzip'],
    ] as const) {
      const res = await get('/small', { 'accept-encoding': header });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
      expect(res.headers['transfer-encoding']).toBeUndefined();
      expect(String(res.headers.vary)).toContain('accept-encoding');
      expect(decode(encoding, res.rawPayload)).toBe(plain.body);
    }
  });

  it('compresses an HTML page whole too, and leaves the body plain for the instance’s own onSend hooks', async () => {
    seenByHook.length = 0;
    const res = await get('/page', { 'accept-encoding': 'gzip, br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
    expect(decode('br', res.rawPayload)).toContain('Érable Érable');
    expect(seenByHook).toHaveLength(1);
    expect(seenByHook[0]).toContain('<!doctype html>');
  });

  it('leaves large answers, other types and weighted lists to @fastify/compress’s streams', async () => {
    const large = await get('/large', { 'accept-encoding': 'gzip' });
    expect(large.headers['content-encoding']).toBe('gzip');
    expect(large.headers['content-length']).toBeUndefined();
    expect(JSON.parse(decode('gzip', large.rawPayload)).items).toHaveLength(4000);
    const text = await get('/text', { 'accept-encoding': 'gzip' });
    expect(text.headers['content-encoding']).toBe('gzip');
    expect(text.headers['content-length']).toBeUndefined();
    const weighted = await get('/small', { 'accept-encoding': 'br;q=0.1, gzip;q=0.5' });
    expect(weighted.headers['content-encoding']).toBe('gzip');
    expect(weighted.headers['content-length']).toBeUndefined();
    expect(decode('gzip', weighted.rawPayload)).toBe((await get('/small')).body);
  });

  it('sends short answers, identity and x-no-compression as they are', async () => {
    expect((await get('/tiny', { 'accept-encoding': 'gzip' })).headers['content-encoding']).toBeUndefined();
    expect(
      (await get('/small', { 'accept-encoding': 'identity' })).headers['content-encoding'],
    ).toBeUndefined();
    const refused = await get('/small', { 'accept-encoding': 'gzip', 'x-no-compression': '1' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json<{ items: unknown[] }>().items).toHaveLength(40);
  });
});
