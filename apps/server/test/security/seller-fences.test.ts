import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { SellerImportJob } from '@maplesource/contracts';
import { rowsOf } from '../../src/db/transaction';
import { createTestApp, type TestApp } from '../helpers';
import { issueInvoiceFor, makeOrder, makeUser, setTaxProfile, waitFor, type Party } from '../orders-helpers';
import {
  insertCategory as insertSellerCategory,
  ownedStorefront,
  sellerProductInput,
  sellerServiceInput,
} from '../seller-helpers';
import { listOperations, type Operation } from './openapi-operations';

/**
 * Every seller route acts only on the caller's own storefront: another seller who sends the owner's storefront,
 * product, service, quotation, conversation, order and import job ids gets 404 and changes nothing; a buyer gets
 * 403. The routes come from the OpenAPI document: a new seller route fails this test until it is listed below,
 * with the owner's ids it takes (or, for a route that names no id, why the caller cannot reach another's data).
 */

let t: TestApp;
let owner: Party;
let intruder: Party;
let buyer: Party;
const suffix = `${process.pid}-${Date.now()}`;
let keys = 0;
const idempotent = () => ({ 'idempotency-key': `fence-${suffix}-${++keys}` });

/** The owner's resources, by the name the routes give their ids. */
interface OwnerIds {
  sellerId: string;
  productId: string;
  serviceId: string;
  quotationId: string;
  chatId: string;
  serviceChatId: string;
  orderId: string;
  invoiceId: string;
  invoiceToken: string;
  serviceInvoiceToken: string;
  jobId: string;
  csv: string;
}
let ids: OwnerIds;
let intruderSellerId: string;
let subcategoryId: string;
let serviceSubcategoryId: string;

const productInput = (sku: string) => sellerProductInput(subcategoryId, { sku });
const serviceInput = (sku: string) => sellerServiceInput(serviceSubcategoryId, { sku });

/** One attempt at a route with the owner's ids. */
interface Attempt {
  url: (ids: OwnerIds) => string;
  body?: (ids: OwnerIds) => object;
  csv?: boolean;
}

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const period = `from=${day(-30)}&to=${day(1)}`;
const someRfqId = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';

