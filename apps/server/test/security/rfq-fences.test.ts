import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/transaction';
import { createTestApp, type TestApp } from '../helpers';
import { as, makeUser, type Party } from '../orders-helpers';
import {
  makeRfqBuyer,
  makeRfqCategory,
  makeRfqSupplier,
  quoteRfq,
  recipientIds,
  rfqBody,
  sendRfq,
  type RfqSupplier,
} from '../rfq-helpers';
import { listOperations } from './openapi-operations';

/**
 * A buyer's request for quotes is the buyer's alone (decisions 298, 317): another buyer who sends its ids to any
 * buyer route under `/rfqs/{id}` gets 404 RFQ_NOT_FOUND — as for a request that does not exist — and nothing
 * changes. The routes come from the OpenAPI document: a new one fails this test until it is listed below.
 */
let t: TestApp;
let owner: Party;
let intruder: Party;
let supplier: RfqSupplier;
let rfqId: string;
let recipientId: string;
let attachmentId: string;

interface Attempt {
  url: () => string;
  multipart?: boolean;
}
const fenced: Record<string, Attempt> = {
  'GET /api/v1/rfqs/{id}': { url: () => `/api/v1/rfqs/${rfqId}` },
  'POST /api/v1/rfqs/{id}/close': { url: () => `/api/v1/rfqs/${rfqId}/close` },
  'POST /api/v1/rfqs/{id}/quotes/{quoteId}/accept': {
    url: () => `/api/v1/rfqs/${rfqId}/quotes/${recipientId}/accept`,
  },
  'POST /api/v1/rfqs/{id}/suppliers/{sellerId}/chat': {
    url: () => `/api/v1/rfqs/${rfqId}/suppliers/${supplier.sellerId}/chat`,
  },
  'POST /api/v1/rfqs/{id}/attachments': { url: () => `/api/v1/rfqs/${rfqId}/attachments`, multipart: true },
  'GET /api/v1/rfqs/{id}/attachments/{attachmentId}': {
    url: () => `/api/v1/rfqs/${rfqId}/attachments/${attachmentId}`,
  },
};

const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const multipartBody = () => {
  const boundary = '----rfqfence';
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
};

async function ownerRows() {
  const read = async (query: ReturnType<typeof sql>) =>
    rowsOf<Record<string, unknown>>(await t.database.db.execute(query));
  return {
    rfq: await read(sql`SELECT * FROM rfqs WHERE id = ${rfqId}`),
    recipients: await read(sql`SELECT * FROM rfq_recipients WHERE rfq_id = ${rfqId} ORDER BY id`),
    attachments: await read(sql`SELECT * FROM rfq_attachments WHERE rfq_id = ${rfqId} ORDER BY id`),
    chats: await read(sql`SELECT * FROM chats WHERE buyer_id = ${owner.id} OR buyer_id = ${intruder.id}`),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  const categoryId = await makeRfqCategory(t);
  supplier = await makeRfqSupplier(t, categoryId);
  owner = await makeRfqBuyer(t, 'Olive Owner');
  intruder = await makeUser(t, ['buyer'], 'Ivan Intruder');
  ({
    rfq: { id: rfqId },
  } = await sendRfq(t, owner, rfqBody(categoryId, { private: true })));
  await quoteRfq(t, supplier, rfqId, 1000);
  recipientId = (await recipientIds(t, rfqId)).get(supplier.sellerId)!;
  const body = multipartBody();
  const uploaded = await t.app.inject({
    method: 'POST',
    url: `/api/v1/rfqs/${rfqId}/attachments`,
    headers: { ...as(owner), 'content-type': body.contentType },
    payload: body.payload,
  });
  attachmentId = uploaded.json<{ attachment: { id: string } }>().attachment.id;
});
afterAll(async () => t?.close());

describe("a buyer's request for quotes is fenced to that buyer", () => {
  it('lists every buyer route under /rfqs/{id} here', async () => {
    const routes = (await listOperations(t.app))
      .filter((op) => op.path.startsWith('/api/v1/rfqs/{id}'))
      .map((op) => `${op.method} ${op.path}`)
      .sort();
    expect(routes).toEqual(Object.keys(fenced).sort());
  });

  it('answers another buyer 404 RFQ_NOT_FOUND on every one of them, and nothing changes', async () => {
    const before = await ownerRows();
    for (const [route, attempt] of Object.entries(fenced)) {
      const method = route.split(' ')[0] as 'GET' | 'POST';
      const body = attempt.multipart ? multipartBody() : null;
      const res = await t.app.inject({
        method,
        url: attempt.url(),
        headers: { ...as(intruder), ...(body ? { 'content-type': body.contentType } : {}) },
        ...(body ? { payload: body.payload } : {}),
      });
      expect([route, res.statusCode, res.json().error?.code]).toEqual([route, 404, 'RFQ_NOT_FOUND']);
    }
    expect(await ownerRows()).toEqual(before);
    // The private buyer stayed hidden from the supplier: no chat the intruder opened revealed anything.
    expect((await ownerRows()).recipients.every((r) => r.buyer_revealed_at === null)).toBe(true);
  });
});
