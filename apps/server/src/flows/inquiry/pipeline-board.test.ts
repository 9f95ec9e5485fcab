import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InquiryResponse, PipelineResponse } from '@maplesource/contracts';
import { seedTestCatalog, createTestApp, type TestApp } from '../../../test/helpers';
import { signUp, type SignedUp } from '../../../test/accounts-helpers';
import { rowsOf, withTransaction } from '../../db/transaction';
import { devStorefront } from '../../../test/orders-helpers';

/**
 * The seller's quotation pipeline (decision 267): the board's stages follow the chat phases, counts come with
 * every page, filters and search narrow both, a card moves only along the quotation decision, and nobody but the
 * conversation's seller sees or moves it.
 */
let t: TestApp;
let seller: SignedUp;
let otherSeller: SignedUp;
const buyers: SignedUp[] = [];
let productId: number;
let sellerId: number;
const chats: string[] = [];

const headers = (user: SignedUp, role: 'buyer' | 'seller' = 'seller') => ({ role, cookie: user.cookie });
const board = async (user: SignedUp, query = '', role: 'buyer' | 'seller' = 'seller') =>
  t.app.inject({ method: 'GET', url: `/api/v1/seller/pipeline${query}`, headers: headers(user, role) });
const move = (user: SignedUp, chatId: string, to: string, role: 'buyer' | 'seller' = 'seller') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/seller/pipeline/${chatId}/move`,
    headers: headers(user, role),
    payload: { to },
  });
const inquire = async (buyer: SignedUp, province: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/quotation',
    headers: { ...headers(buyer, 'buyer'), 'idempotency-key': `pipeline-${buyer.id}` },
    payload: {
      productId,
      quantity: 10,
      minPrice: 12.5,
      maxPrice: 20,
      deadline: new Date(Date.now() + 86_400_000 * 3).toISOString().slice(0, 10),
      deliveryProvince: province,
      deliveryPostalCode: province === 'QC' ? 'H2X 1Y4' : 'M5V 2T6',
      leadDays: 7,
      message: 'Need brackets.',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<InquiryResponse>().chatId;
};
const post = (chatId: string, action: 'invoice_sent' | 'invoice_expired') =>
  withTransaction(t.app.db, (tx) =>
    t.app.chat.postBusinessAction(tx, {
      chatId,
      senderId: seller.id,
      action,
      payload: { invoiceId: `inv-${chatId}` },
    }),
  );

beforeAll(async () => {
  t = await createTestApp();
  await seedTestCatalog(t, 2);
  seller = await signUp(t.app, { fullName: 'Sam Seller' });
  otherSeller = await signUp(t.app, { fullName: 'Otto Seller' });
  ({ productId, sellerId } = await devStorefront(t, seller));
  await devStorefront(t, otherSeller);
  for (const name of ['Ada Alpha', 'Ben Beta', 'Cy Gamma', 'Di Delta'])
    buyers.push(await signUp(t.app, { fullName: name }));
  chats.push(await inquire(buyers[0]!, 'ON'));
  chats.push(await inquire(buyers[1]!, 'QC'));
  chats.push(await inquire(buyers[2]!, 'ON'));
  chats.push(await inquire(buyers[3]!, 'ON'));
  // Ada's request has waited 25 hours.
  await t.app.db.execute(
    sql`UPDATE chat_messages SET created_at = now() - interval '25 hours' WHERE chat_id = ${chats[0]!}`,
  );
});
afterAll(async () => t?.close());

describe('the pipeline board', () => {
  it('shows new requests with counts, the unanswered-for-a-day one first', async () => {
    const res = await board(seller);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<PipelineResponse>();
    expect(body.counts).toMatchObject({ new: 4, negotiation: 0, rejected: 0 });
    expect(body.total).toBe(4);
    expect(body.items[0]).toMatchObject({
      chatId: chats[0],
      stage: 'new',
      overdue: true,
      deliveryProvince: 'ON',
    });
    expect(body.items.slice(1).every((card) => !card.overdue && card.awaitingReplySince)).toBe(true);
  });

  it('moves a new request only along the quotation decision, once', async () => {
    const accepted = await move(seller, chats[0]!, 'negotiation');
    expect(accepted.statusCode, accepted.body).toBe(200);
    // The seller's answer counts as a reply: no longer waiting.
    expect(accepted.json().card).toMatchObject({
      stage: 'negotiation',
      overdue: false,
      awaitingReplySince: null,
    });
    const again = await move(seller, chats[0]!, 'rejected');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('PIPELINE_MOVE_NOT_ALLOWED');
    const skip = await move(seller, chats[1]!, 'ordered');
    expect(skip.statusCode).toBe(409);
    expect(skip.json().error.code).toBe('PIPELINE_MOVE_NOT_ALLOWED');
    const rejected = await move(seller, chats[1]!, 'rejected');
    expect(rejected.json().card).toMatchObject({ stage: 'rejected' });
    const unknownStage = await move(seller, chats[2]!, 'archived');
    expect(unknownStage.statusCode).toBe(400);
  });

  it('follows the conversation: an issued invoice is invoiced, an expired one is expired', async () => {
    await move(seller, chats[2]!, 'negotiation');
    await post(chats[2]!, 'invoice_sent');
    await move(seller, chats[3]!, 'negotiation');
    await post(chats[3]!, 'invoice_sent');
    await post(chats[3]!, 'invoice_expired');
    const body = (await board(seller)).json<PipelineResponse>();
    expect(body.counts).toEqual({
      new: 0,
      negotiation: 1,
      invoiced: 1,
      accepted: 0,
      rejected: 1,
      expired: 1,
      ordered: 0,
    });
    const invoiced = (await board(seller, '?stage=invoiced')).json<PipelineResponse>();
    expect(invoiced.total).toBe(1);
    expect(invoiced.items.map((card) => card.chatId)).toEqual([chats[2]]);
  });

  it('filters by province, product, date and search, and the counts follow', async () => {
    const quebec = (await board(seller, '?province=QC')).json<PipelineResponse>();
    expect(quebec.items.map((card) => card.buyerName)).toEqual(['Ben Beta']);
    expect(quebec.counts.rejected).toBe(1);
    expect(quebec.counts.negotiation).toBe(0);
    const searched = (await board(seller, '?search=delta')).json<PipelineResponse>();
    expect(searched.items.map((card) => card.chatId)).toEqual([chats[3]]);
    const product = (await board(seller, `?kind=product&subjectId=${productId}`)).json<PipelineResponse>();
    expect(product.total).toBe(4);
    const otherProduct = (
      await board(seller, `?kind=product&subjectId=${productId + 100000}`)
    ).json<PipelineResponse>();
    expect(otherProduct.total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await board(seller, `?from=${today}&to=${today}`)).json<PipelineResponse>().total).toBe(4);
    expect((await board(seller, '?to=2020-01-01')).json<PipelineResponse>().total).toBe(0);
    for (const bad of ['?from=yesterday', '?to=2026-13-45', '?from=2026-02-30', '?from=0000-01-01']) {
      const res = await board(seller, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.fields, bad).toMatchObject({
        [bad.slice(1, bad.indexOf('='))]: 'errors:PIPELINE_DATE_INVALID',
      });
    }
  });

  it('shows another seller nothing and lets them move nothing (404)', async () => {
    const body = (await board(otherSeller)).json<PipelineResponse>();
    expect(body.total).toBe(0);
    expect(body.items).toEqual([]);
    const res = await move(otherSeller, chats[1]!, 'negotiation');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('CHAT_NOT_FOUND');
    const buyerBoard = (await board(seller)).json<PipelineResponse>();
    expect(buyerBoard.counts.rejected).toBe(1);
  });

  it('refuses a buyer (403) and a buyer who is party to the conversation cannot move it', async () => {
    expect((await board(buyers[0]!, '', 'buyer')).statusCode).toBe(403);
    expect((await board(buyers[0]!, '', 'seller')).statusCode).toBe(403);
    const res = await move(buyers[2]!, chats[2]!, 'negotiation', 'seller');
    expect(res.statusCode).toBe(403);
    const [row] = rowsOf<{ phase: string }>(
      await t.app.db.execute(sql`SELECT phase FROM chats WHERE id = ${chats[2]!}`),
    );
    expect(row!.phase).toBe('invoiced');
  });
});

describe("the storefront's reply time (decision 268)", () => {
  const replyTime = async (id: number | string = sellerId) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/seller/${id}/response-time` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ responseTime: { medianSeconds: number; requests: number } | null }>().responseTime;
  };
  const shift = (chatId: string, interval: string) =>
    t.app.db.execute(sql`UPDATE chat_messages SET created_at = now() - ${interval}::interval
                         WHERE chat_id = ${chatId} AND business_action = 'quotation_created'`);

  it('is hidden under five requests, counts silence after a day, and is the median of the waits', async () => {
    // Four requests answered (one after 25 hours): too few.
    expect(await replyTime()).toBeNull();
    const late = await signUp(t.app, { fullName: 'Eve Epsilon' });
    const chatId = await inquire(late, 'ON');
    // A fresh unanswered request is not known yet; a day-old one counts with its wait so far.
    expect(await replyTime()).toBeNull();
    await shift(chatId, '30 hours');
    expect(await replyTime()).toMatchObject({ requests: 5 });
    await shift(chats[2]!, '3 hours');
    await shift(chats[3]!, '3 hours');
    // Waits: about 0, 3 h, 3 h, 25 h, 30 h.
    const median = (await replyTime())!.medianSeconds;
    expect(median).toBeGreaterThanOrEqual(3 * 3600 - 60);
    expect(median).toBeLessThan(3 * 3600 + 600);
    // Requests older than 30 days do not count.
    await shift(chats[1]!, '31 days');
    expect(await replyTime()).toBeNull();
  });

  it('is null for a storefront without an owner or none at all, and refuses a malformed id', async () => {
    expect(await replyTime(2_000_000_000)).toBeNull();
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/seller/abc/response-time' });
    expect(res.statusCode).toBe(400);
  });
});
