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
 * The offline e-mail (decision 106): a chat message unseen after the delay, to a recipient with no open
 * connection, gives one e-mail summing up the conversation's unseen messages; at most one per conversation and
 * recipient per window; the job survives a restart.
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
const mails = async (app: TestApp['app'], to: SignedUp) =>
  (await app.messaging.readOutbox(to.email, 50)).filter(
    (m) => m.channel === 'email' && m.body.includes('Open the conversation'),
  );

describe('offline e-mail', () => {
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
    expect(mail!.body).toContain(`about Bracket ${subjectId}`);
    // Both messages' jobs ran; the window let one e-mail through.
    await waitFor('both jobs done', async () => (await jobs(t.app.db, chatId)).done >= 2);
    expect(await mails(t.app, seller)).toHaveLength(1);

    // A later message within the window sends nothing now; one follow-up waits for the window's end.
    await say(t.app, chatId, 'Third one');
    await t.app.events.drain();
    await waitFor('the third job done', async () => (await jobs(t.app.db, chatId)).done >= 3);
    expect(await mails(t.app, seller)).toHaveLength(1);
    expect((await jobs(t.app.db, chatId)).waiting).toBe(1);
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
    const socket: Socket = connect(url, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: { cookie: seller.cookie },
      reconnection: false,
      timeout: testTimeouts.conditionMs,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
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
