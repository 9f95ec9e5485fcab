import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { newUserSession } from '../../../test/accounts-helpers';
import { rowsOf } from '../../db/transaction';

let t: TestApp;
let admin: string;
let buyer: string;

const userWithRoles = (roles: string[]) => newUserSession(t, roles, 'Upload Person');

/** A multipart body with one file field, as a browser's FormData sends it. */
function multipart(filename: string, type: string, data: Buffer) {
  const boundary = `----maple${randomUUID().replace(/-/g, '')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (cookie: string | null, role: string, body: ReturnType<typeof multipart>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/uploads',
    payload: body.payload,
    headers: { ...body.headers, role },
    ...(cookie ? { cookies: { ms_session: cookie } } : {}),
  });

async function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png()
    .withMetadata({ exif: { IFD0: { Copyright: 'Secret GPS place' } } })
    .toBuffer();
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await userWithRoles(['buyer', 'admin']);
  buyer = await userWithRoles(['buyer']);
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/v1/admin/uploads', () => {
  it('re-encodes a PNG as WebP (width capped, EXIF dropped), stores it by hash, serves it cached, audited', async () => {
    const source = await png(2400, 600);
    const res = await upload(admin, 'admin', multipart('photo.png', 'image/png', source));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.url).toMatch(/^\/uploads\/[a-f0-9]{64}\.webp$/);
    expect(body).toMatchObject({ contentType: 'image/webp', width: 1600, height: 400 });
    expect(existsSync(path.join(t.config.DATA_DIR, 'uploads', body.name))).toBe(true);

    const served = await t.app.inject({ method: 'GET', url: body.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.length).toBe(body.bytes);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(1600);
    expect(meta.exif).toBeUndefined();

    const [audit] = rowsOf<{ action: string; entity_id: string }>(
      await t.database.db.execute(
        sql`select action, entity_id from admin_audit_log where entity = 'upload' order by at desc limit 1`,
      ),
    );
    expect(audit).toMatchObject({ action: 'create', entity_id: body.name });

    // Same picture again: same content-addressed name.
    const again = await upload(admin, 'admin', multipart('again.png', 'image/png', source));
    expect(again.json().name).toBe(body.name);
  });

  it('415 for a text file named .png (magic bytes, not the name or declared type)', async () => {
    const res = await upload(
      admin,
      'admin',
      multipart('notes.png', 'image/png', Buffer.from('just some text, not an image\n'.repeat(20))),
    );
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('415 for a GIF (real image, type not accepted)', async () => {
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const res = await upload(admin, 'admin', multipart('a.gif', 'image/gif', gif));
    expect(res.statusCode).toBe(415);
  });

  it('413 over 5 MB', async () => {
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(5 * 1024 * 1024 + 10, 1)]);
    const res = await upload(admin, 'admin', multipart('big.png', 'image/png', big));
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('401 for a visitor, 403 for a buyer', async () => {
    const body = multipart('photo.png', 'image/png', await png(10, 10));
    const visitor = await upload(null, 'admin', body);
    expect(visitor.statusCode).toBe(401);
    expect((await upload(buyer, 'buyer', body)).statusCode).toBe(403);
    expect((await upload(buyer, 'admin', body)).statusCode).toBe(403);
  });

  it('/uploads answers 404 for unknown or malformed names', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${'a'.repeat(64)}.webp` })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: '/uploads/..%2Fsecrets.json' })).statusCode).toBe(404);
  });
});
