import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatInvoicePayloadSchema, chatOrderPayloadSchema } from '@maplesource/contracts';
import { seedTestCatalog, createTestApp, type TestApp } from '../../../test/helpers';
import {
  acceptInvoiceAs,
  issueInvoiceFor,
  makeInvoicingSeller,
  makeUser,
  type Party,
} from '../../../test/orders-helpers';
import { rowsOf, withTransaction } from '../../db/transaction';

/**
 * Decision 320: the accept statement writes its two chat messages with its own SQL (`businessActionsCte` in
 * `accept-invoice.sql.ts`), while every other writer goes through the chat module's `sequencedMessagesCte`. This
 * runs both on two conversations in the same state — the accept on one, the chat module's `postBusinessActions`
 * with the same two actions on the other — and compares everything each wrote in the chat module's tables and
 * outbox, ids, times and seqs made relative. Runs on PGlite and on PostgreSQL.
 */
let t: TestApp;
let seller: Party;
let buyers: [Party, Party];
let productId: number;

beforeAll(async () => {
  t = await createTestApp();
  await seedTestCatalog(t, 10);
  seller = await makeUser(t, ['buyer', 'seller'], 'Sam Seller');
  // Two buyers: one conversation each about the same product, in the same state.
  buyers = [await makeUser(t, ['buyer'], 'Bea Buyer'), await makeUser(t, ['buyer'], 'Olga Other')];
  ({ productId } = await makeInvoicingSeller(t, seller));
});
afterAll(async () => t?.close());

type Row = Record<string, unknown>;
const parsed = (value: unknown): Row => (typeof value === 'string' ? JSON.parse(value) : value) as Row;
const jsonRows = async (query: SQL) =>
  rowsOf<{ row: unknown }>(await t.database.db.execute(query)).map((r) => parsed(r.row));

/** Every row of the chat module's tables about one conversation, and the chat events of its outbox. */
async function chatState(chatId: string) {
  const [chat] = await jsonRows(sql`SELECT to_jsonb(c) AS row FROM chats c WHERE id = ${chatId}`);
  return {
    chat: chat!,
    messages: await jsonRows(
      sql`SELECT to_jsonb(m) AS row FROM chat_messages m WHERE chat_id = ${chatId} ORDER BY seq`,
    ),
    markers: await jsonRows(
      sql`SELECT to_jsonb(r) AS row FROM chat_read_markers r WHERE chat_id = ${chatId} ORDER BY user_id`,
    ),
    attachments: await jsonRows(
      sql`SELECT to_jsonb(a) AS row FROM chat_attachments a WHERE chat_id = ${chatId} ORDER BY id`,
    ),
    events: await jsonRows(
      sql`SELECT jsonb_build_object('id', id, 'name', name, 'payload', payload) AS row FROM domain_events
          WHERE name LIKE 'chat.%' AND payload->>'chatId' = ${chatId} ORDER BY id`,
    ),
  };
}
type ChatState = Awaited<ReturnType<typeof chatState>>;

const json = (value: unknown) => JSON.stringify(value);
const added = (before: Row[], after: Row[], key: (row: Row) => string) => {
  const seen = new Set(before.map(key));
  return after.filter((row) => !seen.has(key(row)));
};

/**
 * What a writer did to one conversation, comparable across conversations: the chat columns it changed, the rows
 * it added; ids and values of this conversation as names (`names`), seqs relative to the chat's `last_seq` before,
 * times as `<time>`, each `action-…` client id as `<client id>`.
 */
function writes(before: ChatState, after: ChatState, names: Record<string, string>) {
  const baseSeq = Number(before.chat.last_seq);
  const messageIds = added(before.messages, after.messages, (m) => String(m.id)).map((m) => String(m.id));
  const label = new Map<string, string>([
    ...Object.entries(names)
      .filter(([, value]) => value !== '')
      .map(([name, value]) => [value, `<${name}>`] as const),
    ...messageIds.map((id, index) => [id, `<message ${index + 1}>`] as const),
  ]);
  const seqKeys = new Set(['seq', 'last_seq', 'last_read_seq', 'last_delivered_seq']);
  const timeKeys = new Set(['created_at', 'updated_at', 'edited_at', 'deleted_at']);
  const normalize = (value: unknown, key = ''): unknown => {
    if (Array.isArray(value)) return value.map((item) => normalize(item));
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalize(v, k)]));
    if (seqKeys.has(key) && value !== null) return Number(value) - baseSeq;
    if (timeKeys.has(key) && value !== null) return '<time>';
    if (typeof value === 'string') {
      if (label.has(value)) return label.get(value);
      if (/^action-[0-9a-f-]{36}$/.test(value)) return '<client id>';
    }
    return value;
  };
  const changed = Object.fromEntries(
    Object.entries(after.chat).filter(([key, value]) => json(before.chat[key]) !== json(value)),
  );
  return normalize({
    chat: changed,
    messages: added(before.messages, after.messages, (m) => String(m.id)),
    markers: added(before.markers, after.markers, json),
    attachments: added(before.attachments, after.attachments, json),
    events: added(before.events, after.events, (e) => String(e.id))
      .map(({ name, payload }) => ({ name, payload }))
      .sort((a, b) => json(a).localeCompare(json(b))),
  });
}

