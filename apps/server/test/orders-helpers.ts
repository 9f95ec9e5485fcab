import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  invoiceAcceptanceTerms,
  type CreateOrderIntentResponse,
  type InvoiceTaxLine,
  type OrderAddress,
  type OrderKind,
} from '@maplesource/contracts';
import { rowsOf, withTransaction } from '../src/db/transaction';
import { createTestApp, type TestApp } from './helpers';

export { waitFor } from './wait-for';

/** Test parties and orders for the orders / payments tests, made straight in the database (fast and exact). */
export interface Party {
  id: string;
  cookie: string;
  name: string;
}

let counter = 0;

export async function makeUser(t: TestApp, roles: string[], name: string): Promise<Party> {
  counter += 1;
  const id = randomUUID();
  const n = `${process.pid % 1000}${String(counter).padStart(4, '0')}${Math.floor(Math.random() * 100)}`;
  await t.database.db.execute(
    sql`INSERT INTO users (id, member_id, full_name, email, phone_number, password_hash, roles)
        VALUES (${id}, ${`O${n}`}, ${name}, ${`o${n}@example.ca`}, ${`+1613${n.padStart(7, '0').slice(-7)}`}, 'x',
                ${`{${roles.join(',')}}`})`,
  );
  const token = await t.app.auth.sessions.create(id);
  return { id, cookie: `ms_session=${token}`, name };
}

export async function makeStorefront(
  t: TestApp,
  owner: Party,
  verified: boolean,
): Promise<{ id: number; slug: string }> {
  counter += 1;
  const slug = `order-test-${process.pid}-${counter}-${Math.floor(Math.random() * 1e6)}`;
  const [row] = rowsOf<{ id: string }>(
    await t.database.db.execute(sql`
      INSERT INTO sellers (slug, name, business_type, province, city, postal_code, verified, claimed, owner_user_id)
      VALUES (${slug}, ${`${owner.name} Supply`}, 'supplier', 'ON', 'Ottawa', 'K1A 0B1', ${verified}, true, ${owner.id})
      RETURNING id`),
  );
  return { id: Number(row!.id), slug };
}

export const shippingAddress: OrderAddress = {
  fullName: 'Bea Buyer',
  line1: '100 Queen St W',
  line2: null,
  city: 'Toronto',
  province: 'ON',
  postalCode: 'M5H 2N2',
  country: 'CA',
  phone: null,
  addressType: 'Shipping',
};

/** A conversation between the buyer and the seller user, and an order in it as the accept workflow makes one. */
export async function makeOrder(
  app: FastifyInstance,
  input: {
    buyer: Party;
    seller: Party;
    storefront: { id: number; slug: string };
    kind?: OrderKind;
    totalCents?: number;
    leadDays?: number;
    subjectName?: string;
    subjectNameFr?: string | null;
    /** The order's tax components (their sum is the tax); one HST line of 13 % by default. */
    taxLines?: InvoiceTaxLine[];
  },
): Promise<{ orderId: string; chatId: string; invoiceId: string }> {
  const kind = input.kind ?? 'product';
  const invoiceId = randomUUID();
  return withTransaction(app.db, async (tx) => {
    const { chatId } = await app.chat.openConversation(tx, {
      buyerId: input.buyer.id,
      sellerUserId: input.seller.id,
      subject: { kind, id: Math.floor(Math.random() * 1e9) },
      quotationId: null,
      names: {
        subject: input.subjectName ?? 'Steel brackets',
        buyer: input.buyer.name,
        seller: input.seller.name,
      },
    });
    const total = input.totalCents ?? 11_300;
    const tax = input.taxLines
      ? input.taxLines.reduce((sum, line) => sum + line.amountCents, 0)
      : total - (Math.round(total / 1.13) - 500) - 500;
    const order = await app.orders.create(tx, {
      kind,
      invoiceId,
      invoiceToken: `tok_${invoiceId.replace(/-/g, '')}`,
      chatId,
      buyer: { userId: input.buyer.id, name: input.buyer.name },
      sellerUserId: input.seller.id,
      seller: {
        sellerId: input.storefront.id,
        slug: input.storefront.slug,
        name: `${input.seller.name} Supply`,
      },
      subject: {
        id: 1,
        name: input.subjectName ?? 'Steel brackets',
        nameFr: input.subjectNameFr === undefined ? 'Supports en acier' : input.subjectNameFr,
        category: 'Hardware',
        quantity: 10,
        unit: null,
      },
      negotiatedPriceCents: total - 500 - tax,
      shippingCents: 500,
      timeZone: 'America/Toronto',
      taxCents: tax,
      taxLines: input.taxLines ?? [{ code: 'HST', ratePercent: '13', amountCents: tax }],
      totalCents: total,
      leadDays: input.leadDays ?? 5,
      shippingAddress,
      billingAddress: { ...shippingAddress, addressType: 'Billing' },
      placedAt: new Date(),
    });
    return { orderId: order.id, chatId, invoiceId };
  });
}

