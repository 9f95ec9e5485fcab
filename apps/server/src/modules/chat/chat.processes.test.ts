import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import type { ChatMessage } from '@maplesource/contracts';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { startScript, type ChildScript } from '../../../test/child-process';
import { signUp, type SignedUp } from '../../../test/accounts-helpers';
import { waitFor } from '../../../test/wait-for';
import { connectedSocket, listenOnLoopback } from '../../../test/socket-client';
import { testTimeouts } from '../../../../../test-timeouts.mjs';

/**
 * Two real server processes sharing PostgreSQL and Redis (decision 101): process A is this test's app, B a
 * child (`node --import tsx test/chat-child.ts`). A message sent on B reaches a client on A; typing is throttled
 * once for both processes (a shared Redis window, decision 116); then B is killed
 * with SIGKILL while its client sends, the client moves to A, retries what was not acknowledged and asks for
 * everything after the last seq it holds — and holds every acknowledged message exactly once.
 */
const redisUrl = process.env.REDIS_URL;
const onPostgres = inject('testDbDriver') === 'postgres';

let a: TestApp | undefined;
let child: ChildScript | undefined;
const sockets: Socket[] = [];

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await child?.kill('SIGKILL');
  await a?.close();
});

async function startChild(env: Record<string, string>): Promise<{ proc: ChildScript['proc']; url: string }> {
  child = startScript('test/chat-child.ts', env);
  const [, port] = await child.line(/^listening (\d+)$/);
  return { proc: child.proc, url: `http://127.0.0.1:${port}` };
}

async function socketOn(url: string, user: SignedUp): Promise<Socket> {
  const socket = await connectedSocket(url, user.cookie);
  sockets.push(socket);
  return socket;
}

type Ack = { ok: true; message: ChatMessage } | { ok: false; error: { code: string } };

