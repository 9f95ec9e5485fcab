import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import type { ChatMessage } from '@maplesource/contracts';
import { createTestApp, type TestApp } from '../helpers';
import { startScript, type ChildScript } from '../child-process';
import { signUp, type SignedUp } from '../accounts-helpers';
import { waitFor } from '../wait-for';
import { testTimeouts } from '../../../../test-timeouts.mjs';

/**
 * Socket limits (decision 242): every client event spends a per-user budget before it is read — chat messages
 * their own, every other event another — and a refused one is acknowledged `RATE_LIMITED` with the seconds to
 * wait; socket handshakes are counted per client address (TRUST_PROXY's rule, decision 050). In one process
 * without Redis, and across two processes sharing Redis (PostgreSQL).
 */
const redisUrl = process.env.REDIS_URL;
const onPostgres = inject('testDbDriver') === 'postgres';

const apps: TestApp[] = [];
const sockets: Socket[] = [];
let child: ChildScript | undefined;
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await child?.kill('SIGKILL');
  for (const t of apps.reverse()) await t.close();
});

type Ack =
  | { ok: true; message?: ChatMessage; data?: unknown }
  | { ok: false; error: { code: string; message: string; retryAfterSeconds?: number } };

async function start(env: Record<string, string>): Promise<{ t: TestApp; url: string }> {
  const t = await createTestApp({ env });
  apps.push(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  return { t, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}

function open(
  url: string,
  headers: Record<string, string>,
  transport: 'websocket' | 'polling' = 'websocket',
) {
  const socket = connect(url, {
    path: '/socket.io',
    transports: [transport],
    extraHeaders: headers,
    reconnection: false,
    timeout: testTimeouts.conditionMs,
  });
  sockets.push(socket);
  return socket;
}

async function socketFor(url: string, user: SignedUp, headers: Record<string, string> = {}): Promise<Socket> {
  const socket = open(url, { cookie: user.cookie, ...headers });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

async function conversation(t: TestApp, buyer: SignedUp, seller: SignedUp): Promise<string> {
  const { chatId } = await t.app.db.transaction((tx) =>
    t.app.chat.openConversation(tx, {
      buyerId: buyer.id,
      sellerUserId: seller.id,
      subject: { kind: 'product', id: 11 },
      quotationId: null,
    }),
  );
  return chatId;
}

async function storedMessages(t: TestApp, user: SignedUp, chatId: string): Promise<ChatMessage[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/messages?chatId=${chatId}&afterSeq=0&limit=200`,
    headers: { role: 'buyer', cookie: user.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items as ChatMessage[];
}

const send = (socket: Socket, chatId: string, clientMessageId: string) =>
  socket.emitWithAck('sendMessage', { chatId, clientMessageId, text: clientMessageId }) as Promise<Ack>;

function expectRateLimited(ack: Ack, withinSeconds: number) {
  expect(ack).toEqual({
    ok: false,
    error: { code: 'RATE_LIMITED', message: expect.any(String), retryAfterSeconds: expect.any(Number) },
  });
  if (!ack.ok) {
    expect(ack.error.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(ack.error.retryAfterSeconds).toBeLessThanOrEqual(withinSeconds);
  }
}

/** An IPv6 documentation address unique to this run: a shared Redis never holds a counter for it already. */
const documentationAddress = () => `2001:db8::${randomUUID().slice(0, 4)}:${randomUUID().slice(0, 4)}`;

/** A raw Engine.IO handshake, as a browser's polling transport starts one: its status and body. */
async function handshake(url: string, headers: Record<string, string>) {
  const res = await fetch(`${url}/socket.io/?EIO=4&transport=polling`, { headers });
  return { status: res.status, body: await res.text() };
}

describe('socket event limits in one process (no Redis)', () => {
  it('stores only the minute’s budget of a flood of messages and refuses the rest with RATE_LIMITED, per user', async () => {
    const { t, url } = await start({
      RATE_LIMIT_SOCKET_MESSAGES_PER_SECOND: '100',
      RATE_LIMIT_SOCKET_MESSAGES_BURST: '100',
      RATE_LIMIT_SOCKET_MESSAGES_PER_MINUTE: '5',
    });
    const buyer = await signUp(t.app, { fullName: 'Flo Flooder' });
    const seller = await signUp(t.app, { fullName: 'Sal Seller' });
    const chatId = await conversation(t, buyer, seller);
    const socket = await socketFor(url, buyer);
    const failed: Array<{ clientMessageId: string; error: { code: string } }> = [];
    socket.on('messageFailed', (event: (typeof failed)[number]) => failed.push(event));

    const acks = await Promise.all(
      Array.from({ length: 30 }, (_, i) => send(socket, chatId, `flood-msg-${i}`)),
    );
    const accepted = acks.filter((ack) => ack.ok);
    const refused = acks.filter((ack) => !ack.ok);
    expect(accepted).toHaveLength(5);
    for (const ack of refused) expectRateLimited(ack, 60);
    expect(await storedMessages(t, buyer, chatId)).toHaveLength(5);
    // The sender's other listeners hear which messages failed (docs/product.md §7 messageFailed), with the same error.
    await waitFor('messageFailed for every refused message', () => failed.length === 25);
    expect(failed.every((event) => event.error.code === 'RATE_LIMITED')).toBe(true);

    // The budget is the user's, not the socket's; another user and the user's other events are not affected.
    const second = await socketFor(url, buyer);
    expectRateLimited(await send(second, chatId, 'from-another-tab'), 60);
    // Service conversations' messages spend the same budget.
    expectRateLimited(
      (await second.emitWithAck('service:sendMessage', {
        chatId: randomUUID(),
        clientMessageId: 'service-msg-1',
        text: 'hello',
      })) as Ack,
      60,
    );
    expect(await second.emitWithAck('ping', { timestamp: 1 })).toEqual({ ok: true, data: null });
    const sellerSocket = await socketFor(url, seller);
    expect((await send(sellerSocket, chatId, 'seller-reply')).ok).toBe(true);
    expect(await storedMessages(t, buyer, chatId)).toHaveLength(6);
  });

  it('with the default limits, one socket cannot store a flood of messages (issue: 2,000 in 10.7 s)', async () => {
    const { t, url } = await start({});
    expect(t.config.RATE_LIMIT_SOCKET_MESSAGES_PER_SECOND).toBe(10);
    expect(t.config.RATE_LIMIT_SOCKET_MESSAGES_BURST).toBe(20);
    expect(t.config.RATE_LIMIT_SOCKET_MESSAGES_PER_MINUTE).toBe(120);
    const buyer = await signUp(t.app, { fullName: 'Flo Flooder' });
    const seller = await signUp(t.app, { fullName: 'Sal Seller' });
    const chatId = await conversation(t, buyer, seller);
    const socket = await socketFor(url, buyer);
    const startedAt = Date.now();
    const acks = await Promise.all(
      Array.from({ length: 200 }, (_, i) => send(socket, chatId, `flood-msg-${i}`)),
    );
    const seconds = Math.ceil((Date.now() - startedAt) / 1000);
    const accepted = acks.filter((ack) => ack.ok).length;
    // Ten a second plus one burst of ten more per ten seconds, never more than 120 in the minute.
    expect(accepted).toBeGreaterThanOrEqual(10);
    expect(accepted).toBeLessThanOrEqual(Math.min(120, 10 * seconds + 10 * Math.ceil(seconds / 10)));
    for (const ack of acks.filter((a) => !a.ok)) expectRateLimited(ack, 60);
    expect(await storedMessages(t, buyer, chatId)).toHaveLength(accepted);
  });

  it('spends one budget for every other event (receipts, open and switch chat, typing, ping) before reading it', async () => {
    const { t, url } = await start({
      RATE_LIMIT_SOCKET_EVENTS_PER_SECOND: '100',
      RATE_LIMIT_SOCKET_EVENTS_BURST: '100',
      RATE_LIMIT_SOCKET_EVENTS_PER_MINUTE: '4',
    });
    const buyer = await signUp(t.app, { fullName: 'Rae Reader' });
    const seller = await signUp(t.app, { fullName: 'Sal Seller' });
    const chatId = await conversation(t, buyer, seller);
    const sellerSocket = await socketFor(url, seller);
    expect((await send(sellerSocket, chatId, 'hello-buyer')).ok).toBe(true);
    const socket = await socketFor(url, buyer);
    expect(await socket.emitWithAck('openChat', { chatId })).toMatchObject({ ok: true });
    expect(await socket.emitWithAck('messageDelivered', { chatId, upToSeq: 1 })).toEqual({
      ok: true,
      data: null,
    });
    expect(await socket.emitWithAck('ping', { timestamp: 1 })).toEqual({ ok: true, data: null });
    // A malformed event spends the budget too (checked before its payload is read).
    expect(await socket.emitWithAck('markAsRead', { chatId: 42 })).toMatchObject({
      ok: false,
      error: { code: 'SOCKET_PAYLOAD_INVALID' },
    });

    const typing = { chatId, receipentId: seller.id };
    const events: Array<[string, unknown]> = [
      ['markAsRead', { chatId }],
      ['messageDelivered', { chatId, upToSeq: 1 }],
      ['openChat', { chatId }],
      ['switchChat', { chatId }],
      ['ping', { timestamp: 2 }],
      ['userTyping', typing],
      ['userStoppedTyping', typing],
      ['service:markAsRead', { chatId }],
      ['service:messageDelivered', { chatId, upToSeq: 1 }],
      ['service:openChat', { chatId }],
      ['service:userTyping', typing],
      ['service:userStoppedTyping', typing],
      ['markAsRead', { chatId: 42 }],
    ];
    const sellerHeard: string[] = [];
    sellerSocket.onAny((event: string) => sellerHeard.push(event));
    for (const [event, payload] of events)
      expectRateLimited((await socket.emitWithAck(event, payload)) as Ack, 60);
    // Nothing refused reached its handler: the message is still unread, and the seller heard no receipt.
    const chats = await t.app.inject({
      method: 'GET',
      url: '/api/v1/chats',
      headers: { role: 'buyer', cookie: buyer.cookie },
    });
    expect(chats.statusCode, chats.body).toBe(200);
    expect(
      (chats.json().items as Array<{ id: string; unreadCount: number }>).find((c) => c.id === chatId),
    ).toMatchObject({ unreadCount: 1 });
    expect(sellerHeard.filter((event) => /seen|startTyping|stopTyping/i.test(event))).toEqual([]);
    // Messages have their own budget.
    expect((await send(socket, chatId, 'still-allowed')).ok).toBe(true);
  });
});

describe('socket handshakes per client address', () => {
  it('counts the address TRUST_PROXY believes, so each client behind the proxy has its own budget', async () => {
    const { url } = await start({
      TRUST_PROXY: 'loopback',
      RATE_LIMIT_SOCKET_CONNECTIONS_PER_IP_PER_MINUTE: '3',
    });
    const [client, neighbour] = [documentationAddress(), documentationAddress()];
    for (let i = 0; i < 3; i += 1)
      expect((await handshake(url, { 'x-forwarded-for': client })).status).toBe(200);
    expect(await handshake(url, { 'x-forwarded-for': client })).toEqual({
      status: 403,
      body: JSON.stringify({ code: 4, message: 'RATE_LIMITED' }),
    });
    // On WebSocket too: the client is refused before it connects.
    const refused = open(url, { 'x-forwarded-for': client });
    await expect(
      new Promise<void>((resolve, reject) => {
        refused.once('connect', () => resolve());
        refused.once('connect_error', reject);
      }),
    ).rejects.toBeInstanceOf(Error);
    expect((await handshake(url, { 'x-forwarded-for': neighbour })).status).toBe(200);
  });

  it('does not believe X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    const { url } = await start({ RATE_LIMIT_SOCKET_CONNECTIONS_PER_IP_PER_MINUTE: '3' });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1)
      statuses.push((await handshake(url, { 'x-forwarded-for': `198.51.100.${i + 1}` })).status);
    expect(statuses).toEqual([200, 200, 200, 403]);
  });
});

describe.runIf(Boolean(redisUrl) && onPostgres)('socket limits across two processes (Redis)', () => {
  it('gives a user one message budget and an address one handshake budget on every process', async () => {
    const limits = {
      TRUST_PROXY: 'loopback',
      RATE_LIMIT_SOCKET_MESSAGES_PER_SECOND: '100',
      RATE_LIMIT_SOCKET_MESSAGES_BURST: '100',
      RATE_LIMIT_SOCKET_MESSAGES_PER_MINUTE: '10',
      RATE_LIMIT_SOCKET_CONNECTIONS_PER_IP_PER_MINUTE: '4',
    };
    const a = await start({ REDIS_URL: redisUrl!, ...limits });
    child = startScript('test/chat-child.ts', {
      DATABASE_URL: a.t.database.location,
      REDIS_URL: redisUrl!,
      COOKIE_SECRET: a.t.config.COOKIE_SECRET,
      ...limits,
    });
    const [, port] = await child.line(/^listening (\d+)$/);
    const urlB = `http://127.0.0.1:${port}`;
    const buyer = await signUp(a.t.app, { fullName: 'Two Tabs' });
    const seller = await signUp(a.t.app, { fullName: 'Sal Seller' });
    const chatId = await conversation(a.t, buyer, seller);
    // Handshakes: four from one address in all, whichever process they reach.
    const address = documentationAddress();
    const statuses: number[] = [];
    for (const url of [a.url, urlB, a.url, urlB, a.url, urlB])
      statuses.push((await handshake(url, { 'x-forwarded-for': address })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 403, 403]);

    const tab = { 'x-forwarded-for': documentationAddress() };
    const [onA, onB] = [await socketFor(a.url, buyer, tab), await socketFor(urlB, buyer, tab)];

    const acks = await Promise.all(
      Array.from({ length: 30 }, (_, i) => send(i % 2 === 0 ? onA : onB, chatId, `both-msg-${i}`)),
    );
    expect(acks.filter((ack) => ack.ok)).toHaveLength(10);
    for (const ack of acks.filter((a) => !a.ok)) expectRateLimited(ack, 60);
    expect(await storedMessages(a.t, buyer, chatId)).toHaveLength(10);
  });
});
