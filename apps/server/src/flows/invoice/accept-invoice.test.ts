import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  chatInvoicePayloadSchema,
  invoiceAcceptanceTerms,
  type AcceptInvoiceBody,
  type CreateOrderIntentResponse,
  type Order,
  type OrderList,
} from '@maplesource/contracts';
import { seedTestCatalog, createTestApp, type TestApp } from '../../../test/helpers';
import {
  as,
  chatActions,
  issueInvoiceFor,
  makeInvoicingSeller,
  makeUser,
  setTaxProfile,
  shippingAddress,
  signatureSvg,
  type Party,
} from '../../../test/orders-helpers';
import { warmStatementNames } from '../../db/prepared';
import { rowsOf, withTransaction } from '../../db/transaction';

/**
 * Accepting an invoice (docs/product.md §4 accept flow): exactly one order whatever the concurrency, the
 * acceptance record, the chat actions, who may accept, and expiry. Runs on PGlite and on PostgreSQL.
 */
let t: TestApp;
let buyer: Party;
let otherBuyer: Party;
let seller: Party;
let otherSeller: Party;
let productId: number;
let serviceId: number;

const body = (token: string, overrides: Partial<AcceptInvoiceBody> = {}): AcceptInvoiceBody => ({
  invoiceToken: token,
  shippingAddress,
  billingAddress: null,
  isBillingSameAsShipping: true,
  signature: { fullName: 'Bea Buyer', svg: signatureSvg },
  termsVersion: invoiceAcceptanceTerms.version,
  termsLanguage: 'en',
  ...overrides,
});
const accept = (party: Party, payload: object, path = 'invoice', role: 'buyer' | 'seller' = 'buyer') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/${path}/accept`,
    headers: { ...as(party, role), 'user-agent': 'vitest-agent/1.0' },
    remoteAddress: '203.0.113.9',
    payload,
  });
const count = async (query: ReturnType<typeof sql>) =>
  Number(rowsOf<{ n: number | string }>(await t.database.db.execute(query))[0]!.n);

beforeAll(async () => {
  t = await createTestApp();
  await seedTestCatalog(t, 40);
  buyer = await makeUser(t, ['buyer'], 'Bea Buyer');
  otherBuyer = await makeUser(t, ['buyer'], 'Olga Other');
  seller = await makeUser(t, ['buyer', 'seller'], 'Sam Seller');
  otherSeller = await makeUser(t, ['buyer', 'seller'], 'Otto Seller');
  ({ productId } = await makeInvoicingSeller(t, seller));
  // The seller also offers a service (of a seeded storefront it now owns), so it issues service invoices too.
  const [service] = rowsOf<{ id: string; seller_id: string }>(
    await t.database.db.execute(
      sql`SELECT id, seller_id FROM services WHERE status = 'active' ORDER BY id LIMIT 1`,
    ),
  );
  await t.database.db.execute(
    sql`UPDATE sellers SET owner_user_id = ${seller.id}, claimed = true WHERE id = ${service!.seller_id}`,
  );
  await setTaxProfile(t, seller, Number(service!.seller_id));
  serviceId = Number(service!.id);
});
afterAll(async () => t?.close());

describe('accepting an invoice', () => {
  it('creates the order once, records the signature and terms, and posts invoice_accepted + order_created', async () => {
    const invoice = await issueInvoiceFor(t, { buyer, seller, productId });
    const other = {
      ...shippingAddress,
      line1: '1 Somewhere Else',
      city: 'Halifax',
      province: 'NS' as const,
      postalCode: 'B3H 1A1',
    };
    const res = await accept(
      buyer,
      body(invoice.token, { billingAddress: { ...other, addressType: 'Billing' } }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { orderId, kind } = res.json<{ orderId: string; kind: string }>();
    expect(kind).toBe('product');

    const order = (
      await t.app.inject({ method: 'GET', url: `/api/v1/orders/${orderId}`, headers: as(buyer) })
    ).json<{ order: Order }>().order;
    expect(order).toMatchObject({
      status: 'pending',
      invoiceId: invoice.invoiceId,
      invoiceToken: invoice.token,
      chatId: invoice.chatId,
      totalCents: invoice.totalCents,
      shippingAddress: { ...shippingAddress, addressType: 'Shipping' },
      // "Use shipping for billing": the billing address sent is ignored.
      billingAddress: { ...shippingAddress, addressType: 'Billing', country: 'CA' },
    });
    expect(await chatActions(t, invoice.chatId)).toEqual(
      expect.arrayContaining(['invoice_sent', 'invoice_accepted', 'order_created']),
    );
    const [acceptance] = rowsOf<Record<string, unknown>>(
      await t.database.db.execute(
        sql`SELECT * FROM invoice_acceptances WHERE invoice_id::text = ${invoice.invoiceId}`,
      ),
    );
    expect(acceptance).toBeDefined();
    expect(JSON.stringify(acceptance)).toContain(invoiceAcceptanceTerms.en.slice(0, 60));
    expect(JSON.stringify(acceptance)).toContain('203.0.113.9');
    expect(JSON.stringify(acceptance)).toContain('vitest-agent/1.0');

    // Accepting again answers the same order (200), and the invoice shows it.
    const again = await accept(buyer, body(invoice.token));
    expect(again.statusCode).toBe(200);
    expect(again.json().orderId).toBe(orderId);
    const details = await t.app.inject({
      method: 'GET',
      url: `/api/v1/invoice/details?invoiceToken=${invoice.token}`,
      headers: as(buyer),
    });
    expect(details.json().invoice).toMatchObject({ status: 'accepted', orderId });
  });

  it('the conversation keeps the order it led to, which both parties read in the chat (decision 253)', async () => {
    const invoice = await issueInvoiceFor(t, { buyer, seller, productId });
    const chatOf = async (party: Party, role: 'buyer' | 'seller') => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/chats/${invoice.chatId}`,
        headers: as(party, role),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ chat: { orderId: string | null; invoiceId: string | null } }>().chat;
    };
    // The conversation is the one earlier tests ordered in: it names their order until this one is made.
    const before = await chatOf(buyer, 'buyer');
    expect(before.invoiceId).toBe(invoice.invoiceId);
    const res = await accept(buyer, body(invoice.token));
    expect(res.statusCode, res.body).toBe(201);
    const { orderId } = res.json<{ orderId: string }>();
    expect(before.orderId).not.toBe(orderId);
    expect(await chatOf(buyer, 'buyer')).toMatchObject({ orderId });
    expect(await chatOf(seller, 'seller')).toMatchObject({ orderId });
    const listed = await t.app.inject({ method: 'GET', url: '/api/v1/chats', headers: as(buyer) });
    expect(
      listed
        .json<{ items: Array<{ id: string; orderId: string | null }> }>()
        .items.find((chat) => chat.id === invoice.chatId),
    ).toMatchObject({ orderId });
  });

  it('posts both messages with the next seqs, moves the chat to ordered and writes the events, in one statement', async () => {
    const invoice = await issueInvoiceFor(t, { buyer, seller, productId });
    const chatState = async () =>
      rowsOf<{ last_seq: number | string; phase: string }>(
        await t.database.db.execute(sql`SELECT last_seq, phase FROM chats WHERE id = ${invoice.chatId}`),
      )[0]!;
    const before = Number((await chatState()).last_seq);
    const res = await accept(buyer, body(invoice.token));
    expect(res.statusCode, res.body).toBe(201);
    const { orderId } = res.json<{ orderId: string }>();
    expect(await chatState()).toMatchObject({ phase: 'ordered' });
    expect(Number((await chatState()).last_seq)).toBe(before + 2);

    const messages = rowsOf<{
      id: string;
      seq: number | string;
      sender_id: string;
      business_action: string;
      business_payload: Record<string, unknown> | string;
    }>(
      await t.database.db.execute(sql`
        SELECT id, seq, sender_id, business_action, business_payload FROM chat_messages
        WHERE chat_id = ${invoice.chatId} AND seq > ${before} ORDER BY seq`),
    ).map((row) => ({
      ...row,
      seq: Number(row.seq),
      payload:
        typeof row.business_payload === 'string' ? JSON.parse(row.business_payload) : row.business_payload,
    }));
    expect(messages.map((m) => [m.seq, m.business_action, m.sender_id])).toEqual([
      [before + 1, 'invoice_accepted', buyer.id],
      [before + 2, 'order_created', buyer.id],
    ]);
    // The invoice card's data too (decision 214): the same total, expiry and creation time as its invoice_sent.
    const [sent] = rowsOf<{ business_payload: Record<string, unknown> | string }>(
      await t.database.db.execute(sql`
        SELECT business_payload FROM chat_messages
        WHERE chat_id = ${invoice.chatId} AND business_action = 'invoice_sent'
          AND business_payload ->> 'invoiceId' = ${invoice.invoiceId}`),
    );
    const sentPayload =
      typeof sent!.business_payload === 'string'
        ? JSON.parse(sent!.business_payload)
        : sent!.business_payload;
    expect(messages[0]!.payload).toEqual({
      invoiceId: invoice.invoiceId,
      invoiceToken: invoice.token,
      orderId,
      kind: 'product',
      totalCents: sentPayload.totalCents,
      expiresAt: sentPayload.expiresAt,
      issuedAt: sentPayload.issuedAt,
    });
    expect(chatInvoicePayloadSchema.safeParse(messages[0]!.payload).success).toBe(true);
    expect(sentPayload.totalCents).toEqual(expect.any(Number));
    expect(sentPayload.expiresAt).toEqual(expect.any(String));
    expect(messages[1]!.payload).toEqual({
      orderId,
      kind: 'product',
      status: 'pending',
      invoiceToken: invoice.token,
    });

    const events = rowsOf<{ id: string; name: string; payload: Record<string, unknown> | string }>(
      await t.database.db.execute(sql`
        SELECT id, name, payload FROM domain_events
        WHERE payload->>'orderId' = ${orderId}
           OR payload->>'messageId' IN (${messages[0]!.id}, ${messages[1]!.id})
        ORDER BY name, payload->>'seq'`),
    ).map((row) => ({
      name: row.name,
      payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
      id: row.id,
    }));
    const actionMessage = (index: 0 | 1, businessAction: string) => ({
      chatId: invoice.chatId,
      messageId: messages[index]!.id,
      seq: before + 1 + index,
      senderId: buyer.id,
      recipientId: seller.id,
      subjectKind: 'product',
      businessAction,
    });
    expect(events.map((e) => [e.name, e.payload])).toEqual([
      // Live delivery of the two business actions (decision 186), then the messages themselves.
      ['chat.business-action-posted', actionMessage(0, 'invoice_accepted')],
      ['chat.business-action-posted', actionMessage(1, 'order_created')],
      [
        'chat.message-created',
        {
          chatId: invoice.chatId,
          messageId: messages[0]!.id,
          seq: before + 1,
          senderId: buyer.id,
          recipientId: seller.id,
          subjectKind: 'product',
          businessAction: 'invoice_accepted',
        },
      ],
      [
        'chat.message-created',
        {
          chatId: invoice.chatId,
          messageId: messages[1]!.id,
          seq: before + 2,
          senderId: buyer.id,
          recipientId: seller.id,
          subjectKind: 'product',
          businessAction: 'order_created',
        },
      ],
      [
        'order.changed',
        { orderId, kind: 'product', chatId: invoice.chatId, status: 'pending', change: 'created' },
      ],
    ]);
    // Each event has its deliveries, and they are handled.
    await t.app.events.drain();
    for (const event of events)
      expect(
        await count(sql`SELECT count(*) AS n FROM event_deliveries WHERE event_id = ${event.id}::uuid
                        AND delivered_at IS NOT NULL`),
      ).toBeGreaterThan(0);
  });

  it('stores nothing when the conversation is gone (404), the invoice stays pending', async () => {
    const invoice = await issueInvoiceFor(t, { buyer: otherBuyer, seller, productId });
    await t.database.db.execute(sql`DELETE FROM chats WHERE id = ${invoice.chatId}`);
    const res = await accept(otherBuyer, body(invoice.token));
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().error.code).toBe('INVOICE_NOT_FOUND');
    const [row] = rowsOf<{ status: string; order_id: string | null }>(
      await t.database.db.execute(sql`SELECT status, order_id FROM invoices WHERE id = ${invoice.invoiceId}`),
    );
    expect(row).toEqual({ status: 'pending', order_id: null });
    expect(await count(sql`SELECT count(*) AS n FROM orders WHERE invoice_id = ${invoice.invoiceId}`)).toBe(
      0,
    );
    expect(
      await count(sql`SELECT count(*) AS n FROM invoice_acceptances WHERE invoice_id = ${invoice.invoiceId}`),
    ).toBe(0);
  });

  it('50 concurrent accepts of one invoice make one order, and 50 concurrent intents one intent', async () => {
    const invoice = await issueInvoiceFor(t, { buyer, seller, productId });
    // The buyer's conversation about this product is reused from the test before: count what this adds.
    const created = async () =>
      (await chatActions(t, invoice.chatId)).filter((action) => action === 'order_created').length;
    const createdBefore = await created();
    const orderEvents = () =>
      count(sql`SELECT count(*) AS n FROM domain_events WHERE name = 'order.changed'
                AND payload->>'chatId' = ${invoice.chatId} AND payload->>'change' = 'created'`);
    const orderEventsBefore = await orderEvents();
    const answers = await Promise.all(Array.from({ length: 50 }, () => accept(buyer, body(invoice.token))));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 200)).toHaveLength(49);
    const orderIds = new Set(answers.map((res) => res.json<{ orderId: string }>().orderId));
    expect(orderIds.size).toBe(1);
    expect(await count(sql`SELECT count(*) AS n FROM orders WHERE invoice_id = ${invoice.invoiceId}`)).toBe(
      1,
    );
    expect(await created()).toBe(createdBefore + 1);
    // The 49 statements that matched nothing wrote no acceptance and no event either.
    expect(await orderEvents()).toBe(orderEventsBefore + 1);
    expect(
      await count(sql`SELECT count(*) AS n FROM invoice_acceptances WHERE invoice_id = ${invoice.invoiceId}`),
    ).toBe(1);

    const [orderId] = [...orderIds];
    const intents = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/payment/create-order-intent',
          headers: as(buyer),
          payload: { orderId },
        }),
      ),
    );
    expect(new Set(intents.map((res) => res.json<CreateOrderIntentResponse>().intentId)).size).toBe(1);
    expect(intents[0]!.json<CreateOrderIntentResponse>().amountCents).toBe(invoice.totalCents);
    expect(
      await count(
        sql`SELECT count(*) AS n FROM sandbox_payment_intents WHERE idempotency_key = ${`order:${orderId}`}`,
      ),
    ).toBe(1);
  });

  it('warms every pool connection with the accept, session and order statements, which write nothing (decision 215)', async () => {
    const written = () =>
      count(sql`SELECT (SELECT count(*) FROM orders) + (SELECT count(*) FROM invoice_acceptances)
                     + (SELECT count(*) FROM chat_messages) + (SELECT count(*) FROM domain_events)
                     + (SELECT count(*) FROM invoices WHERE status = 'accepted') AS n`);
    const before = await written();
    await t.database.warmUp();
    const names = warmStatementNames(t.database.db);
    if (t.database.driver === 'pglite') {
      expect(names).toEqual([]); // one embedded connection, no statement cache
      return;
    }
    // The session lookup, the accept statement and the payable-order read, the latter two also with the session
    // check they carry (decision 225).
    expect(names).toHaveLength(5);
    expect(await written()).toBe(before);
    type Connection = { connection: { parsedStatements: Record<string, string> } };
    // pg's pool and connection internals: its open connections and the statements each has parsed.
    type Client = {
      query: <R>(text: string, values: unknown[]) => Promise<{ rows: R[] }>;
      release: () => void;
    };
    const pool = (
      t.database.db as unknown as {
        $client: { _clients: Connection[]; options: { max: number }; connect: () => Promise<Client> };
      }
    ).$client;
    const connections = pool._clients;
    const parsed = () => new Map(connections.flatMap((c) => Object.entries(c.connection.parsedStatements)));
    expect(connections).toHaveLength(pool.options.max);
    for (const connection of connections)
      expect(Object.keys(connection.connection.parsedStatements)).toEqual(expect.arrayContaining(names));

    // Each connection ran them until PostgreSQL settled on a generic plan (decision 231): a request's run plans
    // nothing (PostgreSQL plans the first five runs of a prepared statement one by one).
    const held = await Promise.all(connections.map(() => pool.connect()));
    try {
      for (const client of held) {
        const { rows } = await client.query<{ name: string; generic_plans: string; custom_plans: string }>(
          'SELECT name, generic_plans, custom_plans FROM pg_prepared_statements WHERE name = ANY($1::text[])',
          [names],
        );
        expect(rows.map((row) => row.name).sort()).toEqual([...names].sort());
        for (const row of rows) expect(Number(row.generic_plans), row.name).toBeGreaterThan(0);
      }
    } finally {
      for (const client of held) client.release();
    }

    // A real accept and intent run the very statements prepared (the same text): none of them is parsed anew.
    const warm = parsed();
    const invoice = await issueInvoiceFor(t, { buyer, seller, productId });
    const res = await accept(buyer, body(invoice.token));
    expect(res.statusCode, res.body).toBe(201);
    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/create-order-intent',
      headers: as(buyer),
      payload: { orderId: res.json().orderId },
    });
    expect(intent.statusCode, intent.body).toBe(200);
    const parsedAnew = [...parsed()].filter(([name]) => !warm.has(name)).map(([, text]) => text);
    expect(
      parsedAnew.filter((text) => /accepted_invoice|FROM sessions s|FROM orders o LEFT JOIN/.test(text)),
    ).toEqual([]);
  });

  it.each(['product', 'service'] as const)(
    'refuses a second buyer, a seller and the wrong kind (404) of a %s invoice, and an expired or rejected one (409)',
    async (kind) => {
      const [path, wrongPath] =
        kind === 'product' ? ['invoice', 'service-invoice'] : ['service-invoice', 'invoice'];
      const subject = kind === 'product' ? { productId } : { serviceId };
      const invoice = await issueInvoiceFor(t, { buyer, seller, ...subject });
      for (const res of [
        await accept(otherBuyer, body(invoice.token), path),
        await accept(seller, body(invoice.token), path),
        await accept(otherSeller, body(invoice.token), path),
        await accept(otherSeller, body(invoice.token), path, 'seller'),
        await accept(buyer, body(invoice.token), wrongPath),
        await accept(buyer, body('x'.repeat(43)), path),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().error.code).toBe('INVOICE_NOT_FOUND');
      }
      // None of them accepted it: still pending, no order, no acceptance.
      const [stored] = rowsOf<{ status: string; order_id: string | null }>(
        await t.database.db.execute(
          sql`SELECT status, order_id FROM invoices WHERE id = ${invoice.invoiceId}`,
        ),
      );
      expect(stored).toEqual({ status: 'pending', order_id: null });
      expect(
        await count(
          sql`SELECT count(*) AS n FROM invoice_acceptances WHERE invoice_id = ${invoice.invoiceId}`,
        ),
      ).toBe(0);
      await t.database.db.execute(
        sql`UPDATE invoices SET expires_at = now() - interval '1 minute' WHERE id::text = ${invoice.invoiceId}`,
      );
      const expired = await accept(buyer, body(invoice.token), path);
      expect(expired.statusCode).toBe(409);
      expect(expired.json().error.code).toBe('INVOICE_EXPIRED');
      expect(await count(sql`SELECT count(*) AS n FROM orders WHERE invoice_id = ${invoice.invoiceId}`)).toBe(
        0,
      );

      const rejectedInvoice = await issueInvoiceFor(t, { buyer, seller, ...subject });
      const rejected = await t.app.inject({
        method: 'POST',
        url: `/api/v1/${path}/reject`,
        headers: as(buyer),
        payload: { invoiceToken: rejectedInvoice.token, reason: 'The price is above our budget.' },
      });
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect((await accept(buyer, body(rejectedInvoice.token), path)).json().error.code).toBe(
        'INVOICE_NOT_PENDING',
      );
    },
  );

  it('needs a billing address when it is not the shipping one, current terms and a drawn signature', async () => {
    const invoice = await issueInvoiceFor(t, { buyer, seller, productId });
    const noBilling = await accept(buyer, body(invoice.token, { isBillingSameAsShipping: false }));
    expect(noBilling.statusCode).toBe(400);
    expect(noBilling.json().error.fields).toMatchObject({
      billingAddress: 'errors:BILLING_ADDRESS_REQUIRED',
    });
    const badPostal = await accept(
      buyer,
      body(invoice.token, { shippingAddress: { ...shippingAddress, postalCode: '12345' } }),
    );
    expect(badPostal.statusCode).toBe(400);
    const outdated = await accept(buyer, body(invoice.token, { termsVersion: '1999-01-01' }));
    expect(outdated.statusCode).toBe(409);
    expect(outdated.json().error.code).toBe('INVOICE_TERMS_OUTDATED');
    const script = await accept(
      buyer,
      body(invoice.token, {
        signature: { fullName: 'Bea Buyer', svg: '<svg><script>alert(1)</script></svg>' },
      }),
    );
    expect(script.statusCode).toBe(400);
    expect(await count(sql`SELECT count(*) AS n FROM orders WHERE invoice_id = ${invoice.invoiceId}`)).toBe(
      0,
    );

    const billing = {
      ...shippingAddress,
      line1: '9 Rue Saint-Paul',
      city: 'Montréal',
      province: 'QC' as const,
      postalCode: 'H2Y 1G6',
      addressType: 'Billing' as const,
    };
    const res = await accept(
      buyer,
      body(invoice.token, { isBillingSameAsShipping: false, billingAddress: billing }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const order = (
      await t.app.inject({ method: 'GET', url: `/api/v1/orders/${res.json().orderId}`, headers: as(buyer) })
    ).json<{ order: Order }>().order;
    expect(order.billingAddress).toMatchObject({ city: 'Montréal', province: 'QC', addressType: 'Billing' });
  });

  it('accepts a service invoice into a service order, paid through create-service-order-intent', async () => {
    const invoice = await issueInvoiceFor(t, { buyer, seller, serviceId });
    expect((await accept(buyer, body(invoice.token))).statusCode).toBe(404); // not a product invoice
    const res = await accept(buyer, body(invoice.token), 'service-invoice');
    expect(res.statusCode, res.body).toBe(201);
    const { orderId, kind } = res.json<{ orderId: string; kind: string }>();
    expect(kind).toBe('service');
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1/service-orders/${orderId}`,
      headers: as(buyer),
    });
    expect(read.json<{ order: Order }>().order).toMatchObject({
      kind: 'service',
      totalCents: invoice.totalCents,
    });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/orders/${orderId}`, headers: as(buyer) }))
        .statusCode,
    ).toBe(404);
    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/create-service-order-intent',
      headers: as(buyer),
      payload: { orderId },
    });
    expect(intent.statusCode, intent.body).toBe(200);
    expect(intent.json<CreateOrderIntentResponse>().amountCents).toBe(invoice.totalCents);
    const wrongKind = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/create-order-intent',
      headers: as(buyer),
      payload: { orderId },
    });
    expect(wrongKind.statusCode).toBe(404);
  });
});

