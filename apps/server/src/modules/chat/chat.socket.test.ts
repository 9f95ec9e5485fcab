import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { signUp, type SignedUp } from '../../../test/accounts-helpers';
import { connectedSocket, listenOnLoopback } from '../../../test/socket-client';
import { rowsOf } from '../../db/transaction';

/**
 * The chat's socket events (docs/product.md §7) through the realtime port: stored before acknowledged, a retried client
 * message id stored once, delivered/seen statuses to the sender, throttled typing, presence, and a third user
 * refused on every event.
 */
let t: TestApp;
let url: string;
let buyer: SignedUp;
let seller: SignedUp;
let stranger: SignedUp;
let chatId: string;
const sockets: Socket[] = [];

async function socketFor(user: SignedUp): Promise<Socket> {
  const socket = await connectedSocket(url, user.cookie);
  sockets.push(socket);
  return socket;
}
const next = <T>(socket: Socket, event: string) => new Promise<T>((resolve) => socket.once(event, resolve));

beforeAll(async () => {
  t = await createTestApp();
  url = await listenOnLoopback(t.app);
  buyer = await signUp(t.app, { fullName: 'Bea Buyer' });
  seller = await signUp(t.app, { fullName: 'Sam Seller' });
  stranger = await signUp(t.app, { fullName: 'Tom Third' });
  ({ chatId } = await t.app.db.transaction((tx) =>
    t.app.chat.openConversation(tx, {
      buyerId: buyer.id,
      sellerUserId: seller.id,
      subject: { kind: 'product', id: 7 },
      quotationId: null,
    }),
  ));
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t?.close();
});

describe('chat socket', () => {
  it('stores a message before the ack, delivers it to the recipient and stores a retry once', async () => {
    const [b, s] = [await socketFor(buyer), await socketFor(seller)];
    const received = next<{ chatId: string; receiverId: string; message: { seq: number; text: string } }>(
      s,
      'messageReceived',
    );
    const payload = {
      chatId,
      receiverId: seller.id,
      clientMessageId: 'sock-first-0001',
      text: 'Hello seller',
    };
    const ack = await b.emitWithAck('sendMessage', payload);
    expect(ack).toMatchObject({ ok: true, message: { seq: 1, text: 'Hello seller', status: 'sent' } });
    expect(await received).toMatchObject({ chatId, receiverId: seller.id, message: { seq: 1 } });
    const retry = await b.emitWithAck('sendMessage', payload);
    expect(retry).toEqual(ack);
    const stored = rowsOf<{ n: number }>(
      await t.app.db.execute(
        sql`SELECT count(*)::int AS n FROM chat_messages WHERE client_message_id = 'sock-first-0001'`,
      ),
    );
    expect(stored[0]!.n).toBe(1);
    const empty = await b.emitWithAck('sendMessage', {
      chatId,
      clientMessageId: 'sock-empty-0001',
      text: ' ',
    });
    expect(empty).toMatchObject({ ok: false, error: { code: 'SOCKET_PAYLOAD_INVALID' } });

    // Delivered, then seen, reach the sender.
    const delivered = next<{ status: string; upToSeq: number }>(b, 'messageDelivered');
    expect(await s.emitWithAck('messageDelivered', { chatId, upToSeq: 1 })).toMatchObject({ ok: true });
    expect(await delivered).toMatchObject({ chatId, receiverId: seller.id, status: 'delivered', upToSeq: 1 });
    const seen = next<{ status: string; upToSeq: number }>(b, 'messageDelivered');
    expect(await s.emitWithAck('markAsRead', { chatId })).toMatchObject({
      ok: true,
      data: { lastReadSeq: 1 },
    });
    expect(await seen).toMatchObject({ status: 'seen', upToSeq: 1 });
    b.close();
    s.close();
  });

  it('opens a chat with the other party’s presence, forwards typing at most once per 3 s', async () => {
    const b = await socketFor(buyer);
    const s = await socketFor(seller);
    const opened = await b.emitWithAck('openChat', { chatId });
    expect(opened).toMatchObject({ ok: true, chat: { id: chatId }, otherPartyOnline: true });
    const typing = next<{ chatId: string; receipentId: string; senderId: string }>(b, 'startTyping');
    expect(await s.emitWithAck('userTyping', { chatId, receipentId: buyer.id })).toMatchObject({
      ok: true,
      data: { throttled: false },
    });
    expect(await typing).toEqual({ chatId, receipentId: buyer.id, senderId: seller.id });
    expect(await s.emitWithAck('userTyping', { chatId, receipentId: buyer.id })).toMatchObject({
      ok: true,
      data: { throttled: true },
    });
    const stopped = next(b, 'stopTyping');
    await s.emitWithAck('userStoppedTyping', { chatId, receipentId: buyer.id });
    expect(await stopped).toEqual({ chatId, receipentId: buyer.id, senderId: seller.id });
    const offline = next<{ userId: string; online: boolean }>(b, 'presence');
    s.close();
    expect(await offline).toEqual({ userId: seller.id, online: false });
    b.close();
  });

  it('delivers a business action live after its transaction commits (chat.business-action-posted)', async () => {
    const b = await socketFor(buyer);
    const s = await socketFor(seller);
    const toSeller = next<{ message: { businessAction: string; senderId: string } }>(s, 'messageReceived');
    const toBuyer = next<{ message: { businessAction: string } }>(b, 'messageSent');
    await t.app.db.transaction((tx) =>
      t.app.chat.postBusinessAction(tx, {
        chatId,
        senderId: buyer.id,
        action: 'order_created',
        payload: { orderId: 'order-77' },
      }),
    );
    const orderCreated = next<{ orderId: string }>(s, 'order-created');
    await t.app.events.drain();
    expect(await toSeller).toMatchObject({
      message: { businessAction: 'order_created', senderId: buyer.id },
    });
    expect(await toBuyer).toMatchObject({ message: { businessAction: 'order_created' } });
    expect(await orderCreated).toEqual({ chatId, receiverId: seller.id, orderId: 'order-77' });
    b.close();
    s.close();
  });

  it('refuses a third user on every chat event with CHAT_NOT_FOUND', async () => {
    const x = await socketFor(stranger);
    const refused = { ok: false, error: { code: 'CHAT_NOT_FOUND' } };
    const attempts: Array<[string, unknown]> = [
      ['openChat', { chatId }],
      ['service:openChat', { chatId }],
      ['switchChat', { chatId }],
      ['sendMessage', { chatId, clientMessageId: 'sock-stranger-01', text: 'let me in' }],
      ['service:sendMessage', { chatId, clientMessageId: 'sock-stranger-02', text: 'let me in' }],
      ['markAsRead', { chatId }],
      ['messageDelivered', { chatId, upToSeq: 1 }],
      ['userTyping', { chatId, receipentId: buyer.id }],
      ['userStoppedTyping', { chatId, receipentId: seller.id }],
    ];
    for (const [event, payload] of attempts)
      expect(await x.emitWithAck(event as 'openChat', payload), event).toMatchObject(refused);
    // A participant cannot aim typing at someone outside the chat either.
    const b = await socketFor(buyer);
    expect(await b.emitWithAck('userTyping', { chatId, receipentId: stranger.id })).toMatchObject(refused);
    x.close();
    b.close();
  });
});
