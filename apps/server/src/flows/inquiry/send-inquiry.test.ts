import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ChatDetailResponse,
  ChatListResponse,
  InquiryResponse,
  Notification,
  Quotation,
} from '@maplesource/contracts';
import { seedTestCatalog, createTestApp, type TestApp } from '../../../test/helpers';
import { signUp, type SignedUp } from '../../../test/accounts-helpers';
import { rowsOf, withTransaction } from '../../db/transaction';
import { devStorefront } from '../../../test/orders-helpers';

/**
 * Inquiries (docs/product.md §7 `quotation`, `service-quotation`) and the seller's answer: the quotation, the conversation
 * it opens or reuses, its business actions, idempotency, validation and who may see or answer it.
 */
let t: TestApp;
let buyer: SignedUp;
let seller: SignedUp;
let otherSeller: SignedUp;
let productId: number;
let serviceId: number;
let unclaimedProductId: number;

const tomorrow = () => new Date(Date.now() + 86_400_000 * 2).toISOString().slice(0, 10);
const form = (overrides: Record<string, unknown> = {}) => ({
  productId,
  quantity: 10,
  minPrice: 12.5,
  maxPrice: 20,
  deadline: tomorrow(),
  deliveryProvince: 'ON',
  deliveryPostalCode: 'm5v 2t6',
  leadDays: 7,
  message: 'Need brackets for a retrofit.',
  ...overrides,
});
const as = (
  user: SignedUp | null,
  role: 'buyer' | 'seller' = 'buyer',
  extra: Record<string, string> = {},
) => ({
  role,
  ...(user ? { cookie: user.cookie } : {}),
  ...extra,
});
const send = (
  user: SignedUp | null,
  payload: object,
  headers: Record<string, string> = {},
  url = '/api/v1/quotation',
) => t.app.inject({ method: 'POST', url, headers: as(user, 'buyer', headers), payload });
const decide = (user: SignedUp, quotationId: string, payload: object, role: 'buyer' | 'seller' = 'seller') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/quotation/${quotationId}/decision`,
    headers: as(user, role),
    payload,
  });
const count = async (table: 'quotation_requests' | 'chats') =>
  Number(
    rowsOf<{ n: string }>(
      await t.database.db.execute(sql`SELECT count(*) AS n FROM ${sql.identifier(table)}`),
    )[0]!.n,
  );
const actionsIn = async (chatId: string) =>
  rowsOf<{ business_action: string | null; sender_id: string }>(
    await t.database.db.execute(
      sql`SELECT business_action, sender_id FROM chat_messages WHERE chat_id = ${chatId} ORDER BY seq`,
    ),
  ).map((row) => row.business_action);

beforeAll(async () => {
  t = await createTestApp();
  await seedTestCatalog(t, 40);
  buyer = await signUp(t.app, { fullName: 'Bea Buyer' });
  seller = await signUp(t.app, { fullName: 'Sam Seller' });
  otherSeller = await signUp(t.app, { fullName: 'Otto Seller' });
  ({ productId } = await devStorefront(t, seller));
  await devStorefront(t, otherSeller);
  // A seeded service whose storefront the seller now owns; a seeded product of an unclaimed storefront.
  const [service] = rowsOf<{ id: string; seller_id: string }>(
    await t.database.db.execute(
      sql`SELECT id, seller_id FROM services WHERE status = 'active' ORDER BY id LIMIT 1`,
    ),
  );
  serviceId = Number(service!.id);
  await t.database.db.execute(
    sql`UPDATE sellers SET owner_user_id = ${seller.id}, claimed = true WHERE id = ${service!.seller_id}`,
  );
  const [unclaimed] = rowsOf<{ id: string }>(
    await t.database.db.execute(sql`
      SELECT p.id FROM products p JOIN sellers s ON s.id = p.seller_id
      WHERE p.status = 'active' AND s.owner_user_id IS NULL ORDER BY p.id LIMIT 1`),
  );
  unclaimedProductId = Number(unclaimed!.id);
});
afterAll(async () => t?.close());

describe('sending an inquiry', () => {
  it('refuses a visitor', async () => {
    expect((await send(null, form())).statusCode).toBe(401);
  });

  it("answers the form's rules with the spec's message keys", async () => {
    const res = await send(
      buyer,
      form({ quantity: 0, minPrice: 20, maxPrice: 10, deadline: '2020-01-01', deliveryPostalCode: 'M5V' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({
      quantity: 'errors:INQUIRY_QUANTITY_MIN',
      deadline: 'errors:INQUIRY_DEADLINE_FUTURE',
      deliveryPostalCode: 'errors:INQUIRY_POSTAL_CODE_LENGTH',
    });
    const prices = await send(buyer, form({ minPrice: 20, maxPrice: 10 }));
    expect(prices.statusCode).toBe(400);
    expect(prices.json().error.fields).toMatchObject({ maxPrice: 'errors:INQUIRY_MAX_PRICE_ABOVE_MIN' });
    const missing = await send(buyer, form({ quantity: undefined, minPrice: 0.5 }));
    expect(missing.json().error.fields).toMatchObject({
      quantity: 'errors:INQUIRY_QUANTITY_REQUIRED',
      minPrice: 'errors:INQUIRY_PRICE_MIN',
    });
    expect(await count('quotation_requests')).toBe(0);
  });

  it('opens the conversation with the storefront owner, holding the quotation', async () => {
    const res = await send(buyer, form());
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json<InquiryResponse>();
    expect(answer).toMatchObject({ chatCreated: true });
    expect(answer.requestId).toMatch(/^RQ-/);
    expect(await actionsIn(answer.chatId)).toEqual(['quotation_created']);
    const [counters] = rowsOf<{ quotations: number }>(
      await t.database.db.execute(sql`SELECT quotations FROM products WHERE id = ${productId}`),
    );
    expect(Number(counters!.quotations)).toBe(1);
    const [chat] = rowsOf<{ buyer_id: string; seller_user_id: string; quotation_id: string; phase: string }>(
      await t.database.db.execute(sql`SELECT * FROM chats WHERE id = ${answer.chatId}`),
    );
    expect(chat).toMatchObject({
      buyer_id: buyer.id,
      seller_user_id: seller.id,
      quotation_id: answer.quotationId,
    });

    for (const who of [buyer, seller]) {
      const read = await t.app.inject({
        method: 'GET',
        url: `/api/v1/quotation/${answer.quotationId}`,
        headers: as(who),
      });
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json<{ quotation: Quotation }>().quotation).toMatchObject({
        id: answer.quotationId,
        chatId: answer.chatId,
        subject: { kind: 'product', id: productId },
        quantity: 10,
        minPriceCents: 1250,
        maxPriceCents: 2000,
        deliveryPostalCode: 'M5V2T6',
        status: 'pending',
      });
    }
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/v1/quotation/${answer.quotationId}`,
      headers: as(otherSeller),
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: { code: 'QUOTATION_NOT_FOUND' } });

    // The seller hears of it through a notification (created by the chat-message subscriber).
    await t.app.events.drain();
    const inbox = await t.app.inject({ method: 'GET', url: '/api/v1/notifications', headers: as(seller) });
    expect(inbox.json().items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'quotation_created',
          metadata: expect.objectContaining({ chatId: answer.chatId }),
        }),
      ]),
    );
  });

  it('creates one inquiry when sent twice with one Idempotency-Key, and reuses the conversation', async () => {
    const before = await count('quotation_requests');
    const chatsBefore = await count('chats');
    const key = randomUUID();
    const first = await send(buyer, form({ quantity: 3 }), { 'idempotency-key': key });
    const second = await send(buyer, form({ quantity: 3 }), { 'idempotency-key': key });
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(first.json<InquiryResponse>().chatCreated).toBe(false);
    expect(await count('quotation_requests')).toBe(before + 1);
    expect(await count('chats')).toBe(chatsBefore);
  });

  it('sends a service inquiry through service-quotation', async () => {
    const { productId: _ignored, ...rest } = form();
    void _ignored;
    const res = await send(buyer, { ...rest, serviceId }, {}, '/api/v1/service-quotation');
    expect(res.statusCode, res.body).toBe(201);
    const { chatId } = res.json<InquiryResponse>();
    const [chat] = rowsOf<{ subject_kind: string; seller_user_id: string }>(
      await t.database.db.execute(sql`SELECT subject_kind, seller_user_id FROM chats WHERE id = ${chatId}`),
    );
    expect(chat).toEqual({ subject_kind: 'service', seller_user_id: seller.id });
  });

  it('refuses an inquiry about your own listing, an unclaimed storefront and a missing product', async () => {
    const own = await send(seller, form());
    expect(own.statusCode).toBe(422);
    expect(own.json()).toMatchObject({ error: { code: 'INQUIRY_OWN_LISTING' } });
    const unclaimed = await send(buyer, form({ productId: unclaimedProductId }));
    expect(unclaimed.statusCode).toBe(422);
    expect(unclaimed.json()).toMatchObject({ error: { code: 'SELLER_NOT_REACHABLE' } });
    const missing = await send(buyer, form({ productId: 99_999_999 }));
    expect(missing.statusCode).toBe(404);
  });
});