describe("the order's product or service name in English and French (decision 232)", () => {
  const productNames = async (id: number) =>
    rowsOf<{ name_en: string; name_fr: string }>(
      await t.database.db.execute(sql`SELECT name_en, name_fr FROM products WHERE id = ${id}`),
    )[0]!;
  const storedOrder = async (orderId: string) =>
    rowsOf<{ name: string; fr: string | null }>(
      await t.database.db.execute(
        sql`SELECT subject_name AS name, subject_name_fr AS fr FROM orders WHERE id = ${orderId}`,
      ),
    )[0]!;
  const acceptedOrder = async (party: Party) => {
    const invoice = await issueInvoiceFor(t, { buyer: party, seller, productId });
    const res = await accept(party, body(invoice.token));
    expect(res.statusCode, res.body).toBe(201);
    return { invoice, orderId: res.json<{ orderId: string }>().orderId };
  };

  it('accepting copies both names into the order, which the buyer and the seller read', async () => {
    const names = await productNames(productId);
    expect(names.name_fr).not.toBe(names.name_en);
    const { orderId } = await acceptedOrder(buyer);
    expect(await storedOrder(orderId)).toEqual({ name: names.name_en, fr: names.name_fr });
    const read = await t.app.inject({ method: 'GET', url: `/api/v1/orders/${orderId}`, headers: as(buyer) });
    expect(read.json<{ order: Order }>().order.subject).toMatchObject({
      name: names.name_en,
      nameFr: names.name_fr,
    });
    const sellers = await t.app.inject({
      method: 'GET',
      url: `/api/v1/seller/orders/${orderId}`,
      headers: as(seller, 'seller'),
    });
    expect(sellers.statusCode, sellers.body).toBe(200);
    expect(sellers.json<{ order: Order }>().order.subject.nameFr).toBe(names.name_fr);
  });

  it("My orders and the seller's orders find an order by its French product name", async () => {
    const names = await productNames(productId);
    expect(names.name_en.toLowerCase()).not.toContain(names.name_fr.toLowerCase());
    const searcher = await makeUser(t, ['buyer'], 'Fran Searcher');
    const { orderId } = await acceptedOrder(searcher);
    const search = encodeURIComponent(names.name_fr.toUpperCase());
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders?search=${search}`,
      headers: as(searcher),
    });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json<OrderList>().items.map((order) => order.id)).toEqual([orderId]);
    const sellers = await t.app.inject({
      method: 'GET',
      url: `/api/v1/seller/orders?search=${search}&pageSize=50`,
      headers: as(seller, 'seller'),
    });
    expect(sellers.json<OrderList>().items.map((order) => order.id)).toContain(orderId);
    const nothing = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders?search=${encodeURIComponent('Aucun produit de ce nom')}`,
      headers: as(searcher),
    });
    expect(nothing.json<OrderList>().total).toBe(0);
  });

  it('migration 0687 fills older invoices and their orders only where the catalogue still has that name', async () => {
    const migration = readFileSync(
      new URL('../../db/migrations/0687_invoices_orders_subject_name_in_both_languages.sql', import.meta.url),
      'utf8',
    );
    // Its three backfill statements (after the ALTERs the test database already ran), one at a time.
    const statements = migration
      .slice(migration.indexOf('UPDATE invoices'))
      .split(';')
      .map((part) => part.replace(/--.*$/gm, '').trim())
      .filter(Boolean);
    expect(statements).toHaveLength(3);
    const backfill = async (db: typeof t.database.db) => {
      for (const statement of statements) await db.execute(sql.raw(statement));
    };
    const names = await productNames(productId);
    const { invoice, orderId } = await acceptedOrder(buyer);
    const storedInvoice = async (db: typeof t.database.db) =>
      rowsOf<{ fr: string | null }>(
        await db.execute(sql`SELECT subject_name_fr AS fr FROM invoices WHERE id = ${invoice.invoiceId}`),
      )[0]!.fr;
    const forget = async (db: typeof t.database.db) => {
      await db.execute(sql`UPDATE invoices SET subject_name_fr = NULL WHERE id = ${invoice.invoiceId}`);
      await db.execute(sql`UPDATE orders SET subject_name_fr = NULL WHERE id = ${orderId}`);
    };

    // Unambiguous: the product is still there under the English name the invoice was issued with.
    await forget(t.database.db);
    await backfill(t.database.db);
    expect(await storedInvoice(t.database.db)).toBe(names.name_fr);
    expect((await storedOrder(orderId)).fr).toBe(names.name_fr);

    // Renamed since (or gone): which French name is meant cannot be told, none is given; the order follows.
    await withTransaction(t.database.db, async (tx) => {
      await forget(tx);
      await tx.execute(
        sql`UPDATE products SET name_en = ${`${names.name_en} (renamed)`} WHERE id = ${productId}`,
      );
      await backfill(tx);
      expect(await storedInvoice(tx)).toBeNull();
      expect(
        rowsOf<{ fr: string | null }>(
          await tx.execute(sql`SELECT subject_name_fr AS fr FROM orders WHERE id = ${orderId}`),
        )[0]!.fr,
      ).toBeNull();
      // Another product that has the English name now is another product: still none.
      await tx.execute(sql`UPDATE products SET name_en = ${names.name_en}
        WHERE id = (SELECT min(id) FROM products WHERE id <> ${productId})`);
      await backfill(tx);
      expect(await storedInvoice(tx)).toBeNull();
      throw new Error('rolled back');
    }).catch((error: unknown) => {
      if (!(error instanceof Error) || error.message !== 'rolled back') throw error;
    });
    expect(await storedInvoice(t.database.db)).toBe(names.name_fr);
  });
});

