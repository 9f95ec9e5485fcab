import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPaymentReview, Order } from '@maplesource/contracts';
import { addBusinessDays } from '@maplesource/contracts/business-days';
import { seedTestCatalog, type TestApp } from '../../../test/helpers';
import {
  acceptInvoiceAs,
  as,
  issueInvoiceFor,
  makeInvoicingSeller,
  makeOrder,
  makeStorefront,
  makeUser,
  paySandboxCard,
  waitFor,
  createPaymentTestApp,
  type Party,
} from '../../../test/orders-helpers';
import { rowsOf } from '../../db/transaction';
import { escalateDuePaymentReviews } from './escalate-payment-reviews';

/**
 * The seller's answer to a payment review and its escalation (decision 316, docs/product.md §9): the seller of the
 * order answers once within 3 business days; an open review left unanswered past that date goes to an
 * administrator once, and the buyer, the seller and the administrators are e-mailed.
 */
let t: TestApp;
let buyer: Party;
let seller: Party;
let otherSeller: Party;
let admin: Party;
let storefront: { id: number; slug: string };
let productId: number;

beforeAll(async () => {
  t = await createPaymentTestApp('review_answers_webhook_secret');
  buyer = await makeUser(t, ['buyer'], 'Bea Buyer');
  seller = await makeUser(t, ['buyer', 'seller'], 'Sam Seller');
  otherSeller = await makeUser(t, ['buyer', 'seller'], 'Otto Seller');
  admin = await makeUser(t, ['buyer', 'admin'], 'Ada Admin');
  await seedTestCatalog(t, 5);
  const invoicing = await makeInvoicingSeller(t, seller);
  productId = invoicing.productId;
  // Payment reviews are for verified suppliers (docs/product.md §9).
  await t.database.db.execute(sql`UPDATE sellers SET verified = true WHERE id = ${invoicing.sellerId}`);
  storefront = await makeStorefront(t, seller, true);
});
afterAll(async () => t?.close());

const post = (party: Party, role: 'buyer' | 'seller' | 'admin', url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: as(party, role), payload });
const answer = (party: Party, orderId: string, text: string, role: 'buyer' | 'seller' = 'seller') =>
  post(party, role, `/api/v1/seller/orders/${orderId}/payment-review/answer`, { answer: text });
const sellerOrder = async (orderId: string) =>
  (await t.app.inject({ url: `/api/v1/seller/orders/${orderId}`, headers: as(seller, 'seller') })).json<{
    order: Order;
  }>().order;
const buyerOrder = async (orderId: string) =>
  (await t.app.inject({ url: `/api/v1/orders/${orderId}`, headers: as(buyer) })).json<{ order: Order }>()
    .order;
const emailOf = async (party: Party) =>
  rowsOf<{ email: string }>(
    await t.database.db.execute(sql`SELECT email FROM users WHERE id = ${party.id}`),
  )[0]!.email;
const mailsTo = async (party: Party, subject: string) =>
  (await t.app.messaging.readOutbox(await emailOf(party), 100)).filter(
    (m) => m.channel === 'email' && m.body.includes(subject),
  );

/** An invoice accepted and paid by card, of a verified storefront, with a payment review the buyer opened. */
async function reviewedOrder() {
  const orderId = await acceptInvoiceAs(t, buyer, await issueInvoiceFor(t, { buyer, seller, productId }));
  await paySandboxCard(t, buyer, orderId);
  await waitFor('the payment to settle', async () => (await buyerOrder(orderId)).payment.status === 'paid', {
    timeoutMs: 40_000,
  });
  const opened = await post(buyer, 'buyer', `/api/v1/orders/${orderId}/payment-review`, {
    reason: 'Half of the brackets arrived bent.',
  });
  expect(opened.statusCode, opened.body).toBe(201);
  return { orderId, reviewId: opened.json<{ review: { id: string } }>().review.id };
}

