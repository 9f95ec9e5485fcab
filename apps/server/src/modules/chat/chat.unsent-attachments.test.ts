import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUp } from '../../../test/accounts-helpers';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { waitFor } from '../../../test/wait-for';
import { rowsOf } from '../../db/transaction';
import { unsentAttachmentsSweepJob } from '.';

/**
 * Images uploaded to a chat and never sent go after 24 hours (decision 348): their row and both files. A sent image
 * and one still within its grace stay; sending a swept image is 404 ATTACHMENT_NOT_FOUND.
 */
let t: TestApp;
let buyer: SignedUp;
let seller: SignedUp;
let chatId: string;
beforeAll(async () => {
  t = await createTestApp();
  buyer = await signUp(t.app, { fullName: 'Uma Uploader' });
  seller = await signUp(t.app, { fullName: 'Sol Seller' });
  ({ chatId } = await t.app.db.transaction((tx) =>
    t.app.chat.openConversation(tx, {
      buyerId: buyer.id,
      sellerUserId: seller.id,
      subject: { kind: 'product', id: 303 },
      quotationId: null,
      names: { subject: 'Pallet racks' },
    }),
  ));
});
afterAll(async () => t?.close());

async function upload(): Promise<{ id: string; keys: string[] }> {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c60' } })
    .png()
    .toBuffer();
  const boundary = `----unsent${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="chatId"\r\n\r\n${chatId}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="rack.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/upload',
    headers: {
      role: 'buyer',
      cookie: buyer.cookie,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = String(res.json().attachments[0].id);
  const [row] = rowsOf<{ storage_key: string; thumbnail_key: string }>(
    await t.database.db.execute(
      sql`SELECT storage_key, thumbnail_key FROM chat_attachments WHERE id = ${id}`,
    ),
  );
  return { id, keys: [row!.storage_key, row!.thumbnail_key] };
}

const uploadedHoursAgo = (id: string, hours: number) =>
  t.database.db.execute(
    sql`UPDATE chat_attachments SET created_at = now() - make_interval(hours => ${hours}) WHERE id = ${id}`,
  );
const rowExists = async (id: string) =>
  rowsOf(await t.database.db.execute(sql`SELECT 1 FROM chat_attachments WHERE id = ${id}`)).length === 1;
const filesExisting = async (keys: string[]) =>
  (await Promise.all(keys.map((key) => t.app.storage.exists(key)))).filter(Boolean).length;
const send = (attachmentIds: string[]) =>
  t.app.chat.sendMessage(t.app.db, buyer.id, 'product', {
    chatId,
    clientMessageId: `unsent-${randomUUID()}`,
    text: '',
    attachmentIds,
  });

describe('images uploaded to a chat and never sent', () => {
  it('are deleted with their files after 24 hours; sent ones and recent ones stay', async () => {
    const [stale, sent, recent] = [await upload(), await upload(), await upload()];
    await send([sent.id]);
    await uploadedHoursAgo(stale.id, 25);
    await uploadedHoursAgo(sent.id, 25);
    await uploadedHoursAgo(recent.id, 23);

    await t.app.jobs.send(unsentAttachmentsSweepJob, {});
    await waitFor('the stale upload to go', async () => !(await rowExists(stale.id)));
    expect(await filesExisting(stale.keys)).toBe(0);
    expect(await rowExists(sent.id)).toBe(true);
    expect(await filesExisting(sent.keys)).toBe(2);
    expect(await rowExists(recent.id)).toBe(true);
    expect(await filesExisting(recent.keys)).toBe(2);

    // The composer that still held the swept image cannot send it.
    await expect(send([stale.id])).rejects.toMatchObject({ code: 'ATTACHMENT_NOT_FOUND' });
    // The recent one is sent as ever.
    expect((await send([recent.id])).message.attachments.map((a) => a.id)).toEqual([recent.id]);
  });
});