/**
 * Decision 225: for a session this process has resolved before, the accept statement and the intent's order read
 * check the session themselves (no lookup before them); whatever they refuse goes the usual way, so a dead session
 * still answers 401, a role not held 403, and a refusal before the statement never answers for a dead session.
 */
describe('the session checked inside the accept and intent statements', () => {
  const intentFor = (party: Party, orderId: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/create-order-intent',
      headers: as(party),
      payload: { orderId },
    });
  const revoke = (party: Party) =>
    t.database.db.execute(sql`UPDATE sessions SET revoked_at = now() WHERE user_id = ${party.id}::uuid`);
  const lookUps = () => vi.spyOn(t.app.auth.sessions, 'resolve');
  const invoiceState = async (invoiceId: string) =>
    rowsOf<{ status: string; orders: number | string }>(
      await t.database.db.execute(
        sql`SELECT i.status, (SELECT count(*) FROM orders o WHERE o.invoice_id = i.id::text) AS orders
            FROM invoices i WHERE i.id::text = ${invoiceId}`,
      ),
    )[0]!;

  it('accepts and makes the intent without a session lookup once the session is known, and marks it used', async () => {
    const fresh = await makeUser(t, ['buyer'], 'Kim Known');
    const invoice = await issueInvoiceFor(t, { buyer: fresh, seller, productId }); // resolves the session once
    await t.database.db.execute(
      sql`UPDATE sessions SET last_seen_at = now() - interval '20 minutes' WHERE user_id = ${fresh.id}::uuid`,
    );
    const spy = lookUps();
    try {
      const res = await accept(fresh, body(invoice.token));
      expect(res.statusCode, res.body).toBe(201);
      const intent = await intentFor(fresh, res.json().orderId);
      expect(intent.statusCode, intent.body).toBe(200);
      expect(intent.json<CreateOrderIntentResponse>().amountCents).toBe(invoice.totalCents);
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
    // The statement marked the session used, as the lookup would have (at most every 10 minutes).
    const [session] = rowsOf<{ recent: boolean }>(
      await t.database.db.execute(
        sql`SELECT last_seen_at > now() - interval '1 minute' AS recent FROM sessions WHERE user_id = ${fresh.id}::uuid`,
      ),
    );
    expect(session!.recent).toBe(true);
  });

  it('answers 401 for a known session revoked since, writes nothing, and clears the cookie', async () => {
    const fresh = await makeUser(t, ['buyer'], 'Rex Revoked');
    const invoice = await issueInvoiceFor(t, { buyer: fresh, seller, productId });
    const placed = await accept(fresh, body(invoice.token));
    expect(placed.statusCode, placed.body).toBe(201);
    const second = await issueInvoiceFor(t, { buyer: fresh, seller, productId });
    await revoke(fresh);

    const res = await accept(fresh, body(second.token));
    expect(res.statusCode, res.body).toBe(401);
    expect(String(res.headers['set-cookie'])).toContain('ms_session=;');
    const state = await invoiceState(second.invoiceId);
    expect([state.status, Number(state.orders)]).toEqual(['pending', 0]);
    // Refused before the statement (outdated terms): still 401, not the refusal, for a dead session.
    const outdated = await accept(fresh, body(second.token, { termsVersion: 'old' }));
    expect(outdated.statusCode, outdated.body).toBe(401);

    const intent = await intentFor(fresh, placed.json().orderId);
    expect(intent.statusCode, intent.body).toBe(401);
    expect((await intentFor(fresh, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(401);
    expect(
      await count(
        sql`SELECT count(*) AS n FROM order_payments WHERE order_id = ${placed.json().orderId}::uuid`,
      ),
    ).toBe(0);
  });

  it('answers 401 for a known session past its expiry or idle too long', async () => {
    for (const expire of [
      sql`expires_at = now() - interval '1 second'`,
      sql`last_seen_at = now() - interval '8 days'`,
    ]) {
      const fresh = await makeUser(t, ['buyer'], 'Eve Expired');
      const invoice = await issueInvoiceFor(t, { buyer: fresh, seller, productId });
      await t.database.db.execute(sql`UPDATE sessions SET ${expire} WHERE user_id = ${fresh.id}::uuid`);
      const res = await accept(fresh, body(invoice.token));
      expect(res.statusCode, res.body).toBe(401);
      expect(Number((await invoiceState(invoice.invoiceId)).orders)).toBe(0);
    }
  });

  it('answers 403 for a role the account does not hold, and the refusals of a live session as before', async () => {
    const fresh = await makeUser(t, ['buyer'], 'Rita Role');
    const invoice = await issueInvoiceFor(t, { buyer: fresh, seller, productId });
    const asSeller = await accept(fresh, body(invoice.token), 'invoice', 'seller');
    expect(asSeller.statusCode, asSeller.body).toBe(403);
    expect(asSeller.json().error.code).toBe('ROLE_NOT_HELD');
    const outdated = await accept(fresh, body(invoice.token, { termsVersion: 'old' }));
    expect(outdated.statusCode, outdated.body).toBe(409);
    expect(outdated.json().error.code).toBe('INVOICE_TERMS_OUTDATED');
    const unsigned = await accept(
      fresh,
      body(invoice.token, { signature: { fullName: ' ', svg: signatureSvg } }),
    );
    expect(unsigned.statusCode, unsigned.body).toBe(400);
    expect(Number((await invoiceState(invoice.invoiceId)).orders)).toBe(0);
    // Someone else's invoice, and someone else's order, through the checked statements: 404.
    const foreign = await accept(fresh, body((await issueInvoiceFor(t, { buyer, seller, productId })).token));
    expect(foreign.statusCode, foreign.body).toBe(404);
    const placed = await accept(fresh, body(invoice.token));
    expect(placed.statusCode, placed.body).toBe(201);
    const again = await accept(fresh, body(invoice.token));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().orderId).toBe(placed.json().orderId);
    expect((await intentFor(otherBuyer, placed.json().orderId)).statusCode).toBe(404);
    expect((await intentFor(fresh, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await intentFor(fresh, placed.json().orderId)).statusCode).toBe(200);
  });

  it('looks the session up for an Idempotency-Key request, whose answer is stored per user', async () => {
    const fresh = await makeUser(t, ['buyer'], 'Ida Idem');
    const invoice = await issueInvoiceFor(t, { buyer: fresh, seller, productId });
    const spy = lookUps();
    try {
      const send = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/invoice/accept',
          headers: { ...as(fresh), 'idempotency-key': `accept-${invoice.invoiceId}` },
          payload: body(invoice.token),
        });
      const first = await send();
      expect(first.statusCode, first.body).toBe(201);
      const replay = await send();
      expect(replay.statusCode).toBe(201);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(spy).toHaveBeenCalledTimes(2);
    } finally {
      spy.mockRestore();
    }
  });
});