describe("the seller's answer", () => {
  let quotation: InquiryResponse;
  beforeAll(async () => {
    const res = await send(buyer, form({ quantity: 42 }));
    expect(res.statusCode, res.body).toBe(201);
    quotation = res.json<InquiryResponse>();
  });

  it('is only for the seller user of the conversation acting as seller', async () => {
    const asBuyer = await decide(buyer, quotation.quotationId, { decision: 'accepted' }, 'buyer');
    expect(asBuyer.statusCode).toBe(403);
    const otherStore = await decide(otherSeller, quotation.quotationId, { decision: 'accepted' });
    expect(otherStore.statusCode).toBe(404);
    expect(otherStore.json()).toMatchObject({ error: { code: 'QUOTATION_NOT_FOUND' } });
    const unknown = await decide(seller, randomUUID(), { decision: 'accepted' });
    expect(unknown.statusCode).toBe(404);
  });

  it('accepts once, posting quotation_accepted into the chat; a second answer is a conflict', async () => {
    const res = await decide(seller, quotation.quotationId, { decision: 'accepted' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ quotation: Quotation }>().quotation).toMatchObject({ status: 'accepted' });
    expect((await actionsIn(quotation.chatId)).at(-1)).toBe('quotation_accepted');
    const again = await decide(seller, quotation.quotationId, { decision: 'rejected' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'QUOTATION_ALREADY_DECIDED' } });
    await t.app.events.drain();
    const inbox = await t.app.inject({ method: 'GET', url: '/api/v1/notifications', headers: as(buyer) });
    expect(inbox.json().items[0]).toMatchObject({ type: 'quotation_accepted' });
  });

  it('lets one of two simultaneous answers win', async () => {
    const fresh = (await send(buyer, form({ quantity: 6 }))).json<InquiryResponse>();
    const answers = await Promise.all([
      decide(seller, fresh.quotationId, { decision: 'accepted' }),
      decide(seller, fresh.quotationId, { decision: 'rejected' }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    // The conversation is reused: count the answers posted after this quotation.
    const actions = await actionsIn(fresh.chatId);
    expect(actions.slice(actions.lastIndexOf('quotation_created') + 1)).toHaveLength(1);
  });

  it('rejects with a reason', async () => {
    const fresh = (await send(buyer, form({ quantity: 5 }))).json<InquiryResponse>();
    const res = await decide(seller, fresh.quotationId, { decision: 'rejected', reason: 'Out of stock' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ quotation: Quotation }>().quotation).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Out of stock',
    });
    expect((await actionsIn(fresh.chatId)).at(-1)).toBe('quotation_rejected');
  });
});

