import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { createTestApp, createTestDatabase, type TestApp, type TestDatabase } from '../../../test/helpers';
import { signUp, type SignedUp } from '../../../test/accounts-helpers';
import { waitFor } from '../../../test/wait-for';
import { testTimeouts } from '../../../../../test-timeouts.mjs';
import { rowsOf, withTransaction } from '../../db/transaction';
import { offlineMailJobName } from './offline-mail';

/**
 * The offline e-mail (decisions 106, 185): a chat message unseen after the delay, to a recipient with no open
 * connection, gives one e-mail summing up the conversation's unseen messages; at most one per conversation and
 * recipient per window; one pending check (a row and a job) per conversation and recipient, not per message;
 * the job survives a restart.
 */
const env = {
  JOBS_POLLING_INTERVAL_SECONDS: '0.5',
  CHAT_OFFLINE_MAIL_DELAY_SECONDS: '3',
  CHAT_OFFLINE_MAIL_THROTTLE_SECONDS: '3600',
};
let database: TestDatabase;
let t: TestApp;
let url: string;
let buyer: SignedUp;

beforeAll(async () => {
  database = await createTestDatabase();
  t = await createTestApp({ env, database });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  buyer = await signUp(t.app, { fullName: 'Bea Buyer' });
});
afterAll(async () => {
  await t?.close();
  await database?.destroy();
});

let subjectId = 0;
async function conversationWith(app: TestApp['app'], seller: SignedUp): Promise<string> {
  subjectId += 1;
  const { chatId } = await withTransaction(app.db, (tx) =>
    app.chat.openConversation(tx, {
      buyerId: buyer.id,
      sellerUserId: seller.id,
      subject: { kind: 'product', id: subjectId },
      quotationId: null,
      names: { subject: `Bracket ${subjectId}`, buyer: 'Bea Buyer', seller: 'Sam Seller' },
    }),
  );
  return chatId;
}
const say = async (app: TestApp['app'], chatId: string, text: string) =>
  (
    await app.chat.sendMessage(app.db, buyer.id, 'product', {
      chatId,
      clientMessageId: randomUUID(),
      text,
      attachmentIds: [],
    })
  ).message;

/** Jobs of the offline e-mail about this chat that are done (completed), and those still to run. */
async function jobs(db: TestApp['app']['db'], chatId: string) {
  const list = rowsOf<{ state: string }>(
    await db.execute(
      sql`SELECT state FROM pgboss.job WHERE name = ${offlineMailJobName} AND data->>'chatId' = ${chatId}`,
    ),
  );
  return {
    done: list.filter((job) => job.state === 'completed').length,
    waiting: list.filter((job) => job.state === 'created' || job.state === 'retry' || job.state === 'active')
      .length,
  };
}
/** The conversation's pending check for its seller (the recipient of the buyer's messages), if any. */
async function pending(db: TestApp['app']['db'], chatId: string) {
  const [row] = rowsOf<{ due_at: string | Date; last_seq: string | number }>(
    await db.execute(sql`SELECT due_at, last_seq FROM chat_offline_mail_pending WHERE chat_id = ${chatId}`),
  );
  return row ?? null;
}
async function connected(user: SignedUp): Promise<Socket> {
  const socket: Socket = connect(url, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie: user.cookie },
    reconnection: false,
    timeout: testTimeouts.conditionMs,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}
const mails = async (app: TestApp['app'], to: SignedUp) =>
  (await app.messaging.readOutbox(to.email, 50)).filter(
    (m) =>
      m.channel === 'email' &&
      (m.body.includes('Open the conversation') || m.body.includes('Ouvrir la conversation')),
  );

