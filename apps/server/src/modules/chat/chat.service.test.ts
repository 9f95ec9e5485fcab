import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { signUp, type SignedUp } from '../../../test/accounts-helpers';
import { rowsOf } from '../../db/transaction';

/**
 * The chat door (decision 101): one conversation per buyer + seller + subject, business actions move the
 * phase and carry the quotation, messages get a gap-free per-chat seq and a client message id stored once.
 */
let t: TestApp;
let buyer: SignedUp;
let seller: SignedUp;
let stranger: SignedUp;
let subjectId = 9_000;

beforeAll(async () => {
  t = await createTestApp();
  buyer = await signUp(t.app, { fullName: 'Bea Buyer' });
  seller = await signUp(t.app, { fullName: 'Sam Seller' });
  stranger = await signUp(t.app, { fullName: 'Tom Third' });
});
afterAll(async () => t?.close());

async function open(
  subject: { kind: 'product' | 'service'; id: number } = { kind: 'product', id: (subjectId += 1) },
) {
  return t.app.db.transaction((tx) =>
    t.app.chat.openConversation(tx, {
      buyerId: buyer.id,
      sellerUserId: seller.id,
      subject,
      quotationId: null,
      names: { subject: 'Steel brackets' },
    }),
  );
}

const quotation = {
  quotationId: 'q-1',
  requestId: 'RQ-1',
  subjectName: 'Steel brackets',
  quantity: 40,
  deadline: '2099-01-01',
  minPriceCents: 1000,
  maxPriceCents: 2000,
  deliveryProvince: 'ON',
  deliveryPostalCode: 'M5V2T6',
  leadDays: 10,
  description: 'Galvanised please',
  additionalRequirements: null,
};