export const as = (party: Party | null, role: 'buyer' | 'seller' | 'admin' = 'buyer') => ({
  role,
  ...(party ? { cookie: party.cookie } : {}),
});

/** What the checkout's card form sends the sandbox: `cardNumber` (one of Stripe's test numbers), valid two more years. */
export const sandboxCard = (cardNumber: string, clientSecret: string, extra: object = {}) => ({
  clientSecret,
  cardNumber,
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 2,
  cvc: '123',
  postalCode: 'M5H 2N2',
  ...extra,
});

/** The sandbox card endpoint's answer to `intent` paid with `cardNumber` (the 4242 card, which succeeds, by default). */
export const confirmSandboxCard = (
  t: TestApp,
  intent: CreateOrderIntentResponse,
  cardNumber = '4242 4242 4242 4242',
  extra: object = {},
) =>
  t.app.inject({
    method: 'POST',
    url: intent.confirmUrl!,
    payload: sandboxCard(cardNumber, intent.clientSecret, extra),
  });

/**
 * The buyer pays the order with the sandbox's 4242 card (through the intent route and the sandbox's card endpoint,
 * as the checkout does); the signed webhook then settles it — callers wait for what they need.
 */
export async function paySandboxCard(t: TestApp, buyer: Party, orderId: string) {
  const intent = (
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/create-order-intent',
      headers: as(buyer),
      payload: { orderId },
    })
  ).json<CreateOrderIntentResponse>();
  const paid = await confirmSandboxCard(t, intent);
  if (paid.statusCode !== 200)
    throw new Error(`The sandbox card was refused: ${paid.statusCode} ${paid.body}`);
  return intent;
}

export const chatActions = async (t: TestApp, chatId: string) =>
  rowsOf<{ business_action: string | null }>(
    await t.database.db.execute(
      sql`SELECT business_action FROM chat_messages WHERE chat_id = ${chatId} ORDER BY seq`,
    ),
  ).map((row) => row.business_action);

/**
 * A test app for card payments: its jobs poll every half second (captures, webhooks and e-mails happen while the
 * test waits) and the payment webhooks are signed with `webhookSecret`.
 */
export function createPaymentTestApp(
  webhookSecret: string,
  options: Omit<NonNullable<Parameters<typeof createTestApp>[0]>, 'env'> = {},
): Promise<TestApp> {
  return createTestApp({
    ...options,
    env: { JOBS_POLLING_INTERVAL_SECONDS: '0.5', PAYMENT_WEBHOOK_SECRET: webhookSecret },
  });
}

/** A buyer and a seller (named `names`) with a verified storefront of the seller's (made in the database). */
export async function buyerAndStorefront(
  t: TestApp,
  names: { buyer: string; seller: string },
): Promise<{ buyer: Party; seller: Party; storefront: { id: number; slug: string } }> {
  const buyer = await makeUser(t, ['buyer'], names.buyer);
  const seller = await makeUser(t, ['buyer', 'seller'], names.seller);
  return { buyer, seller, storefront: await makeStorefront(t, seller, true) };
}

/** POST dev/storefront from this machine: a storefront of `user`'s own with one product, their ids. */
export async function devStorefront(
  t: TestApp,
  user: { cookie: string },
): Promise<{ sellerId: number; productId: number }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/dev/storefront',
    headers: { role: 'buyer', cookie: user.cookie },
    remoteAddress: '127.0.0.1',
  });
  if (res.statusCode !== 201) throw new Error(`dev storefront: ${res.statusCode} ${res.body}`);
  const body = res.json<{ seller: { id: number }; product: { id: number } }>();
  return { sellerId: Number(body.seller.id), productId: Number(body.product.id) };
}