describe('offline e-mail', () => {
  it("is written in the recipient's stored language, and follows a switch (decision 210)", async () => {
    const seller = await signUp(t.app, { fullName: 'Sam Seller', language: 'fr' });
    const chatId = await conversationWith(t.app, seller);
    await say(t.app, chatId, 'Bonjour, avez-vous des supports galvanisés?');
    await t.app.events.drain();
    const [mail] = await waitFor('the French offline e-mail', async () => {
      const sent = await mails(t.app, seller);
      return sent.length > 0 ? sent : null;
    });
    const [subject, , intro] = mail!.body.split('\n');
    expect(subject).toBe(`Bea Buyer : Bracket ${subjectId} — nouveaux messages`);
    expect(intro).toBe(`Vous avez 1 message non lu de Bea Buyer au sujet de Bracket ${subjectId}.`);
    expect(mail!.body).toContain('Bonjour, avez-vous des supports galvanisés?');
    expect(mail!.body).toContain(`Ouvrir la conversation : ${mail!.link}`);
    expect(mail!.body).not.toMatch(/unread|Open the conversation/);
    expect(new URL(mail!.link!).pathname).toBe(`/fr/seller-centre/inbox/${chatId}`);
    // Its HTML part says the same, the link as a button (decision 260).
    const html = await t.app.messaging.readOutboxHtml(mail!.id!);
    expect(html).toContain('lang="fr-CA"');
    expect(html).toContain('Bonjour, avez-vous des supports galvanisés?');
    expect(html).toContain('Ouvrir la conversation');

    // The seller switches to English: the next conversation's e-mail is in English.
    const switched = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/profile/preferences',
      headers: { role: 'buyer', cookie: seller.cookie },
      payload: { preferredLanguage: 'en' },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    const next = await conversationWith(t.app, seller);
    await say(t.app, next, 'One more question');
    await t.app.events.drain();
    const english = await waitFor('the English offline e-mail', async () =>
      (await mails(t.app, seller)).find((m) => m.link?.includes(next)),
    );
    expect(english.body.split('\n')[0]).toBe(`Bea Buyer: Bracket ${subjectId} — new messages`);
    expect(english.body).toContain(`You have 1 unread message from Bea Buyer about Bracket ${subjectId}.`);
    expect(new URL(english.link!).pathname).toBe(`/seller-centre/inbox/${next}`);
  });

  it("names an order's business action by its short reference (decision 213)", async () => {
    const seller = await signUp(t.app, { fullName: 'Sam Seller' });
    const chatId = await conversationWith(t.app, seller);
    const orderId = randomUUID();
    await withTransaction(t.app.db, (tx) =>
      t.app.chat.postBusinessAction(tx, {
        chatId,
        senderId: buyer.id,
        action: 'order_updated',
        payload: {
          orderId,
          kind: 'product',
          status: 'confirmed',
          invoiceToken: 'tok',
          paymentStatus: 'paid',
        },
      }),
    );
    await t.app.events.drain();
    const [mail] = await waitFor('the offline e-mail', async () => {
      const sent = await mails(t.app, seller);
      return sent.length > 0 ? sent : null;
    });
    expect(mail!.body).toContain(`- [Order updated #${orderId.slice(0, 8).toUpperCase()}]`);
    expect(mail!.body).not.toContain(orderId);
  });

  it('sums up the unseen messages of an offline recipient in one e-mail with a link', async () => {
    const seller = await signUp(t.app, { fullName: 'Sam Seller' });
    const chatId = await conversationWith(t.app, seller);
    await say(t.app, chatId, 'First question about the brackets');
    await say(t.app, chatId, 'Second question: zinc plated?');
    await t.app.events.drain();
    const [mail] = await waitFor('the offline e-mail', async () => {
      const sent = await mails(t.app, seller);
      return sent.length > 0 ? sent : null;
    });
    expect(mail!.body).toContain('First question about the brackets');
    expect(mail!.body).toContain('Second question: zinc plated?');
    expect(mail!.link).toContain(`/seller-centre/inbox/${chatId}`);
    expect(mail!.body).toContain(`2 unread messages from Bea Buyer about Bracket ${subjectId}`);
    // English only (the seller signed up without a language): no French line beside it (decision 210).
    expect(mail!.body.split('\n')[0]).toBe(`Bea Buyer: Bracket ${subjectId} — new messages`);
    expect(mail!.body).not.toContain('Vous avez');
    // One check for both messages: it sent the e-mail and left nothing pending.
    await waitFor('the check done', async () => (await jobs(t.app.db, chatId)).done >= 1);
    await waitFor('nothing pending', async () => (await pending(t.app.db, chatId)) === null);
    expect(await jobs(t.app.db, chatId)).toEqual({ done: 1, waiting: 0 });
    expect(await mails(t.app, seller)).toHaveLength(1);

    // A later message within the window sends nothing now; one follow-up waits for the window's end.
    await say(t.app, chatId, 'Third one');
    await t.app.events.drain();
    await waitFor('the third message checked', async () => (await jobs(t.app.db, chatId)).done >= 2);
    expect(await mails(t.app, seller)).toHaveLength(1);
    await waitFor('one follow-up', async () => (await jobs(t.app.db, chatId)).waiting === 1);
    const followUp = await pending(t.app.db, chatId);
    expect(new Date(followUp!.due_at).getTime()).toBeGreaterThan(Date.now() + 3_000_000);
  });

  it('arms one check per conversation however many messages come, not one job per message', async () => {
    const seller = await signUp(t.app);
    const chatId = await conversationWith(t.app, seller);
    for (let i = 1; i <= 5; i += 1) await say(t.app, chatId, `Message ${i}`);
    await t.app.events.drain();
    expect(await jobs(t.app.db, chatId)).toEqual({ done: 0, waiting: 1 });
    expect(Number((await pending(t.app.db, chatId))!.last_seq)).toBe(5);
    const [mail] = await waitFor('the offline e-mail', async () => {
      const sent = await mails(t.app, seller);
      return sent.length > 0 ? sent : null;
    });
    for (let i = 1; i <= 5; i += 1) expect(mail!.body).toContain(`Message ${i}`);
  });

  it("runs a batch's notification, conversation lookup and pending-check statements as prepared ones (decision 228)", async () => {
    type Connection = { connection: { parsedStatements: Record<string, string> } };
    // pg's pool and connection internals: its open connections and the named statements each has parsed.
    const pool = (t.app.db as unknown as { $client: { _clients?: Connection[] } }).$client;
    const batchStatements = () =>
      (pool._clients ?? [])
        .flatMap((c) => Object.values(c.connection.parsedStatements))
        .filter((text) =>
          /INSERT INTO notifications|INSERT INTO chat_offline_mail_pending|FROM chats\s+WHERE id = ANY/.test(
            text,
          ),
        );
    const seller = await signUp(t.app);
    const otherSeller = await signUp(t.app);
    const chats = [await conversationWith(t.app, seller), await conversationWith(t.app, otherSeller)];
    // One message, then three in two conversations: batches of other sizes.
    await say(t.app, chats[0]!, 'One');
    await t.app.events.drain();
    const notified = async (chatId: string) =>
      rowsOf(await t.app.db.execute(sql`SELECT id FROM notifications WHERE metadata->>'chatId' = ${chatId}`))
        .length;
    if (t.app.database.driver === 'pglite') {
      expect(batchStatements()).toEqual([]); // one embedded connection, no statement cache
      expect(await notified(chats[0]!)).toBe(1);
      return;
    }
    const shapes = (texts: string[]) =>
      [
        ...new Set(texts.map((text) => /notifications|chat_offline_mail_pending|FROM chats/.exec(text)![0])),
      ].sort();
    expect(shapes(batchStatements())).toEqual(['FROM chats', 'chat_offline_mail_pending', 'notifications']);
    const before = new Set(batchStatements());
    await Promise.all([
      say(t.app, chats[0]!, 'Two'),
      say(t.app, chats[1]!, 'Three'),
      say(t.app, chats[1]!, 'Four'),
    ]);
    await t.app.events.drain();
    // The same texts whatever the batch's size: nothing parsed anew.
    expect(batchStatements().filter((text) => !before.has(text))).toEqual([]);
    expect([await notified(chats[0]!), await notified(chats[1]!)]).toEqual([2, 2]);
    expect(Number((await pending(t.app.db, chats[1]!))!.last_seq)).toBe(2);
  });

  it('checks again, when it is due, a message that was not due while the recipient was connected', async () => {
    const seller = await signUp(t.app);
    const socket = await connected(seller);
    const chatId = await conversationWith(t.app, seller);
    try {
      await say(t.app, chatId, 'Sent while you were here');
      await t.app.events.drain();
      // The first message's check comes while the recipient is connected: nothing is sent for it, and the second
      // message (not due yet) is looked at when it is due.
      await waitFor('the first message almost due', async () => {
        const row = await pending(t.app.db, chatId);
        return row && new Date(row.due_at).getTime() - Date.now() < 1_500 ? row : null;
      });
      await say(t.app, chatId, 'Sent just before you left');
      await t.app.events.drain();
      await waitFor('the first check done', async () => (await jobs(t.app.db, chatId)).done >= 1);
      expect(await mails(t.app, seller)).toHaveLength(0);
      expect((await jobs(t.app.db, chatId)).waiting).toBe(1);
    } finally {
      socket.close();
    }
    const [mail] = await waitFor('the offline e-mail for the second message', async () => {
      const sent = await mails(t.app, seller);
      return sent.length > 0 ? sent : null;
    });
    expect(mail!.body).toContain('Sent just before you left');
  });

  it('leaves out messages seen meanwhile, and sends nothing when all are seen', async () => {
    const seller = await signUp(t.app);
    const chatId = await conversationWith(t.app, seller);
    await say(t.app, chatId, 'Seen before the delay');
    await t.app.chat.markRead(t.app.db, seller.id, chatId, undefined);
    await say(t.app, chatId, 'Still unseen');
    await t.app.events.drain();
    const [mail] = await waitFor('the offline e-mail', async () => {
      const sent = await mails(t.app, seller);
      return sent.length > 0 ? sent : null;
    });
    expect(mail!.body).toContain('Still unseen');
    expect(mail!.body).not.toContain('Seen before the delay');

    const other = await signUp(t.app);
    const quiet = await conversationWith(t.app, other);
    await say(t.app, quiet, 'Read right away');
    await t.app.chat.markRead(t.app.db, other.id, quiet, undefined);
    await t.app.events.drain();
    await waitFor('the job done', async () => (await jobs(t.app.db, quiet)).done >= 1);
    expect(await mails(t.app, other)).toHaveLength(0);
  });

  it('sends nothing to a recipient with an open connection', async () => {
    const seller = await signUp(t.app);
    const socket = await connected(seller);
    try {
      const chatId = await conversationWith(t.app, seller);
      await say(t.app, chatId, 'You are online');
      await t.app.events.drain();
      await waitFor('the job done', async () => (await jobs(t.app.db, chatId)).done >= 1);
      expect(await mails(t.app, seller)).toHaveLength(0);
    } finally {
      socket.close();
    }
  });

  it('still sends after a restart when the job was queued before it', async () => {
    const seller = await signUp(t.app);
    // Only one app works the queue at a time: the one that queues the job stops before it is due.
    await t.close();
    const before = await createTestApp({ env: { ...env, CHAT_OFFLINE_MAIL_DELAY_SECONDS: '8' }, database });
    const chatId = await conversationWith(before.app, seller);
    try {
      await say(before.app, chatId, 'Sent just before the restart');
      await before.app.events.drain();
    } finally {
      await before.close();
    }
    expect(await jobs(database.db, chatId)).toMatchObject({ done: 0, waiting: 1 });
    t = await createTestApp({ env, database });
    const [mail] = await waitFor('the offline e-mail after the restart', async () => {
      const sent = await mails(t.app, seller);
      return sent.length > 0 ? sent : null;
    });
    expect(mail!.body).toContain('Sent just before the restart');
    expect(mail!.link).toContain(chatId);
  });
});