describe.runIf(Boolean(redisUrl) && onPostgres)(
  'chat across two server processes (Redis, PostgreSQL)',
  () => {
    it('delivers from B to A, throttles typing across both, and after kill -9 of B the client has every acknowledged message once', async () => {
      // The buyer sends back to back, as fast as the machine answers; the per-user limits (decision 242, tested
      // in test/security/socket-rate-limits.test.ts) are raised so that only the kill decides what is stored.
      const limits = {
        RATE_LIMIT_SOCKET_MESSAGES_PER_SECOND: '1000',
        RATE_LIMIT_SOCKET_MESSAGES_BURST: '1000',
        RATE_LIMIT_SOCKET_MESSAGES_PER_MINUTE: '10000',
      };
      a = await createTestApp({ env: { REDIS_URL: redisUrl!, ...limits } });
      const urlA = await listenOnLoopback(a.app);
      const b = await startChild({
        DATABASE_URL: a.database.location,
        REDIS_URL: redisUrl!,
        COOKIE_SECRET: a.config.COOKIE_SECRET,
        ...limits,
      });
      const buyer = await signUp(a.app, { fullName: 'Bea Buyer' });
      const seller = await signUp(a.app, { fullName: 'Sam Seller' });
      const { chatId } = await a.app.db.transaction((tx) =>
        a!.app.chat.openConversation(tx, {
          buyerId: buyer.id,
          sellerUserId: seller.id,
          subject: { kind: 'product', id: 1 },
          quotationId: null,
        }),
      );

      // The seller on A, the buyer on B: a message sent on B reaches A through Redis.
      const sellerOnA = await socketOn(urlA, seller);
      const buyerOnB = await socketOn(b.url, buyer);
      const liveOnA: ChatMessage[] = [];
      sellerOnA.on('messageReceived', (event: { message: ChatMessage }) => liveOnA.push(event.message));
      const held = new Map<number, ChatMessage>(); // what the buyer's client holds, by seq
      let sent = 0;
      const send = async (socket: Socket, clientMessageId: string): Promise<Ack | null> => {
        if (!socket.connected) return null;
        const lost = new Promise<null>((resolve) => socket.once('disconnect', () => resolve(null)));
        const acked = socket
          .timeout(testTimeouts.conditionMs)
          .emitWithAck('sendMessage', { chatId, clientMessageId, text: clientMessageId })
          .then((ack) => ack as Ack)
          .catch(() => null); // no ack: the client keeps it as failed and retries it
        return Promise.race([acked, lost]);
      };
      // Adapters pick up each other's streams shortly after start: warm up until A hears B.
      await waitFor('process A to hear a message sent on B', async () => {
        const ack = await send(buyerOnB, `warm-msg-${(sent += 1)}`);
        if (ack?.ok) held.set(ack.message.seq, ack.message);
        return liveOnA.length > 0;
      });
      expect(liveOnA[0]).toMatchObject({ chatId, senderId: buyer.id });

      // Typing is throttled by Redis, not per process: the buyer types through B, then at once through A.
      const buyerTypingOnA = await socketOn(urlA, buyer);
      const typingHeard: unknown[] = [];
      sellerOnA.on('startTyping', (event: unknown) => typingHeard.push(event));
      const typing = { chatId, receipentId: seller.id };
      expect(await buyerOnB.emitWithAck('userTyping', typing)).toEqual({
        ok: true,
        data: { throttled: false },
      });
      expect(await buyerTypingOnA.emitWithAck('userTyping', typing)).toEqual({
        ok: true,
        data: { throttled: true },
      });
      await waitFor('the seller to see the buyer typing', () => typingHeard.length > 0);
      // Stopping ends the window on every process: typing again through A goes out.
      await buyerOnB.emitWithAck('userStoppedTyping', typing);
      expect(await buyerTypingOnA.emitWithAck('userTyping', typing)).toEqual({
        ok: true,
        data: { throttled: false },
      });
      await waitFor('the seller to see the second typing', () => typingHeard.length === 2);
      expect(typingHeard).toEqual([
        { chatId, receipentId: seller.id, senderId: buyer.id },
        { chatId, receipentId: seller.id, senderId: buyer.id },
      ]);

      // Messages flow from the buyer through B; B is killed with SIGKILL in the middle.
      const acknowledged = new Set<string>();
      const unacknowledged: string[] = [];
      for (let i = 0; i < 40; i += 1) {
        const clientMessageId = `flow-msg-${i}`;
        const pending = send(buyerOnB, clientMessageId);
        if (i === 15) b.proc.kill('SIGKILL'); // while this send is in flight: stored or not, no ack is certain
        const ack = await pending;
        if (ack?.ok) {
          acknowledged.add(clientMessageId);
          held.set(ack.message.seq, ack.message);
        } else unacknowledged.push(clientMessageId);
      }
      expect(acknowledged.size).toBeGreaterThanOrEqual(15);
      expect(unacknowledged.length).toBeGreaterThan(0);

      // The client reconnects to A, retries what it has no ack for, then asks for everything after its last seq.
      const buyerOnA = await socketOn(urlA, buyer);
      for (const clientMessageId of unacknowledged) {
        const ack = await send(buyerOnA, clientMessageId);
        expect(ack?.ok, clientMessageId).toBe(true);
        if (ack?.ok) held.set(ack.message.seq, ack.message);
      }
      const lastHeld = Math.max(...held.keys());
      const gap = await a.app.inject({
        method: 'GET',
        url: `/api/v1/messages?chatId=${chatId}&afterSeq=${lastHeld}&limit=200`,
        headers: { role: 'buyer', cookie: buyer.cookie },
      });
      for (const message of gap.json().items as ChatMessage[]) held.set(message.seq, message);
      const history = await a.app.inject({
        method: 'GET',
        url: `/api/v1/messages?chatId=${chatId}&afterSeq=0&limit=200`,
        headers: { role: 'buyer', cookie: buyer.cookie },
      });
      const stored = history.json().items as ChatMessage[];

      const ids = stored.map((m) => m.clientMessageId);
      expect(new Set(ids).size).toBe(ids.length); // nothing stored twice
      expect(stored.map((m) => m.seq)).toEqual(stored.map((_, i) => i + 1)); // no gaps
      for (let i = 0; i < 40; i += 1) expect(ids.filter((id) => id === `flow-msg-${i}`)).toHaveLength(1);
      // Every acknowledged message is in what the client holds, once, and the client's view equals the store.
      const heldIds = [...held.values()].map((m) => m.clientMessageId);
      for (const id of acknowledged) expect(heldIds.filter((h) => h === id)).toHaveLength(1);
      expect([...held.keys()].sort((x, y) => x - y)).toEqual(stored.map((m) => m.seq));
    });
  },
);