/** A storefront with a product owned by `seller`, with tax registration numbers (so invoices can be issued). */
export async function makeInvoicingSeller(
  t: TestApp,
  seller: Party,
): Promise<{ sellerId: number; productId: number }> {
  const made = await devStorefront(t, seller);
  await setTaxProfile(t, seller, made.sellerId);
  return made;
}

/** The storefront's legal name and GST/HST number, which invoices need. */
export async function setTaxProfile(t: TestApp, seller: Party, sellerId: number) {
  const profile = await t.app.inject({
    method: 'PUT',
    url: `/api/v1/seller/${sellerId}/tax-profile`,
    headers: as(seller, 'seller'),
    payload: {
      legalName: `${seller.name} Manufacturing Inc.`,
      gstHstNumber: '123456789RT0001',
      qstNumber: null,
      smallSupplier: false,
    },
  });
  if (profile.statusCode !== 200) throw new Error(`tax profile: ${profile.statusCode} ${profile.body}`);
}

/** The buyer's inquiry about the product opens a conversation; the seller issues an invoice in it. */
export async function issueInvoiceFor(
  t: TestApp,
  input: {
    buyer: Party;
    seller: Party;
    productId?: number;
    serviceId?: number;
    negotiatedPriceCents?: number;
    /** More fields of the issue-invoice body (terms, deadline…). */
    extra?: Record<string, unknown>;
  },
): Promise<{ chatId: string; token: string; invoiceId: string; totalCents: number; deadline: string }> {
  const deadline = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const inquiry = await t.app.inject({
    method: 'POST',
    url: input.serviceId ? '/api/v1/service-quotation' : '/api/v1/quotation',
    headers: as(input.buyer),
    payload: {
      ...(input.serviceId ? { serviceId: input.serviceId } : { productId: input.productId }),
      quantity: 10,
      minPrice: 10,
      maxPrice: 20,
      deadline,
      deliveryProvince: 'ON',
      deliveryPostalCode: 'M5H2N2',
      leadDays: 5,
      message: 'Brackets for a retrofit.',
    },
  });
  if (inquiry.statusCode !== 201) throw new Error(`inquiry: ${inquiry.statusCode} ${inquiry.body}`);
  const chatId = inquiry.json<{ chatId: string }>().chatId;
  const issued = await t.app.inject({
    method: 'POST',
    url: `/api/v1/${input.serviceId ? 'service-chats' : 'chats'}/${chatId}/invoices`,
    headers: as(input.seller, 'seller'),
    payload: {
      negotiatedPriceCents: input.negotiatedPriceCents ?? 15_000,
      shippingCents: 1_000,
      ...input.extra,
    },
  });
  if (issued.statusCode !== 201) throw new Error(`invoice: ${issued.statusCode} ${issued.body}`);
  const invoice = issued.json<{ invoice: { id: string; token: string; totalCents: number } }>().invoice;
  return { chatId, token: invoice.token, invoiceId: invoice.id, totalCents: invoice.totalCents, deadline };
}

export const signatureSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 200"><path d="M10 80 C 40 10, 65 10, 95 80 S 150 150, 180 80" stroke="#000" stroke-width="2" fill="none"/></svg>';

/** The buyer accepts the invoice (signed, shipping to `shippingAddress`), which creates the order. */
export async function acceptInvoiceAs(
  t: TestApp,
  buyer: Party,
  invoice: { invoiceId: string; token: string },
): Promise<string> {
  const accept = await t.app.inject({
    method: 'POST',
    url: '/api/v1/invoice/accept',
    headers: { ...as(buyer), 'idempotency-key': `accept-${invoice.invoiceId}` },
    payload: {
      invoiceToken: invoice.token,
      shippingAddress,
      billingAddress: null,
      isBillingSameAsShipping: true,
      signature: { fullName: buyer.name, svg: signatureSvg },
      termsVersion: invoiceAcceptanceTerms.version,
      termsLanguage: 'en',
    },
  });
  if (accept.statusCode !== 201) throw new Error(`accept: ${accept.statusCode} ${accept.body}`);
  return accept.json<{ orderId: string }>().orderId;
}
