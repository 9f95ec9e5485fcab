import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { signUp, type SignedUp } from '../../../test/accounts-helpers';
import { connectedSocket, listenOnLoopback } from '../../../test/socket-client';
import { rowsOf } from '../../db/transaction';

/**
 * POST messages / service-messages (decision 244): the socket's sendMessage for a client whose socket cannot
 * connect. Stored once per client message id (also across the two ways), only by the chat's participants, and
 * announced with the socket send's events.
 */
let t: TestApp;
let url: string;
let buyer: SignedUp;
let seller: SignedUp;
let stranger: SignedUp;
let chatId: string;
let serviceChatId: string;
const sockets: Socket[] = [];

const as = (user: SignedUp) => ({ role: 'buyer', cookie: user.cookie });
const send = (user: SignedUp | null, payload: Record<string, unknown>, path = '/api/v1/messages') =>
  t.app.inject({ method: 'POST', url: path, headers: user ? as(user) : { role: 'buyer' }, payload });

async function socketFor(user: SignedUp): Promise<Socket> {
  const socket = await connectedSocket(url, user.cookie);
  sockets.push(socket);
  return socket;
}

/** Every `event` the socket hears until the returned function is called. */
function collect(socket: Socket, event: string) {
  const heard: unknown[] = [];
  socket.on(event, (payload: unknown) => heard.push(payload));
  return heard;
}

async function storedCount(clientMessageId: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await t.app.db.execute(
      sql`SELECT count(*)::int AS n FROM chat_messages WHERE client_message_id = ${clientMessageId}`,
    ),
  );
  return row!.n;
}

beforeAll(async () => {
  t = await createTestApp();
  url = await listenOnLoopback(t.app);
  buyer = await signUp(t.app, { fullName: 'Bea Buyer' });
  seller = await signUp(t.app, { fullName: 'Sam Seller' });
  stranger = await signUp(t.app, { fullName: 'Tom Third' });
  ({ chatId, serviceChatId } = await t.app.db.transaction(async (tx) => ({
    chatId: (
      await t.app.chat.openConversation(tx, {
        buyerId: buyer.id,
        sellerUserId: seller.id,
        subject: { kind: 'product', id: 7 },
        quotationId: null,
      })
    ).chatId,
    serviceChatId: (
      await t.app.chat.openConversation(tx, {
        buyerId: buyer.id,
        sellerUserId: seller.id,
        subject: { kind: 'service', id: 8 },
        quotationId: null,
      })
    ).chatId,
  })));
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t?.close();
});

describe('sending a chat message over HTTP (decision 244)', () => {
  it('stores it, announces it like the socket send, and stores a repeated client message id once', async () => {
    const [sellerSocket, buyerSocket] = [await socketFor(seller), await socketFor(buyer)];
    const received = collect(sellerSocket, 'messageReceived');
    const sent = collect(buyerSocket, 'messageSent');
    const payload = { chatId, receiverId: seller.id, clientMessageId: 'http-first-0001', text: 'Over HTTP' };

    const first = await send(buyer, payload);
    expect(first.statusCode, first.body).toBe(201);
    const { message } = first.json<{ message: { seq: number; senderId: string; status: string } }>();
    expect(message).toMatchObject({ text: 'Over HTTP', senderId: buyer.id, status: 'sent', chatId });
    await expect.poll(() => received.length).toBe(1);
    await expect.poll(() => sent.length).toBe(1);
    expect(received[0]).toEqual({ chatId, receiverId: seller.id, message });
    expect(sent[0]).toEqual({ chatId, receiverId: seller.id, message });

    const again = await send(buyer, payload);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message });
    expect(await storedCount('http-first-0001')).toBe(1);
    // The list route (what a disconnected client polls) has it.
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v1/messages?chatId=${chatId}&afterSeq=${message.seq - 1}`,
      headers: as(seller),
    });
    expect(list.json<{ items: unknown[] }>().items).toEqual([message]);
    // A repeat announces nothing again: a later message is the next thing the seller hears.
    await send(buyer, { chatId, clientMessageId: 'http-marker-0002', text: 'marker' });
    await expect.poll(() => received.length).toBe(2);
    expect(received[1]).toMatchObject({ message: { text: 'marker' } });
  });

  it('stores a client message id once whichever way it went first', async () => {
    const socket = await socketFor(buyer);
    const payload = { chatId, clientMessageId: 'http-both-0003', text: 'Socket first' };
    const ack = await socket.emitWithAck('sendMessage', payload);
    expect(ack).toMatchObject({ ok: true });
    const overHttp = await send(buyer, payload);
    expect(overHttp.statusCode).toBe(200);
    expect(overHttp.json()).toEqual({ message: (ack as { message: unknown }).message });

    const httpFirst = await send(seller, { chatId, clientMessageId: 'http-both-0004', text: 'HTTP first' });
    expect(httpFirst.statusCode).toBe(201);
    const sellerSocket = await socketFor(seller);
    const again = await sellerSocket.emitWithAck('sendMessage', {
      chatId,
      clientMessageId: 'http-both-0004',
      text: 'HTTP first',
    });
    expect(again).toEqual({ ok: true, ...httpFirst.json<object>() });
    expect(await storedCount('http-both-0003')).toBe(1);
    expect(await storedCount('http-both-0004')).toBe(1);
  });

  it('sends to a service conversation on service-messages, and not on the product route', async () => {
    const product = await send(buyer, { chatId: serviceChatId, clientMessageId: 'http-svc-0005', text: 'x' });
    expect(product.statusCode).toBe(404);
    expect(product.json()).toMatchObject({ error: { code: 'CHAT_NOT_FOUND' } });
    const service = await send(
      buyer,
      { chatId: serviceChatId, clientMessageId: 'http-svc-0005', text: 'About the service' },
      '/api/v1/service-messages',
    );
    expect(service.statusCode).toBe(201);
    expect(service.json()).toMatchObject({ message: { chatId: serviceChatId, text: 'About the service' } });
  });

  it('refuses everyone but the two participants, and bad input, storing nothing', async () => {
    const visitor = await send(null, { chatId, clientMessageId: 'http-refused-01', text: 'hi' });
    expect(visitor.statusCode).toBe(401);
    const third = await send(stranger, { chatId, clientMessageId: 'http-refused-02', text: 'hi' });
    expect(third.statusCode).toBe(404);
    expect(third.json()).toMatchObject({ error: { code: 'CHAT_NOT_FOUND' } });
    const wrongReceiver = await send(buyer, {
      chatId,
      receiverId: stranger.id,
      clientMessageId: 'http-refused-03',
      text: 'hi',
    });
    expect(wrongReceiver.statusCode).toBe(404);
    const empty = await send(buyer, { chatId, clientMessageId: 'http-refused-04', text: '   ' });
    expect(empty.statusCode).toBe(400);
    const noRole = await t.app.inject({
      method: 'POST',
      url: '/api/v1/messages',
      headers: { cookie: buyer.cookie },
      payload: { chatId, clientMessageId: 'http-refused-05', text: 'hi' },
    });
    expect(noRole.statusCode).toBe(403);
    expect(noRole.json()).toMatchObject({ error: { code: 'ROLE_HEADER_REQUIRED' } });
    // Someone else's client message id is not theirs to answer with.
    const taken = await send(seller, { chatId, clientMessageId: 'http-first-0001', text: 'mine?' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: { code: 'CLIENT_MESSAGE_ID_TAKEN' } });
    for (const id of ['01', '02', '03', '04', '05']) expect(await storedCount(`http-refused-${id}`)).toBe(0);
  });
});