/** The values of one conversation that `writes` names: its ids, its parties and its invoice's card times. */
const names = (
  invoice: { chatId: string; invoiceId: string; token: string },
  buyer: Party,
  orderId: string,
  card: { expiresAt: string; issuedAt?: string | undefined },
) => ({
  chat: invoice.chatId,
  buyer: buyer.id,
  seller: seller.id,
  invoice: invoice.invoiceId,
  token: invoice.token,
  order: orderId,
  expiresAt: card.expiresAt,
  ...(card.issuedAt ? { issuedAt: card.issuedAt } : {}),
});

/** The invoice's own `invoice_sent` card data (total, expiry, creation time), as the chat module stored it. */
async function sentCard(chatId: string, invoiceId: string) {
  const [row] = await jsonRows(
    sql`SELECT business_payload AS row FROM chat_messages
        WHERE chat_id = ${chatId} AND business_action = 'invoice_sent'
          AND business_payload ->> 'invoiceId' = ${invoiceId}`,
  );
  return chatInvoicePayloadSchema.parse(row);
}

describe("the accept statement's chat messages (decision 320)", () => {
  it("write what the chat module's own writer writes for the same two actions", async () => {
    const [viaAccept, viaChat] = [
      await issueInvoiceFor(t, { buyer: buyers[0], seller, productId }),
      await issueInvoiceFor(t, { buyer: buyers[1], seller, productId }),
    ];
    expect(viaAccept.chatId).not.toBe(viaChat.chatId);
    const cards = [
      await sentCard(viaAccept.chatId, viaAccept.invoiceId),
      await sentCard(viaChat.chatId, viaChat.invoiceId),
    ] as const;

    // The accept statement, through its route.
    const beforeAccept = await chatState(viaAccept.chatId);
    const acceptedOrderId = await acceptInvoiceAs(t, buyers[0], viaAccept);
    const accepted = writes(
      beforeAccept,
      await chatState(viaAccept.chatId),
      names(viaAccept, buyers[0], acceptedOrderId, cards[0]),
    );

    // The chat module's writer (`sequencedMessagesCte`), with the payloads the contracts define for both actions.
    const beforeChat = await chatState(viaChat.chatId);
    const orderId = randomUUID();
    const card = cards[1];
    await withTransaction(t.app.db, (tx) =>
      t.app.chat.postBusinessActions(tx, {
        chatId: viaChat.chatId,
        senderId: buyers[1].id,
        actions: [
          {
            action: 'invoice_accepted',
            payload: {
              ...chatInvoicePayloadSchema.parse({
                invoiceId: card.invoiceId,
                invoiceToken: card.invoiceToken,
                kind: card.kind,
                totalCents: card.totalCents,
                expiresAt: card.expiresAt,
                issuedAt: card.issuedAt,
              }),
              orderId,
            },
          },
          {
            action: 'order_created',
            payload: chatOrderPayloadSchema.parse({
              orderId,
              kind: 'product',
              status: 'pending',
              invoiceToken: viaChat.token,
            }),
          },
        ],
      }),
    );
    const posted = writes(
      beforeChat,
      await chatState(viaChat.chatId),
      names(viaChat, buyers[1], orderId, card),
    );

    // Not two empty writes: two messages at the next two seqs, the chat moved to them, four chat events.
    expect(accepted).toMatchObject({
      chat: { last_seq: 2, phase: 'ordered', order_id: '<order>' },
      messages: [
        { seq: 1, business_action: 'invoice_accepted', sender_id: '<buyer>' },
        { seq: 2, business_action: 'order_created', sender_id: '<buyer>' },
      ],
    });
    expect((accepted as { events: unknown[] }).events).toHaveLength(4);
    expect(accepted).toEqual(posted);
  });
});
