import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import type { BusinessAction, NotificationListResponse } from '@maplesource/contracts';
import type { NotificationEvent } from '@maplesource/contracts/realtime/events';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { signUp, type SignedUp } from '../../../test/accounts-helpers';
import { testTimeouts } from '../../../../../test-timeouts.mjs';
import { withTransaction } from '../../db/transaction';

/** Notifications (docs/product.md §3, §7): created by subscribers of chat events, read and changed only by the recipient. */
let t: TestApp;
let url: string;
let buyer: SignedUp;
let seller: SignedUp;
let stranger: SignedUp;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp({ env: { JOBS_POLLING_INTERVAL_SECONDS: '0.5' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  buyer = await signUp(t.app);
  seller = await signUp(t.app);
  stranger = await signUp(t.app);
});
afterAll(async () => {
  await t?.close();
});

/** What the chat module announces for a stored message (its own tests cover that it does). */
async function messageCreated(
  recipientId: string,
  senderId: string,
  extra: { businessAction?: string | null; messageId?: string; subjectKind?: 'product' | 'service' } = {},
) {
  seq += 1;
  const messageId = extra.messageId ?? randomUUID();
  await withTransaction(t.database.db, (tx) =>
    t.app.events.emit(
      'chat.message-created',
      {
        chatId: randomUUID(),
        messageId,
        seq,
        senderId,
        recipientId,
        subjectKind: extra.subjectKind ?? 'product',
        businessAction: extra.businessAction ?? null,
      },
      tx,
    ),
  );
  await t.app.events.drain();
  return messageId;
}

const list = async (who: SignedUp, query = '') => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/notifications${query}`,
    headers: { cookie: who.cookie, role: 'buyer' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<NotificationListResponse>();
};
const call = (method: 'PATCH' | 'DELETE', path: string, who: SignedUp | null) =>
  t.app.inject({
    method,
    url: `/api/v1/notifications${path}`,
    headers: { role: 'buyer', ...(who ? { cookie: who.cookie } : {}) },
  });

describe('notifications from chat events', () => {
  it('gives the recipient one notification per stored message, with the sender and a link to the chat', async () => {
    const messageId = await messageCreated(seller.id, buyer.id, { businessAction: 'quotation_created' });
    // A redelivered event (same message) adds nothing.
    await messageCreated(seller.id, buyer.id, { businessAction: 'quotation_created', messageId });
    const page = await list(seller);
    expect(page.total).toBe(1);
    expect(page.unreadCount).toBe(1);
    expect(page.items[0]).toMatchObject({
      recipientId: seller.id,
      type: 'quotation_created',
      message: 'You received a new quotation request',
      isRead: false,
      isArchived: false,
      sender: { model: 'user', id: buyer.id },
      metadata: { messageId },
    });
    expect((await list(buyer)).total).toBe(0);
  });

  it('types a plain message as chat_message', async () => {
    await messageCreated(buyer.id, seller.id);
    const page = await list(buyer);
    expect(page.items[0]).toMatchObject({ type: 'chat_message', message: 'You have a new message' });
  });

  it('pages newest first and filters unread', async () => {
    for (let i = 0; i < 3; i += 1) await messageCreated(stranger.id, buyer.id);
    const first = await list(stranger, '?page=1&pageSize=2');
    const second = await list(stranger, '?page=2&pageSize=2');
    expect(first.items).toHaveLength(2);
    expect(second.items).toHaveLength(1);
    expect(first.total).toBe(3);
    const ids = [...first.items, ...second.items].map((n) => n.id);
    expect(new Set(ids).size).toBe(3);
    const times = [...first.items, ...second.items].map((n) => n.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });
});

/** A real conversation between buyer and seller (names as the chat shows them). */
let subjectId = 0;
async function conversation(): Promise<string> {
  subjectId += 1;
  const { chatId } = await withTransaction(t.database.db, (tx) =>
    t.app.chat.openConversation(tx, {
      buyerId: buyer.id,
      sellerUserId: seller.id,
      subject: { kind: 'product', id: 9000 + subjectId },
      quotationId: null,
      names: { subject: `Steel bracket ${subjectId}`, buyer: 'Bea Buyer', seller: 'Sam Seller' },
    }),
  );
  return chatId;
}

describe('notifications carry what their text names, for the reader’s language (decision 193)', () => {
  it('stores the subject, the sender’s name and the business action’s facts', async () => {
    const chatId = await conversation();
    const post = (senderId: string, action: BusinessAction, payload: Record<string, unknown>) =>
      withTransaction(t.database.db, (tx) =>
        t.app.chat.postBusinessAction(tx, { chatId, senderId, action, payload }),
      );
    const orderId = randomUUID();
    const invoiceId = randomUUID();
    await post(buyer.id, 'quotation_created', { quotationId: 'q1', requestId: 'Q-42', subjectName: '' });
    await post(seller.id, 'invoice_sent', {
      invoiceId,
      invoiceToken: 'tok_notification_000000000',
      kind: 'product',
      totalCents: 1000,
      expiresAt: '2026-12-01T00:00:00.000Z',
    });
    await post(seller.id, 'order_updated', {
      orderId,
      kind: 'product',
      status: 'shipped',
      invoiceToken: 'tok_notification_000000000',
    });
    await post(seller.id, 'order_cancelled', {
      orderId,
      kind: 'product',
      status: 'cancelled',
      invoiceToken: 'tok_notification_000000000',
      reason: 'payment_not_received',
    });
    await t.app.events.drain();
    const subjectName = `Steel bracket ${subjectId}`;
    const ofChat = async (who: SignedUp) =>
      (await list(who, '?pageSize=100')).items.filter((n) => n.metadata.chatId === chatId);

    const [quotation] = await ofChat(seller);
    expect(quotation).toMatchObject({
      type: 'quotation_created',
      sender: { model: 'user', id: buyer.id, name: 'Bea Buyer' },
      metadata: { subjectName, requestId: 'Q-42' },
    });
    const buyerSide = await ofChat(buyer);
    // Each from its own transaction, but delivered together: compare as a set.
    expect(buyerSide).toHaveLength(3);
    expect(buyerSide.map((n) => [n.type, n.sender.name, n.metadata])).toEqual(
      expect.arrayContaining([
        [
          'order_cancelled',
          'Sam Seller',
          expect.objectContaining({
            subjectName,
            orderId,
            orderStatus: 'cancelled',
            cause: 'payment_not_received',
          }),
        ],
        [
          'order_updated',
          'Sam Seller',
          expect.objectContaining({ subjectName, orderId, orderStatus: 'shipped' }),
        ],
        ['invoice_sent', 'Sam Seller', expect.objectContaining({ subjectName, invoiceId })],
      ]),
    );
  });

  it('names the subject in the system’s own notifications (expired invoice, unpaid order, payment received)', async () => {
    const chatId = await conversation();
    const orderId = randomUUID();
    const invoiceId = randomUUID();
    await withTransaction(t.database.db, async (tx) => {
      await t.app.events.emit(
        'invoice.expired',
        {
          invoiceId,
          invoiceToken: 'tok_expired_notification_0',
          chatId,
          buyerId: buyer.id,
          sellerUserId: seller.id,
          kind: 'product',
        },
        tx,
      );
      await t.app.events.emit(
        'order.changed',
        {
          orderId,
          kind: 'product',
          chatId,
          status: 'confirmed',
          change: 'payment',
          paymentStatus: 'paid',
          buyerUserId: buyer.id,
        },
        tx,
      );
      await t.app.events.emit(
        'order.changed',
        { orderId, kind: 'product', chatId, status: 'cancelled', change: 'unpaid', sellerUserId: seller.id },
        tx,
      );
    });
    await t.app.events.drain();
    const subjectName = `Steel bracket ${subjectId}`;
    const system = (who: SignedUp) =>
      list(who, '?pageSize=100').then((page) =>
        page.items.filter((n) => n.metadata.chatId === chatId && n.sender.model !== 'user'),
      );
    const buyerSide = await system(buyer);
    expect(buyerSide.map((n) => n.metadata)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ invoiceId, subjectName }),
        expect.objectContaining({ orderId, subjectName, paymentStatus: 'paid', orderStatus: 'confirmed' }),
      ]),
    );
    const sellerSide = await system(seller);
    expect(sellerSide.map((n) => n.metadata)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ invoiceId, subjectName }),
        expect.objectContaining({ orderId, subjectName, cause: 'payment_not_received' }),
      ]),
    );
  });
});

describe('only the recipient reads, marks and deletes', () => {
  it('marks one read; another user gets 404 and a visitor 401', async () => {
    await messageCreated(seller.id, buyer.id);
    const [target] = (await list(seller, '?unreadOnly=true')).items;
    expect(target).toBeDefined();
    const foreign = await call('PATCH', `/${target!.id}`, buyer);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: { code: 'NOTIFICATION_NOT_FOUND' } });
    expect((await call('PATCH', `/${target!.id}`, null)).statusCode).toBe(401);
    expect((await call('PATCH', '/not-a-uuid', seller)).statusCode).toBe(400);
    const res = await call('PATCH', `/${target!.id}`, seller);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ notification: { id: target!.id, isRead: true } });
    expect((await list(seller, '?unreadOnly=true')).items.map((n) => n.id)).not.toContain(target!.id);
  });

  it('marks all of one recipient read and leaves the others alone', async () => {
    await messageCreated(seller.id, buyer.id);
    await messageCreated(buyer.id, seller.id);
    const buyerUnread = (await list(buyer)).unreadCount;
    const res = await call('PATCH', '/mark-all-as-read', seller);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ updated: number }>().updated).toBeGreaterThan(0);
    expect((await list(seller)).unreadCount).toBe(0);
    expect((await list(buyer)).unreadCount).toBe(buyerUnread);
  });

  it('deletes only its own', async () => {
    await messageCreated(buyer.id, seller.id);
    const [target] = (await list(buyer)).items;
    expect((await call('DELETE', `/${target!.id}`, seller)).statusCode).toBe(404);
    expect((await call('DELETE', `/${target!.id}`, buyer)).statusCode).toBe(200);
    expect((await call('DELETE', `/${target!.id}`, buyer)).statusCode).toBe(404);
    expect((await list(buyer)).items.map((n) => n.id)).not.toContain(target!.id);
  });
});

describe('live push', () => {
  it("sends notification:new (and service:notification for services) to the recipient's sockets only", async () => {
    const open = (who: SignedUp) =>
      connect(url, {
        path: '/socket.io',
        transports: ['websocket'],
        extraHeaders: { cookie: who.cookie },
        reconnection: false,
        timeout: testTimeouts.conditionMs,
      });
    const connected = (socket: Socket) =>
      new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
    const mine = open(seller);
    const theirs = open(stranger);
    try {
      await Promise.all([connected(mine), connected(theirs)]);
      const strangerHeard: NotificationEvent[] = [];
      theirs.on('notification:new', (payload: NotificationEvent) => strangerHeard.push(payload));
      theirs.on('service:notification', (payload: NotificationEvent) => strangerHeard.push(payload));
      // Earlier tests' pushes may still arrive: wait for the one about this message.
      const about = (event: string, messageId: Promise<string>) =>
        new Promise<NotificationEvent>((resolve) => {
          mine.on(event, (payload: NotificationEvent) => {
            void messageId.then((id) => {
              if (payload.notification.metadata.messageId === id) resolve(payload);
            });
          });
        });
      let announce!: (id: string) => void;
      const announced = new Promise<string>((resolve) => (announce = resolve));
      const heard = about('notification:new', announced);
      const heardService = about('service:notification', announced);
      const messageId = randomUUID();
      announce(messageId);
      await messageCreated(seller.id, buyer.id, { subjectKind: 'service', messageId });
      const [event, serviceEvent] = await Promise.all([heard, heardService]);
      expect(event.notification).toMatchObject({ recipientId: seller.id, metadata: { messageId } });
      expect(serviceEvent.notification.id).toBe(event.notification.id);
      expect(strangerHeard.filter((n) => n.notification.metadata.messageId === messageId)).toEqual([]);
    } finally {
      mine.close();
      theirs.close();
    }
  });
});