describe('the seller’s answer to a payment review', () => {
  it('is due 3 business days after the review opens, shown to the seller, who is told the date', async () => {
    const before = new Date();
    const { orderId } = await reviewedOrder();
    const review = (await sellerOrder(orderId)).paymentReview!;
    expect(review.sellerAnswer).toBeNull();
    expect(review.escalatedAt).toBeNull();
    // 3 business days (federal holidays) at the same time of day in the order's zone.
    const due = new Date(review.answerDueAt).getTime();
    expect(due).toBeGreaterThanOrEqual(addBusinessDays(before, 3, null, 'America/Toronto').getTime() - 1_000);
    expect(due).toBeLessThanOrEqual(
      addBusinessDays(new Date(), 3, null, 'America/Toronto').getTime() + 1_000,
    );
    await waitFor('the seller’s e-mail naming the answer date', async () =>
      (await mailsTo(seller, 'Payment review opened')).some((m) => m.body.includes('answers the review by')),
    );
  });

  it('is given once by the order’s seller, shown to the buyer and e-mailed to them', async () => {
    const { orderId } = await reviewedOrder();
    // Another seller, the buyer acting as a buyer, a bad answer, an order id that is no uuid.
    const foreign = await answer(otherSeller, orderId, 'We shipped every bracket intact.');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('PAYMENT_REVIEW_NOT_FOUND');
    expect([401, 403]).toContain((await answer(buyer, orderId, 'We shipped it all.', 'buyer')).statusCode);
    const short = await answer(seller, orderId, 'No.');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.code).toBeTruthy();
    const nul = await answer(seller, orderId, 'We shipped\u0000 every bracket.');
    expect(nul.statusCode).toBe(400);
    const notUuid = await answer(seller, 'not-a-uuid', 'We shipped every bracket intact.');
    expect(notUuid.statusCode).toBe(400);
    expect(notUuid.json().error.fields?.id ?? notUuid.json().error.code).toBeTruthy();

    const text = 'We shipped every bracket intact; the carrier’s photos are attached in the chat.';
    const results = await Promise.all(Array.from({ length: 10 }, () => answer(seller, orderId, text)));
    expect(results.filter((res) => res.statusCode === 200)).toHaveLength(1);
    const refused = results.filter((res) => res.statusCode !== 200);
    expect(refused.map((res) => res.statusCode)).toEqual(Array(9).fill(409));
    expect(refused[0]!.json().error.code).toBe('PAYMENT_REVIEW_ANSWERED');
    const seen = (await buyerOrder(orderId)).paymentReview!;
    expect(seen.sellerAnswer).toBe(text);
    expect(seen.sellerAnsweredAt).not.toBeNull();
    await waitFor('the buyer’s e-mail with the answer', async () =>
      (await mailsTo(buyer, 'answered the payment review')).some((m) => m.body.includes('carrier’s photos')),
    );
  });

  it('is refused once the review is resolved, and on an order without a review', async () => {
    const { orderId, reviewId } = await reviewedOrder();
    const dismissed = await post(admin, 'admin', `/api/v1/admin/payment-reviews/${reviewId}/resolve`, {
      outcome: 'dismiss',
    });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    const late = await answer(seller, orderId, 'We shipped every bracket intact.');
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('PAYMENT_REVIEW_RESOLVED');
    const { orderId: plain } = await makeOrder(t.app, { buyer, seller, storefront });
    expect((await answer(seller, plain, 'We shipped every bracket intact.')).statusCode).toBe(404);
  });
});

describe('an unanswered payment review', () => {
  const dueNow = (reviewId: string) =>
    t.database.db.execute(
      sql`UPDATE payment_reviews SET answer_due_at = now() - interval '1 minute' WHERE id = ${reviewId}`,
    );

  it('goes to an administrator once when its answer date passes, and everyone is told', async () => {
    const unanswered = await reviewedOrder();
    const answered = await reviewedOrder();
    const notYet = await reviewedOrder();
    await dueNow(unanswered.reviewId);
    await dueNow(answered.reviewId);
    expect((await answer(seller, answered.orderId, 'We shipped every bracket intact.')).statusCode).toBe(200);

    // Two sweeps at once (two processes' jobs) escalate it once; a later sweep finds nothing.
    const counts = await Promise.all([escalateDuePaymentReviews(t.app), escalateDuePaymentReviews(t.app)]);
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(await escalateDuePaymentReviews(t.app)).toBe(0);

    expect((await buyerOrder(unanswered.orderId)).paymentReview!.escalatedAt).not.toBeNull();
    expect((await buyerOrder(answered.orderId)).paymentReview!.escalatedAt).toBeNull();
    expect((await buyerOrder(notYet.orderId)).paymentReview!.escalatedAt).toBeNull();

    // The admin queue lists it first among the open ones, with its date.
    const queue = await t.app.inject({
      url: '/api/v1/admin/payment-reviews?status=open&pageSize=100',
      headers: as(admin, 'admin'),
    });
    const items = queue.json<{ items: AdminPaymentReview[] }>().items;
    expect(items[0]!.id).toBe(unanswered.reviewId);
    expect(items[0]!.escalatedAt).not.toBeNull();

    const storefrontName = (await sellerOrder(unanswered.orderId)).seller.name;
    const subject = 'passed to an administrator';
    await waitFor('the three e-mails of the escalation', async () => {
      const [toBuyer, toSeller, toAdmin] = await Promise.all([
        mailsTo(buyer, subject),
        mailsTo(seller, subject),
        mailsTo(admin, subject),
      ]);
      return toBuyer.length === 1 && toSeller.length === 1 && toAdmin.length === 1 ? toAdmin : null;
    }).then(([toAdmin]) => {
      expect(toAdmin!.body).toContain('admin console');
      expect(toAdmin!.body).toContain(`The seller, ${storefrontName}, did not answer`);
    });
  });

  it('can still be answered after its escalation, which stays with the administrator', async () => {
    const { orderId, reviewId } = await reviewedOrder();
    await dueNow(reviewId);
    expect(await escalateDuePaymentReviews(t.app)).toBeGreaterThanOrEqual(1);
    expect(
      (await answer(seller, orderId, 'Sorry for the delay: every bracket left intact.')).statusCode,
    ).toBe(200);
    const review = (await buyerOrder(orderId)).paymentReview!;
    expect(review.sellerAnswer).toContain('every bracket left intact');
    expect(review.escalatedAt).not.toBeNull();
    expect(review.status).toBe('open');
  });
});