/**
 * Decision 233: the conversation and the quotation keep the subject's French name beside the English one, from
 * the catalogue when the inquiry is sent; the chat list and detail, the quotation and the notifications carry it.
 */
describe("the subject's name in English and French", () => {
  let reader: SignedUp;
  const productNames = async () =>
    rowsOf<{ name_en: string; name_fr: string }>(
      await t.database.db.execute(sql`SELECT name_en, name_fr FROM products WHERE id = ${productId}`),
    )[0]!;
  const storedNames = async (db: typeof t.database.db, table: 'chats' | 'quotation_requests', id: string) =>
    rowsOf<{ name: string; fr: string | null }>(
      await db.execute(
        sql`SELECT subject_name AS name, subject_name_fr AS fr FROM ${sql.identifier(table)} WHERE id = ${id}`,
      ),
    )[0]!;

  beforeAll(async () => {
    reader = await signUp(t.app, { fullName: 'Rene Lecteur' });
  });

  it('stores both names when the inquiry opens the conversation, and every answer carries them', async () => {
    const names = await productNames();
    expect(names.name_fr).not.toBe(names.name_en);
    const res = await send(reader, form());
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json<InquiryResponse>();
    expect(await storedNames(t.database.db, 'chats', answer.chatId)).toEqual({
      name: names.name_en,
      fr: names.name_fr,
    });
    expect(await storedNames(t.database.db, 'quotation_requests', answer.quotationId)).toEqual({
      name: names.name_en,
      fr: names.name_fr,
    });

    const quotation = await t.app.inject({
      method: 'GET',
      url: `/api/v1/quotation/${answer.quotationId}`,
      headers: as(reader),
    });
    expect(quotation.json<{ quotation: Quotation }>().quotation.subject).toEqual({
      kind: 'product',
      id: productId,
      name: names.name_en,
      nameFr: names.name_fr,
    });
    const [{ name: storefrontName }] = rowsOf<{ name: string }>(
      await t.database.db.execute(
        sql`SELECT s.name FROM sellers s JOIN products p ON p.seller_id = s.id WHERE p.id = ${productId}`,
      ),
    ) as [{ name: string }];
    for (const [who, role] of [
      [reader, 'buyer'],
      [seller, 'seller'],
    ] as const) {
      const list = await t.app.inject({ method: 'GET', url: '/api/v1/chats', headers: as(who, role) });
      expect(list.statusCode, list.body).toBe(200);
      const item = list.json<ChatListResponse>().items.find((chat) => chat.id === answer.chatId);
      expect(item?.subject).toMatchObject({ name: names.name_en, nameFr: names.name_fr });
      // Company first, person second (decision 270): the seller speaks for the storefront.
      expect(item?.seller.companyName).toBe(storefrontName);
      expect(item?.buyer.companyName).toBeNull();
      const detail = await t.app.inject({
        method: 'GET',
        url: `/api/v1/chats/${answer.chatId}`,
        headers: as(who, role),
      });
      expect(detail.statusCode, detail.body).toBe(200);
      const body = detail.json<ChatDetailResponse>();
      expect(body.chat.subject).toMatchObject({ name: names.name_en, nameFr: names.name_fr });
      expect(body.quotation).toMatchObject({ subjectName: names.name_en, subjectNameFr: names.name_fr });
    }
    // The French name finds the conversation too.
    const found = await t.app.inject({
      method: 'GET',
      url: `/api/v1/chats?search=${encodeURIComponent(names.name_fr)}`,
      headers: as(reader),
    });
    expect(found.json<ChatListResponse>().items.map((chat) => chat.id)).toContain(answer.chatId);

    // The seller's notification names the product in both languages (the web shows the reader's).
    await t.app.events.drain();
    const inbox = await t.app.inject({ method: 'GET', url: '/api/v1/notifications', headers: as(seller) });
    const told = inbox
      .json<{ items: Notification[] }>()
      .items.find((n) => n.type === 'quotation_created' && n.metadata?.chatId === answer.chatId);
    expect(told?.metadata).toMatchObject({ subjectName: names.name_en, subjectNameFr: names.name_fr });
  });

  it('migration 0688 fills older conversations and quotations only where the catalogue still has that name', async () => {
    const migration = readFileSync(
      new URL(
        '../../db/migrations/0688_chats_quotations_subject_name_in_both_languages.sql',
        import.meta.url,
      ),
      'utf8',
    );
    // Its four backfill statements (after the ALTERs the test database already ran), one at a time.
    const statements = migration
      .slice(migration.indexOf('UPDATE chats'))
      .split(';')
      .map((part) => part.replace(/--.*$/gm, '').trim())
      .filter(Boolean);
    expect(statements).toHaveLength(4);
    const backfill = async (db: typeof t.database.db) => {
      for (const statement of statements) await db.execute(sql.raw(statement));
    };
    const names = await productNames();
    const answer = (await send(reader, form({ quantity: 4 }))).json<InquiryResponse>();
    const forget = async (db: typeof t.database.db) => {
      await db.execute(sql`UPDATE chats SET subject_name_fr = NULL WHERE id = ${answer.chatId}`);
      await db.execute(
        sql`UPDATE quotation_requests SET subject_name_fr = NULL WHERE id = ${answer.quotationId}`,
      );
    };
    const french = async (db: typeof t.database.db) => [
      (await storedNames(db, 'chats', answer.chatId)).fr,
      (await storedNames(db, 'quotation_requests', answer.quotationId)).fr,
    ];

    // Unambiguous: the product is still there under the English name they stored.
    await forget(t.database.db);
    expect(await french(t.database.db)).toEqual([null, null]);
    await backfill(t.database.db);
    expect(await french(t.database.db)).toEqual([names.name_fr, names.name_fr]);

    // Renamed since (or gone): which French name is meant cannot be told, none is given.
    await withTransaction(t.database.db, async (tx) => {
      await forget(tx);
      await tx.execute(
        sql`UPDATE products SET name_en = ${`${names.name_en} (renamed)`} WHERE id = ${productId}`,
      );
      await backfill(tx);
      expect(await french(tx)).toEqual([null, null]);
      // Another product that has the English name now is another product: still none.
      await tx.execute(sql`UPDATE products SET name_en = ${names.name_en}
        WHERE id = (SELECT min(id) FROM products WHERE id <> ${productId})`);
      await backfill(tx);
      expect(await french(tx)).toEqual([null, null]);
      throw new Error('rolled back');
    }).catch((error: unknown) => {
      if (!(error instanceof Error) || error.message !== 'rolled back') throw error;
    });
    expect(await french(t.database.db)).toEqual([names.name_fr, names.name_fr]);
  });
});