/** Seller routes that name an owner's resource: each attempt must answer the intruder 404. */
const fenced: Record<string, Attempt[]> = {
  'GET /api/v1/seller/{id}/tax-profile': [{ url: (o) => `/api/v1/seller/${o.sellerId}/tax-profile` }],
  'PUT /api/v1/seller/{id}/tax-profile': [
    {
      url: (o) => `/api/v1/seller/${o.sellerId}/tax-profile`,
      body: () => ({
        legalName: 'Intruder Inc.',
        gstHstNumber: '123456789RT0001',
        qstNumber: null,
        smallSupplier: false,
      }),
    },
  ],
  'GET /api/v1/seller/{id}/payout-account': [{ url: (o) => `/api/v1/seller/${o.sellerId}/payout-account` }],
  'GET /api/v1/seller/{id}/payouts': [{ url: (o) => `/api/v1/seller/${o.sellerId}/payouts` }],
  'POST /api/v1/seller/{id}/payout-account/onboarding': [
    { url: (o) => `/api/v1/seller/${o.sellerId}/payout-account/onboarding` },
  ],
  'PUT /api/v1/seller/{id}/payout-account/settings': [
    {
      url: (o) => `/api/v1/seller/${o.sellerId}/payout-account/settings`,
      body: () => ({ schedule: { interval: 'daily' }, minimumCents: 100 }),
    },
  ],
  'GET /api/v1/seller/{sellerId}/storefront': [{ url: (o) => `/api/v1/seller/${o.sellerId}/storefront` }],
  'PUT /api/v1/seller/{sellerId}/storefront': [
    {
      url: (o) => `/api/v1/seller/${o.sellerId}/storefront`,
      body: () => ({
        logoUrl: null,
        bannerUrl: null,
        descriptionEn: 'Taken over.',
        descriptionFr: '',
        contactEmail: null,
        contactPhone: null,
        website: null,
        serviceProvinces: ['ON'],
        certifications: [],
        yearEstablished: 2001,
      }),
    },
  ],
  'GET /api/v1/seller/{sellerId}/products': [{ url: (o) => `/api/v1/seller/${o.sellerId}/products` }],
  'POST /api/v1/seller/{sellerId}/products': [
    { url: (o) => `/api/v1/seller/${o.sellerId}/products`, body: () => productInput('INTRUDER-P') },
  ],
  'GET /api/v1/seller/products/{id}': [{ url: (o) => `/api/v1/seller/products/${o.productId}` }],
  'PUT /api/v1/seller/products/{id}': [
    { url: (o) => `/api/v1/seller/products/${o.productId}`, body: () => productInput('FENCE-P') },
  ],
  'POST /api/v1/seller/products/{id}/status': [
    { url: (o) => `/api/v1/seller/products/${o.productId}/status`, body: () => ({ action: 'archive' }) },
  ],
  'POST /api/v1/seller/products/{id}/duplicate': [
    { url: (o) => `/api/v1/seller/products/${o.productId}/duplicate` },
  ],
  'GET /api/v1/seller/{sellerId}/services': [{ url: (o) => `/api/v1/seller/${o.sellerId}/services` }],
  'POST /api/v1/seller/{sellerId}/services': [
    { url: (o) => `/api/v1/seller/${o.sellerId}/services`, body: () => serviceInput('INTRUDER-S') },
  ],
  'GET /api/v1/seller/services/{id}': [{ url: (o) => `/api/v1/seller/services/${o.serviceId}` }],
  'PUT /api/v1/seller/services/{id}': [
    { url: (o) => `/api/v1/seller/services/${o.serviceId}`, body: () => serviceInput('FENCE-S') },
  ],
  'POST /api/v1/seller/services/{id}/status': [
    { url: (o) => `/api/v1/seller/services/${o.serviceId}/status`, body: () => ({ action: 'archive' }) },
  ],
  'POST /api/v1/seller/services/{id}/duplicate': [
    { url: (o) => `/api/v1/seller/services/${o.serviceId}/duplicate` },
  ],
  'GET /api/v1/seller/{sellerId}/{kind}/csv-template': ['products', 'services'].map((kind) => ({
    url: (o: OwnerIds) => `/api/v1/seller/${o.sellerId}/${kind}/csv-template`,
  })),
  'GET /api/v1/seller/{sellerId}/{kind}/csv-export': ['products', 'services'].map((kind) => ({
    url: (o: OwnerIds) => `/api/v1/seller/${o.sellerId}/${kind}/csv-export`,
  })),
  'POST /api/v1/seller/{sellerId}/{kind}/csv-import': [true, false].map((dryRun) => ({
    url: (o: OwnerIds) =>
      `/api/v1/seller/${o.sellerId}/products/csv-import?dryRun=${dryRun}&fileName=fence.csv`,
    csv: true,
  })),
  'GET /api/v1/seller/{sellerId}/csv-imports': [{ url: (o) => `/api/v1/seller/${o.sellerId}/csv-imports` }],
  'GET /api/v1/seller/csv-imports/{jobId}': [{ url: (o) => `/api/v1/seller/csv-imports/${o.jobId}` }],
  'POST /api/v1/quotation/{quotationId}/decision': [
    { url: (o) => `/api/v1/quotation/${o.quotationId}/decision`, body: () => ({ decision: 'rejected' }) },
  ],
  'GET /api/v1/seller/orders/{id}': [{ url: (o) => `/api/v1/seller/orders/${o.orderId}` }],
  'POST /api/v1/seller/orders/{id}/status': [
    {
      url: (o) => `/api/v1/seller/orders/${o.orderId}/status`,
      body: () => ({ status: 'shipped', trackingNumber: '1Z999', carrier: 'UPS' }),
    },
  ],
  'POST /api/v1/seller/orders/{id}/payment-review/answer': [
    {
      url: (o) => `/api/v1/seller/orders/${o.orderId}/payment-review/answer`,
      body: () => ({ answer: 'Every bracket left our dock intact.' }),
    },
  ],
  'POST /api/v1/chats/{chatId}/invoices': [
    {
      url: (o) => `/api/v1/chats/${o.chatId}/invoices`,
      body: () => ({ negotiatedPriceCents: 9_000, shippingCents: 0 }),
    },
  ],
  // The owner's storefront (its items' and its storefront figures, decision 290), and the owner's item asked
  // through the intruder's own storefront.
  'GET /api/v1/seller/{sellerId}/stats': [
    { url: (o) => `/api/v1/seller/${o.sellerId}/stats?${period}` },
    { url: (o) => `/api/v1/seller/${intruderSellerId}/stats?${period}&item=product:${o.productId}` },
  ],
  // Every item of the period as CSV (decision 314).
  'GET /api/v1/seller/{sellerId}/stats/items.csv': [
    { url: (o) => `/api/v1/seller/${o.sellerId}/stats/items.csv?${period}` },
  ],
  // The storefront's money in the ledger and its platform fee (decision 296).
  // The storefront's monthly statement (decision 300), both formats.
  'GET /api/v1/seller/{sellerId}/statements/{file}': [
    { url: (o) => `/api/v1/seller/${o.sellerId}/statements/2026-01.csv` },
    { url: (o) => `/api/v1/seller/${o.sellerId}/statements/2026-01.pdf` },
  ],
  'GET /api/v1/seller/{sellerId}/balance': [{ url: (o) => `/api/v1/seller/${o.sellerId}/balance` }],
  // Requests for quotes: the storefront fence answers first, whatever request id follows it.
  'GET /api/v1/seller/{sellerId}/rfqs': [{ url: (o) => `/api/v1/seller/${o.sellerId}/rfqs` }],
  'GET /api/v1/seller/{sellerId}/rfqs/{id}': [
    { url: (o) => `/api/v1/seller/${o.sellerId}/rfqs/${someRfqId}` },
  ],
  'POST /api/v1/seller/{sellerId}/rfqs/{id}/quotes': [
    {
      url: (o) => `/api/v1/seller/${o.sellerId}/rfqs/${someRfqId}/quotes`,
      body: () => ({ unitPriceCents: 100, leadDays: 3, shippingCents: 0, validUntil: day(30) }),
    },
  ],
  'POST /api/v1/seller/{sellerId}/rfqs/{id}/decline': [
    {
      url: (o) => `/api/v1/seller/${o.sellerId}/rfqs/${someRfqId}/decline`,
      body: () => ({ reason: 'Busy' }),
    },
  ],
  'GET /api/v1/seller/{sellerId}/rfqs/{id}/attachments/{attachmentId}': [
    { url: (o) => `/api/v1/seller/${o.sellerId}/rfqs/${someRfqId}/attachments/${someRfqId}` },
  ],
  'POST /api/v1/seller/{sellerId}/rfqs/buyers/{buyerId}/mute': [
    { url: (o) => `/api/v1/seller/${o.sellerId}/rfqs/buyers/${someRfqId}/mute` },
  ],
  'POST /api/v1/seller/{sellerId}/rfqs/{id}/mute': [
    { url: (o) => `/api/v1/seller/${o.sellerId}/rfqs/${someRfqId}/mute` },
  ],
  'GET /api/v1/seller/{sellerId}/platform-fee': [
    { url: (o) => `/api/v1/seller/${o.sellerId}/platform-fee?grossCents=10000` },
  ],
  'POST /api/v1/seller/pipeline/{chatId}/move': [
    { url: (o) => `/api/v1/seller/pipeline/${o.chatId}/move`, body: () => ({ to: 'rejected' }) },
  ],
  'POST /api/v1/invoice/withdraw': [
    { url: () => '/api/v1/invoice/withdraw', body: (o) => ({ invoiceToken: o.invoiceToken }) },
  ],
  'POST /api/v1/service-invoice/withdraw': [
    { url: () => '/api/v1/service-invoice/withdraw', body: (o) => ({ invoiceToken: o.serviceInvoiceToken }) },
  ],
  'POST /api/v1/invoice/revise': [
    {
      url: () => '/api/v1/invoice/revise',
      body: (o) => ({ invoiceToken: o.invoiceToken, negotiatedPriceCents: 9_000, shippingCents: 0 }),
    },
  ],
  'POST /api/v1/service-invoice/revise': [
    {
      url: () => '/api/v1/service-invoice/revise',
      body: (o) => ({ invoiceToken: o.serviceInvoiceToken, negotiatedPriceCents: 9_000, shippingCents: 0 }),
    },
  ],
  'POST /api/v1/service-chats/{chatId}/invoices': [
    {
      url: (o) => `/api/v1/service-chats/${o.serviceChatId}/invoices`,
      body: () => ({ negotiatedPriceCents: 9_000, shippingCents: 0 }),
    },
  ],
};