describe('chat door', () => {
  it('opens one conversation per buyer, seller and subject, also when opened concurrently', async () => {
    const subject = { kind: 'product' as const, id: (subjectId += 1) };
    const results = await Promise.all([open(subject), open(subject), open(subject)]);
    expect(new Set(results.map((r) => r.chatId)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    const again = await open(subject);
    expect(again).toEqual({ chatId: results[0]!.chatId, created: false });
    const other = await open({ kind: 'service', id: subject.id });
    expect(other.chatId).not.toBe(again.chatId);
  });

  it('stores business actions with the next seq, moves the phase and holds the quotation', async () => {
    const { chatId } = await open();
    const created = await t.app.db.transaction((tx) =>
      t.app.chat.postBusinessAction(tx, {
        chatId,
        senderId: buyer.id,
        action: 'quotation_created',
        payload: quotation,
      }),
    );
    expect(created).toMatchObject({ seq: 1, businessAction: 'quotation_created', status: 'sent' });
    let detail = await t.app.chat.getChat(t.app.db, seller.id, chatId, 'product');
    expect(detail.chat).toMatchObject({
      phase: 'inquiry',
      status: 'active',
      quantity: 40,
      quotationId: 'q-1',
    });
    expect(detail.quotation).toMatchObject({ requestId: 'RQ-1', decision: 'pending' });

    await t.app.db.transaction((tx) =>
      t.app.chat.postBusinessAction(tx, {
        chatId,
        senderId: seller.id,
        action: 'quotation_accepted',
        payload: { quotationId: 'q-1' },
      }),
    );
    detail = await t.app.chat.getChat(t.app.db, buyer.id, chatId, 'product');
    expect(detail.chat).toMatchObject({ phase: 'negotiation', status: 'active', lastSeq: 2, unreadCount: 1 });
    expect(detail.quotation?.decision).toBe('accepted');
    expect(detail.quotation?.timeline.acceptedAt).not.toBeNull();

    await t.app.db.transaction((tx) =>
      t.app.chat.postBusinessAction(tx, {
        chatId,
        senderId: seller.id,
        action: 'order_cancelled',
        payload: {},
      }),
    );
    const cancelled = await t.app.chat.listChats(t.app.db, buyer.id, 'product', {
      status: 'cancelled',
      page: 1,
      pageSize: 50,
    });
    expect(cancelled.items.map((c) => c.id)).toContain(chatId);
    const active = await t.app.chat.listChats(t.app.db, buyer.id, 'product', {
      status: 'active',
      page: 1,
      pageSize: 50,
    });
    expect(active.items.map((c) => c.id)).not.toContain(chatId);
  });

  it('announces each stored message as chat.message-created in its transaction', async () => {
    const { chatId } = await open();
    const sent = await t.app.chat.sendMessage(t.app.db, buyer.id, 'product', {
      chatId,
      clientMessageId: 'evt-check-0001',
      text: 'hello',
      attachmentIds: [],
    });
    const outbox = rowsOf<{ payload: unknown }>(
      await t.app.db.execute(
        sql`SELECT payload FROM domain_events WHERE name = 'chat.message-created' AND payload->>'messageId' = ${sent.message.id}`,
      ),
    );
    expect(outbox).toHaveLength(1);
    expect(outbox[0]!.payload).toMatchObject({ chatId, seq: 1, senderId: buyer.id, recipientId: seller.id });
  });

  it("announces a business action also as chat.business-action-posted, and a user's message only as chat.message-created", async () => {
    const { chatId } = await open();
    const said = await t.app.chat.sendMessage(t.app.db, buyer.id, 'product', {
      chatId,
      clientMessageId: 'evt-split-0001',
      text: 'plain words',
      attachmentIds: [],
    });
    const [action] = await t.app.db.transaction((tx) =>
      t.app.chat.postBusinessActions(tx, {
        chatId,
        senderId: buyer.id,
        actions: [{ action: 'order_created', payload: { orderId: 'ord-split' } }],
      }),
    );
    const namesOf = async (messageId: string) =>
      rowsOf<{ name: string }>(
        await t.app.db.execute(
          sql`SELECT name FROM domain_events WHERE payload->>'messageId' = ${messageId} ORDER BY name`,
        ),
      ).map((row) => row.name);
    expect(await namesOf(said.message.id)).toEqual(['chat.message-created']);
    expect(await namesOf(action!.id)).toEqual(['chat.business-action-posted', 'chat.message-created']);
  });

  it('posts several business actions in one call: consecutive seqs, the phase of the last, one event each', async () => {
    const { chatId } = await open();
    await t.app.chat.sendMessage(t.app.db, buyer.id, 'product', {
      chatId,
      clientMessageId: 'multi-action-0001',
      text: 'before',
      attachmentIds: [],
    });
    const posted = await t.app.db.transaction((tx) =>
      t.app.chat.postBusinessActions(tx, {
        chatId,
        senderId: buyer.id,
        actions: [
          { action: 'invoice_accepted', payload: { invoiceId: 'inv-1', orderId: 'ord-1' } },
          { action: 'order_created', payload: { orderId: 'ord-1', status: 'pending' } },
        ],
      }),
    );
    expect(posted.map((m) => [m.seq, m.businessAction, m.status])).toEqual([
      [2, 'invoice_accepted', 'sent'],
      [3, 'order_created', 'sent'],
    ]);
    const detail = await t.app.chat.getChat(t.app.db, seller.id, chatId, 'product');
    expect(detail.chat).toMatchObject({ phase: 'ordered', lastSeq: 3, unreadCount: 3, orderId: 'ord-1' });
    const outbox = rowsOf<{ payload: Record<string, unknown> }>(
      await t.app.db.execute(
        sql`SELECT payload FROM domain_events
            WHERE name = 'chat.message-created' AND payload->>'chatId' = ${chatId} AND payload->>'seq' <> '1'
            ORDER BY (payload->>'seq')::int`,
      ),
    );
    expect(outbox.map((row) => row.payload)).toEqual([
      expect.objectContaining({ messageId: posted[0]!.id, seq: 2, businessAction: 'invoice_accepted' }),
      expect.objectContaining({ messageId: posted[1]!.id, seq: 3, businessAction: 'order_created' }),
    ]);
    expect(outbox[0]!.payload).toMatchObject({ senderId: buyer.id, recipientId: seller.id });
    // A third user is no participant: nothing is stored.
    await expect(
      t.app.db.transaction((tx) =>
        t.app.chat.postBusinessActions(tx, {
          chatId,
          senderId: stranger.id,
          actions: [{ action: 'order_cancelled', payload: {} }],
        }),
      ),
    ).rejects.toMatchObject({ code: 'CHAT_NOT_FOUND' });
    const live = await t.app.chat.messageById(t.app.db, posted[1]!.id);
    expect(live).toMatchObject({ seq: 3, businessAction: 'order_created', status: 'sent', attachments: [] });
    // The live copy is the message as the conversation lists it, field for field.
    const listed = await t.app.chat.listMessages(t.app.db, buyer.id, 'product', { chatId, limit: 50 });
    expect(live).toEqual(listed.items.find((message) => message.id === posted[1]!.id));
  });

  it('reads a message for live delivery with one statement each pool connection prepares once (decision 231)', async () => {
    type Connection = { connection: { parsedStatements: Record<string, string> } };
    // pg's pool and connection internals: its open connections and the named statements each has parsed.
    const pool = (t.app.db as unknown as { $client: { _clients?: Connection[] } }).$client;
    const parsed = () =>
      (pool._clients ?? [])
        .flatMap((c) => Object.values(c.connection.parsedStatements))
        .filter((text) => text.includes('recipient_read_seq'));
    const { chatId } = await open();
    const posted = await t.app.db.transaction((tx) =>
      t.app.chat.postBusinessActions(tx, {
        chatId,
        senderId: seller.id,
        actions: [
          { action: 'invoice_sent', payload: {} },
          { action: 'invoice_expired', payload: {} },
        ],
      }),
    );
    for (const message of posted)
      expect(await t.app.chat.messageById(t.app.db, message.id)).toMatchObject({ id: message.id });
    if (t.app.database.driver === 'pglite') {
      expect(pool._clients).toBeUndefined(); // one embedded connection, no statement cache
      return;
    }
    expect(new Set(parsed()).size).toBe(1);
  });
  it('stores a repeated client message id once and answers with the stored message', async () => {
    const { chatId } = await open();
    const input = { chatId, clientMessageId: 'dup-0000-0001', text: 'once', attachmentIds: [] };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => t.app.chat.sendMessage(t.app.db, buyer.id, 'product', input)),
    );
    expect(new Set(answers.map((a) => a.message.id)).size).toBe(1);
    expect(answers.filter((a) => a.created)).toHaveLength(1);
    // The message and its event are one statement: the repeats left no event (nor seq) behind.
    const events = rowsOf<{ n: number }>(
      await t.app.db.execute(
        sql`SELECT count(*)::int AS n FROM domain_events
            WHERE name = 'chat.message-created' AND payload->>'chatId' = ${chatId}`,
      ),
    );
    expect(Number(events[0]!.n)).toBe(1);
    const later = await t.app.chat.sendMessage(t.app.db, buyer.id, 'product', input);
    expect(later.created).toBe(false);
    expect(later.message.seq).toBe(1);
    const page = await t.app.chat.listMessages(t.app.db, seller.id, 'product', { chatId, limit: 50 });
    expect(page.items.map((m) => m.text)).toEqual(['once']);
    expect(page.lastSeq).toBe(1);
    // Someone else's id is not theirs to read back.
    await expect(
      t.app.chat.sendMessage(t.app.db, seller.id, 'product', { ...input, text: 'mine?' }),
    ).rejects.toMatchObject({ code: 'CLIENT_MESSAGE_ID_TAKEN' });
  });

  it('gives concurrent sends distinct, gap-free sequence numbers', async () => {
    const { chatId } = await open();
    const sends = Array.from({ length: 12 }, (_, i) =>
      t.app.chat.sendMessage(t.app.db, i % 2 ? buyer.id : seller.id, 'product', {
        chatId,
        clientMessageId: `order-${chatId.slice(0, 8)}-${i}`,
        text: `m${i}`,
        attachmentIds: [],
      }),
    );
    const stored = await Promise.all(sends);
    expect(stored.map((s) => s.message.seq).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 1),
    );
    const after = await t.app.chat.listMessages(t.app.db, buyer.id, 'product', {
      chatId,
      afterSeq: 4,
      limit: 5,
    });
    expect(after.items.map((m) => m.seq)).toEqual([5, 6, 7, 8, 9]);
    expect(after.hasMore).toBe(true);
    const before = await t.app.chat.listMessages(t.app.db, buyer.id, 'product', {
      chatId,
      beforeSeq: 4,
      limit: 50,
    });
    expect(before.items.map((m) => m.seq)).toEqual([1, 2, 3]);
    expect(before.hasMore).toBe(false);
  });

  it('marks read and delivered forward only, and statuses follow the recipient', async () => {
    const { chatId } = await open();
    for (const n of [1, 2, 3])
      await t.app.chat.sendMessage(t.app.db, buyer.id, 'product', {
        chatId,
        clientMessageId: `rd-${chatId.slice(0, 8)}-${n}`,
        text: `r${n}`,
        attachmentIds: [],
      });
    const delivered = await t.app.chat.markDelivered(t.app.db, seller.id, chatId, 3);
    expect(delivered).toMatchObject({ changed: true, upToSeq: 3, otherId: buyer.id });
    const read = await t.app.chat.markRead(t.app.db, seller.id, chatId, 2);
    expect(read).toMatchObject({ changed: true, lastReadSeq: 2, unreadCount: 1 });
    expect((await t.app.chat.markRead(t.app.db, seller.id, chatId, 1)).changed).toBe(false);
    const page = await t.app.chat.listMessages(t.app.db, buyer.id, 'product', { chatId, limit: 50 });
    expect(page.items.map((m) => m.status)).toEqual(['seen', 'seen', 'delivered']);
    expect((await t.app.chat.markRead(t.app.db, seller.id, chatId, undefined)).unreadCount).toBe(0);
  });

  it('keeps everyone else out: the chat is not found for a third user', async () => {
    const { chatId } = await open();
    const notFound = { code: 'CHAT_NOT_FOUND', statusCode: 404 };
    await expect(
      t.app.chat.sendMessage(t.app.db, stranger.id, 'product', {
        chatId,
        clientMessageId: 'stranger-0001',
        text: 'hi',
        attachmentIds: [],
      }),
    ).rejects.toMatchObject(notFound);
    await expect(
      t.app.chat.listMessages(t.app.db, stranger.id, 'product', { chatId, limit: 10 }),
    ).rejects.toMatchObject(notFound);
    await expect(t.app.chat.markRead(t.app.db, stranger.id, chatId, undefined)).rejects.toMatchObject(
      notFound,
    );
    await expect(t.app.chat.getChat(t.app.db, stranger.id, chatId, 'product')).rejects.toMatchObject(
      notFound,
    );
    await expect(t.app.chat.getChat(t.app.db, buyer.id, chatId, 'service')).rejects.toMatchObject(notFound);
    expect(await t.app.chat.isParticipant(chatId, stranger.id)).toBe(false);
    expect(await t.app.chat.isParticipant(chatId, seller.id)).toBe(true);
    expect(await t.app.chat.participants(chatId)).toMatchObject({
      buyerId: buyer.id,
      sellerUserId: seller.id,
    });
  });

  it('looks up several conversations in one call, the same as one at a time; a missing one is absent', async () => {
    const first = await open();
    const second = await open({ kind: 'service', id: (subjectId += 1) });
    const missing = '00000000-0000-4000-8000-000000000000';
    const found = await t.app.chat.participantsOf([first.chatId, second.chatId, first.chatId, missing]);
    expect([...found.keys()].sort()).toEqual([first.chatId, second.chatId].sort());
    expect(found.get(first.chatId)).toEqual(await t.app.chat.participants(first.chatId));
    expect(found.get(second.chatId)).toEqual(await t.app.chat.participants(second.chatId));
    expect(found.get(second.chatId)).toMatchObject({
      subjectKind: 'service',
      names: { subject: 'Steel brackets', buyer: 'Bea Buyer', seller: 'Sam Seller' },
    });
    expect((await t.app.chat.participantsOf([])).size).toBe(0);
  });
});
