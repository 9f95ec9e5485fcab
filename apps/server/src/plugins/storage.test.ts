import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase, type TestApp, type TestDatabase } from '../../test/helpers';
import { diskStorage, s3Storage } from '../../test/storage-backends';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
});

/** One suite, run against every adapter: they must behave the same. */
describe.each([diskStorage, s3Storage('maplesource-test')])('file storage on $name', (backend) => {
  let t: TestApp;
  const secretReport = Buffer.from('%PDF-1.4 confidential résumé');

  beforeAll(async () => {
    t = await createTestApp({
      database,
      env: await backend.env(),
      beforeReady: (app) => {
        // A module's own download route: its access check first, then sendPrivate.
        app.get<{ Params: { key: string } }>('/test/private/:key', async (request, reply) => {
          if (request.headers['x-owner'] !== 'yes')
            return reply.status(404).send({ error: { code: 'NOT_FOUND' } });
          return app.storage.sendPrivate(reply, `resumes/${request.params.key}`, {
            filename: 'Résumé "Léa".pdf',
          });
        });
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await backend.stop();
  });

  it('uses the configured adapter', () => {
    expect(t.app.storage.adapterName).toBe(backend.name);
  });

  it('puts, heads, gets, streams and deletes a file', async () => {
    const { storage } = t.app;
    await storage.put('blog/a1.txt', Buffer.from('hello'), {
      visibility: 'public',
      contentType: 'text/plain',
    });
    const info = await storage.head('blog/a1.txt');
    expect(info).toMatchObject({
      key: 'blog/a1.txt',
      visibility: 'public',
      size: 5,
      contentType: 'text/plain',
    });
    expect(info!.lastModified.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await storage.exists('blog/a1.txt')).toBe(true);
    expect((await storage.get('blog/a1.txt'))!.data.toString()).toBe('hello');
    const streamed = await storage.stream('blog/a1.txt');
    const chunks: Buffer[] = [];
    for await (const chunk of streamed!.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('hello');

    await storage.put('blog/a1.txt', Buffer.from('replaced'), {
      visibility: 'public',
      contentType: 'text/plain',
    });
    expect((await storage.get('blog/a1.txt'))!.data.toString()).toBe('replaced');

    expect(await storage.delete('blog/a1.txt')).toBe(true);
    expect(await storage.delete('blog/a1.txt')).toBe(false);
    expect(await storage.head('blog/a1.txt')).toBeNull();
    expect(await storage.get('blog/a1.txt')).toBeNull();
    expect(await storage.stream('blog/a1.txt')).toBeNull();
  });

  it('refuses keys that could leave the storage root', async () => {
    const data = Buffer.from('x');
    for (const key of [
      '../secrets.json',
      'a/../../b',
      '/etc/passwd',
      '.meta/x',
      'a//b',
      'a\\b',
      '',
      'a/./b',
    ]) {
      await expect(
        t.app.storage.put(key, data, { visibility: 'public', contentType: 'text/plain' }),
      ).rejects.toThrow(/invalid storage key/);
      expect(await t.app.storage.get(key)).toBeNull();
      expect(await t.app.storage.delete(key)).toBe(false);
    }
  });

  it('serves a public file at /uploads with its type', async () => {
    const key = `${'ab'.repeat(32)}.webp`;
    await t.app.storage.put(key, Buffer.from('RIFFxxxxWEBP'), {
      visibility: 'public',
      contentType: 'image/webp',
    });
    const response = await t.app.inject({ method: 'GET', url: t.app.storage.publicUrl(key) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body).toBe('RIFFxxxxWEBP');
  });

  it('refuses a private file at /uploads to a visitor, and streams it only through its module route', async () => {
    await t.app.storage.put('resumes/r1.pdf', secretReport, {
      visibility: 'private',
      contentType: 'application/pdf',
    });
    expect((await t.app.storage.head('resumes/r1.pdf'))!.visibility).toBe('private');

    const visitor = await t.app.inject({ method: 'GET', url: '/uploads/resumes/r1.pdf' });
    expect(visitor.statusCode).toBe(404);
    expect(visitor.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No such file' } });
    expect(visitor.body).not.toContain('confidential');

    const stranger = await t.app.inject({ method: 'GET', url: '/test/private/r1.pdf' });
    expect(stranger.statusCode).toBe(404);

    const owner = await t.app.inject({
      method: 'GET',
      url: '/test/private/r1.pdf',
      headers: { 'x-owner': 'yes' },
    });
    expect(owner.statusCode).toBe(200);
    expect(owner.rawPayload.equals(secretReport)).toBe(true);
    expect(owner.headers['content-type']).toBe('application/pdf');
    expect(owner.headers['x-content-type-options']).toBe('nosniff');
    expect(owner.headers['cache-control']).toBe('private, no-store');
    expect(owner.headers['content-disposition']).toBe(
      `attachment; filename="R_sum_ L_a.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20L%C3%A9a.pdf`,
    );

    const missing = await t.app.inject({
      method: 'GET',
      url: '/test/private/none.pdf',
      headers: { 'x-owner': 'yes' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('moves a key between visibilities: made private, it is no longer public', async () => {
    const { storage } = t.app;
    await storage.put('covers/c1.png', Buffer.from('png'), {
      visibility: 'public',
      contentType: 'image/png',
    });
    expect((await t.app.inject({ method: 'GET', url: '/uploads/covers/c1.png' })).statusCode).toBe(200);
    await storage.put('covers/c1.png', Buffer.from('png'), {
      visibility: 'private',
      contentType: 'image/png',
    });
    expect((await t.app.inject({ method: 'GET', url: '/uploads/covers/c1.png' })).statusCode).toBe(404);
    expect((await storage.head('covers/c1.png'))!.visibility).toBe('private');
  });

  it('answers 404 for unknown or malformed paths under /uploads', async () => {
    for (const url of [
      '/uploads/nothing.webp',
      '/uploads/..%2F..%2Fsecrets.json',
      '/uploads/.meta/x.json',
      '/uploads/',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});