/** Seller routes that name no resource: what the intruder gets must not hold any of the owner's ids. */
const scopedToCaller: Record<string, string> = {
  'GET /api/v1/seller/me': '/api/v1/seller/me',
  'GET /api/v1/seller/pipeline': '/api/v1/seller/pipeline',
  'GET /api/v1/seller/orders': '/api/v1/seller/orders',
  'GET /api/v1/seller/orders/export': `/api/v1/seller/orders/export?${period}`,
  'GET /api/v1/seller/invoices/export': `/api/v1/seller/invoices/export?${period}`,
};

/** Seller routes that cannot name another's resource, and why. */
const reachesNothingOfOthers: Record<string, string> = {
  'POST /api/v1/seller/catalogue-images':
    'stores a new image for the caller; an item takes it only through its own fenced save',
  'POST /api/v1/seller/storefront-images':
    'stores a new image for the caller; a storefront takes it only through its own fenced save',
};

const operationKey = (op: Operation) => `${op.method} ${op.path}`;

/** The owner's business rows, to prove a refused attempt changed nothing. */
async function ownerRows(): Promise<unknown> {
  const db = t.database.db;
  const read = async (query: ReturnType<typeof sql>) =>
    rowsOf<Record<string, unknown>>(await db.execute(query));
  return {
    sellers: await read(sql`SELECT * FROM sellers WHERE id = ${Number(ids.sellerId)}`),
    products: await read(sql`SELECT * FROM products WHERE seller_id = ${Number(ids.sellerId)} ORDER BY id`),
    services: await read(sql`SELECT * FROM services WHERE seller_id = ${Number(ids.sellerId)} ORDER BY id`),
    chats: await read(sql`SELECT * FROM chats WHERE seller_user_id = ${owner.id} ORDER BY id`),
    quotations: await read(sql`SELECT * FROM quotation_requests WHERE id = ${ids.quotationId}`),
    invoices: await read(sql`SELECT * FROM invoices WHERE seller_user_id = ${owner.id} ORDER BY id`),
    orders: await read(sql`SELECT * FROM orders WHERE seller_user_id = ${owner.id} ORDER BY id`),
    jobs: await read(
      sql`SELECT * FROM catalog_import_jobs WHERE seller_id = ${Number(ids.sellerId)} ORDER BY id`,
    ),
    intruderProducts: await read(sql`SELECT id FROM products WHERE seller_id = ${Number(intruderSellerId)}`),
    intruderServices: await read(sql`SELECT id FROM services WHERE seller_id = ${Number(intruderSellerId)}`),
  };
}

