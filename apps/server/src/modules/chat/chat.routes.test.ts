import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { signUp, type SignedUp } from '../../../test/accounts-helpers';

/**
 * docs/product.md §7 chat routes: only the chat's two participants list, read, upload to or mark a chat read; everyone
 * else gets CHAT_NOT_FOUND. Images: bytes decide (a renamed text file is refused), under 5MB, served privately.
 */
let t: TestApp;
let buyer: SignedUp;
let seller: SignedUp;
let stranger: SignedUp;
let chatId: string;
let serviceChatId: string;

const as = (user: SignedUp) => ({ role: 'buyer', cookie: user.cookie });

function multipart(
  fields: Array<{ name: string; value: string | Buffer; filename?: string; type?: string }>,
) {
  const boundary = `----chat${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const field of fields) {
    const disposition = field.filename
      ? `form-data; name="${field.name}"; filename="${field.filename}"`
      : `form-data; name="${field.name}"`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${field.type ? `Content-Type: ${field.type}\r\n` : ''}\r\n`,
      ),
      Buffer.isBuffer(field.value) ? field.value : Buffer.from(field.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(user: SignedUp, id: string, file: Buffer, filename = 'photo.png', type = 'image/png') {
  const body = multipart([
    { name: 'chatId', value: id },
    { name: 'file', value: file, filename, type },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/upload',
    headers: { ...as(user), 'content-type': body.contentType },
    payload: body.payload,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  buyer = await signUp(t.app, { fullName: 'Bea Buyer' });
  seller = await signUp(t.app, { fullName: 'Sam Seller' });
  stranger = await signUp(t.app, { fullName: 'Tom Third' });
  const opened = await t.app.db.transaction(async (tx) => ({
    product: await t.app.chat.openConversation(tx, {
      buyerId: buyer.id,
      sellerUserId: seller.id,
      subject: { kind: 'product', id: 101 },
      quotationId: null,
      names: { subject: 'Maple syrup barrels' },
    }),
    service: await t.app.chat.openConversation(tx, {
      buyerId: buyer.id,
      sellerUserId: seller.id,
      subject: { kind: 'service', id: 202 },
      quotationId: null,
      names: { subject: 'CNC machining' },
    }),
  }));
  chatId = opened.product.chatId;
  serviceChatId = opened.service.chatId;
  for (const n of [1, 2, 3])
    await t.app.chat.sendMessage(t.app.db, seller.id, 'product', {
      chatId,
      clientMessageId: `routes-msg-${n}`,
      text: `hello ${n}`,
      attachmentIds: [],
    });
});
afterAll(async () => t?.close());

describe('chat routes', () => {
  it('lists the user’s chats with unread counts, status filter and search by product or party', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/chats', headers: as(buyer) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({
      id: chatId,
      myRole: 'buyer',
      otherParty: { id: seller.id, name: 'Sam Seller' },
      subject: { kind: 'product', name: 'Maple syrup barrels' },
      unreadCount: 3,
      status: 'active',
      lastMessage: { seq: 3, text: 'hello 3' },
    });
    expect(body.unreadTotal).toBe(3);
    const search = async (user: SignedUp, q: string, status = 'all') =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/chats?search=${encodeURIComponent(q)}&status=${status}`,
          headers: as(user),
        })
      ).json().items.length;
    expect(await search(buyer, 'syrup')).toBe(1);
    expect(await search(buyer, 'sam sell')).toBe(1);
    expect(await search(seller, 'bea')).toBe(1);
    expect(await search(buyer, 'nothing like it')).toBe(0);
    expect(await search(buyer, 'syrup', 'completed')).toBe(0);
    const services = (
      await t.app.inject({ method: 'GET', url: '/api/v1/service-chats', headers: as(seller) })
    ).json();
    expect(services.items.map((c: { id: string }) => c.id)).toEqual([serviceChatId]);
    const none = (await t.app.inject({ method: 'GET', url: '/api/v1/chats', headers: as(stranger) })).json();
    expect(none.items).toEqual([]);
  });

  it('pages messages by seq and marks read', async () => {
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/v1/messages?chatId=${chatId}&afterSeq=1`,
      headers: as(buyer),
    });
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json().items.map((m: { seq: number }) => m.seq)).toEqual([2, 3]);
    const read = await t.app.inject({
      method: 'POST',
      url: `/api/v1/chats/${chatId}/read`,
      headers: as(buyer),
      payload: { upToSeq: 2 },
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ chatId, lastReadSeq: 2, unreadCount: 1 });
    const bothWays = await t.app.inject({
      method: 'GET',
      url: `/api/v1/messages?chatId=${chatId}&afterSeq=1&beforeSeq=3`,
      headers: as(buyer),
    });
    expect(bothWays.statusCode).toBe(400);
  });

  it('answers 404 CHAT_NOT_FOUND to anyone but the two participants, on every chat route', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c00' } })
      .png()
      .toBuffer();
    const attempts = [
      t.app.inject({ method: 'GET', url: `/api/v1/chats/${chatId}`, headers: as(stranger) }),
      t.app.inject({ method: 'GET', url: `/api/v1/messages?chatId=${chatId}`, headers: as(stranger) }),
      t.app.inject({
        method: 'GET',
        url: `/api/v1/service-messages?chatId=${serviceChatId}`,
        headers: as(stranger),
      }),
      t.app.inject({ method: 'GET', url: `/api/v1/service-chats/${serviceChatId}`, headers: as(stranger) }),
      t.app.inject({
        method: 'POST',
        url: `/api/v1/chats/${chatId}/read`,
        headers: as(stranger),
        payload: {},
      }),
      t.app.inject({
        method: 'POST',
        url: `/api/v1/service-chats/${serviceChatId}/read`,
        headers: as(stranger),
        payload: {},
      }),
      upload(stranger, chatId, png),
      // A product chat is not a service chat, and the other way round.
      t.app.inject({ method: 'GET', url: `/api/v1/service-messages?chatId=${chatId}`, headers: as(buyer) }),
      t.app.inject({ method: 'GET', url: `/api/v1/chats/${serviceChatId}`, headers: as(buyer) }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error.code).toBe('CHAT_NOT_FOUND');
    }
    const visitor = await t.app.inject({ method: 'GET', url: '/api/v1/chats', headers: { role: 'buyer' } });
    expect(visitor.statusCode).toBe(401);
  });

  it('stores an uploaded image re-encoded without EXIF, with a thumbnail, served only to the participants', async () => {
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#0a0' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps-owner' } } })
      .toBuffer();
    expect(photo.includes(Buffer.from('secret-gps-owner'))).toBe(true);
    const res = await upload(seller, chatId, photo, 'photo.jpg', 'image/jpeg');
    expect(res.statusCode, res.body).toBe(201);
    const [attachment] = res.json().attachments;
    expect(attachment).toMatchObject({ width: 640, height: 480 });
    const image = await t.app.inject({ method: 'GET', url: attachment.url, headers: as(buyer) });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.includes(Buffer.from('secret-gps-owner'))).toBe(false);
    const thumb = await t.app.inject({ method: 'GET', url: attachment.thumbnailUrl, headers: as(seller) });
    expect(thumb.statusCode).toBe(200);
    expect((await sharp(thumb.rawPayload).metadata()).width).toBeLessThanOrEqual(320);
    for (const url of [attachment.url, attachment.thumbnailUrl]) {
      const denied = await t.app.inject({ method: 'GET', url, headers: as(stranger) });
      expect(denied.statusCode).toBe(404);
      expect(denied.json().error.code).toBe('ATTACHMENT_NOT_FOUND');
    }
    // The image joins a message; another user's upload id cannot be attached.
    const sent = await t.app.chat.sendMessage(t.app.db, seller.id, 'product', {
      chatId,
      clientMessageId: 'routes-with-image',
      text: '',
      attachmentIds: [attachment.id],
    });
    expect(sent.message.attachments.map((a) => a.id)).toEqual([attachment.id]);
    await expect(
      t.app.chat.sendMessage(t.app.db, buyer.id, 'product', {
        chatId,
        clientMessageId: 'routes-steal-image',
        text: '',
        attachmentIds: [attachment.id],
      }),
    ).rejects.toMatchObject({ code: 'ATTACHMENT_NOT_FOUND' });
  });

  it('refuses a renamed non-image and a 6MB image with the spec’s messages', async () => {
    const renamed = await upload(buyer, chatId, Buffer.from('just some text, not a picture\n'.repeat(20)));
    expect(renamed.statusCode).toBe(415);
    expect(renamed.json().error).toMatchObject({
      code: 'CHAT_IMAGE_INVALID',
      message: 'Please select valid image files',
    });
    const header = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#00f' } })
      .png()
      .toBuffer();
    const big = Buffer.concat([header, Buffer.alloc(6 * 1024 * 1024, 1)]);
    const tooLarge = await upload(buyer, chatId, big);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error).toMatchObject({
      code: 'CHAT_IMAGE_TOO_LARGE',
      message: 'Each image must be under 5MB',
    });
  });
});