const insertCategory = (kind: 'product' | 'service', slug: string, parentId: number | null) =>
  insertSellerCategory(t.database.db, { kind, slug, parentId });

async function ownStorefront(user: Party, slug: string): Promise<string> {
  await t.app.auth.users.addRole(user.id, 'seller');
  const sellerId = await ownedStorefront(t.app, t.database.db, user, slug);
  await setTaxProfile(t, user, Number(sellerId));
  return String(sellerId);
}

async function create(url: string, payload: object): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { role: 'seller', cookie: owner.cookie, ...idempotent() },
    payload,
  });
  if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return String(res.json<{ id: string }>().id);
}

async function publish(kind: 'products' | 'services', id: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/seller/${kind}/${id}/status`,
    headers: { role: 'seller', cookie: owner.cookie, ...idempotent() },
    payload: { action: 'publish' },
  });
  if (res.statusCode !== 200) throw new Error(`publish ${kind}: ${res.statusCode} ${res.body}`);
}

beforeAll(async () => {
  t = await createTestApp({ env: { JOBS_POLLING_INTERVAL_SECONDS: '0.5' } });
  owner = await makeUser(t, ['buyer'], 'Olive Owner');
  intruder = await makeUser(t, ['buyer'], 'Ivan Intruder');
  buyer = await makeUser(t, ['buyer'], 'Bea Buyer');
  subcategoryId = String(
    await insertCategory(
      'product',
      `fence-valves-${suffix}`,
      await insertCategory('product', `fence-plumbing-${suffix}`, null),
    ),
  );
  serviceSubcategoryId = String(
    await insertCategory(
      'service',
      `fence-pumps-${suffix}`,
      await insertCategory('service', `fence-repairs-${suffix}`, null),
    ),
  );
  const sellerId = await ownStorefront(owner, `fence-owner-${suffix}`);
  intruderSellerId = await ownStorefront(intruder, `fence-intruder-${suffix}`);

  const productId = await create(`/api/v1/seller/${sellerId}/products`, productInput('FENCE-P'));
  const serviceId = await create(`/api/v1/seller/${sellerId}/services`, serviceInput('FENCE-S'));
  await publish('products', productId);
  await publish('services', serviceId);

  const productDeal = await issueInvoiceFor(t, { buyer, seller: owner, productId: Number(productId) });
  const serviceDeal = await issueInvoiceFor(t, { buyer, seller: owner, serviceId: Number(serviceId) });
  const [quotation] = rowsOf<{ quotation_id: string }>(
    await t.database.db.execute(sql`SELECT quotation_id FROM chats WHERE id = ${productDeal.chatId}`),
  );
  const storefront = { id: Number(sellerId), slug: `fence-owner-${suffix}` };
  const { orderId } = await makeOrder(t.app, { buyer, seller: owner, storefront });

  const exported = await t.app.inject({
    method: 'GET',
    url: `/api/v1/seller/${sellerId}/products/csv-export`,
    headers: { role: 'seller', cookie: owner.cookie },
  });
  const csv = exported.body;
  const imported = await t.app.inject({
    method: 'POST',
    url: `/api/v1/seller/${sellerId}/products/csv-import?dryRun=false&fileName=own.csv`,
    headers: { role: 'seller', cookie: owner.cookie, 'content-type': 'text/csv', ...idempotent() },
    payload: csv,
  });
  if (imported.statusCode >= 300) throw new Error(`import: ${imported.statusCode} ${imported.body}`);
  const jobs = await t.app.inject({
    method: 'GET',
    url: `/api/v1/seller/${sellerId}/csv-imports`,
    headers: { role: 'seller', cookie: owner.cookie },
  });
  const jobId = jobs.json<{ items: SellerImportJob[] }>().items[0]!.id;
  // The import runs as a job: wait until it is done, so the rows compared below stay still.
  await waitFor('the import job to finish', async () => {
    const job = await t.app.inject({
      method: 'GET',
      url: `/api/v1/seller/csv-imports/${jobId}`,
      headers: { role: 'seller', cookie: owner.cookie },
    });
    return ['done', 'failed'].includes(job.json<SellerImportJob>().status);
  });

  ids = {
    sellerId,
    productId,
    serviceId,
    quotationId: String(quotation!.quotation_id),
    chatId: productDeal.chatId,
    serviceChatId: serviceDeal.chatId,
    orderId,
    invoiceId: productDeal.invoiceId,
    invoiceToken: productDeal.token,
    serviceInvoiceToken: serviceDeal.token,
    jobId,
    csv,
  };
});
afterAll(async () => t?.close());

describe('seller routes are fenced to the caller’s own storefront', () => {
  it('lists every seller route of the API here', async () => {
    const sellerRoutes = (await listOperations(t.app))
      .filter((op) => op.requiredRole === 'seller')
      .map(operationKey)
      .sort();
    const known = [
      ...Object.keys(fenced),
      ...Object.keys(scopedToCaller),
      ...Object.keys(reachesNothingOfOthers),
    ].sort();
    expect(sellerRoutes).toEqual(known);
  });

  it('answers another seller 404 for every route with the owner’s ids, a buyer 403, and nothing changes', async () => {
    const before = await ownerRows();
    for (const [route, attempts] of Object.entries(fenced)) {
      const method = route.split(' ')[0] as 'GET' | 'POST' | 'PUT';
      for (const attempt of attempts) {
        const url = attempt.url(ids);
        const request = (cookie: string, role: 'seller' | 'buyer') =>
          t.app.inject({
            method,
            url,
            headers: {
              role,
              cookie,
              ...(method === 'GET' ? {} : idempotent()),
              ...(attempt.csv ? { 'content-type': 'text/csv' } : {}),
            },
            ...(attempt.csv ? { payload: ids.csv } : attempt.body ? { payload: attempt.body(ids) } : {}),
          });
        const asIntruder = await request(intruder.cookie, 'seller');
        expect(asIntruder.statusCode, `${route} (${url}) as another seller: ${asIntruder.body}`).toBe(404);
        const asBuyer = await request(buyer.cookie, 'buyer');
        expect(asBuyer.statusCode, `${route} (${url}) as a buyer: ${asBuyer.body}`).toBe(403);
      }
    }
    expect(await ownerRows()).toEqual(before);
  });

  it('never shows another seller the owner’s orders, invoices or storefront on the routes that name no id', async () => {
    const owned = [ids.orderId, ids.invoiceId, ids.chatId, `fence-owner-${suffix}`];
    for (const [route, url] of Object.entries(scopedToCaller)) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { role: 'seller', cookie: intruder.cookie },
      });
      expect(res.statusCode, `${route}: ${res.body}`).toBeLessThan(300);
      for (const id of owned) expect(res.body, `${route} shows the owner’s ${id}`).not.toContain(id);
      // The same route shows the owner their own (so the check above can fail).
      const own = await t.app.inject({
        method: 'GET',
        url,
        headers: { role: 'seller', cookie: owner.cookie },
      });
      expect(own.statusCode, `${route} as the owner: ${own.body}`).toBeLessThan(300);
    }
    const ownOrders = await t.app.inject({
      method: 'GET',
      url: '/api/v1/seller/orders',
      headers: { role: 'seller', cookie: owner.cookie },
    });
    expect(ownOrders.body).toContain(ids.orderId);
  });
});
