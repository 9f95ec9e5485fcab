import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceAcceptanceTerms, type CreateOrderIntentResponse } from '@maplesource/contracts';
import { seedTestCatalog, type TestApp } from '../../../../test/helpers';
import {
  as,
  issueInvoiceFor,
  makeInvoicingSeller,
  makeUser,
  shippingAddress,
  signatureSvg,
  createPaymentTestApp,
  confirmSandboxCard,
  type Party,
} from '../../../../test/orders-helpers';
import { waitFor } from '../../../../test/wait-for';
import { rowsOf } from '../../../db/transaction';

/**
 * The deal's e-mails fired by the real routes (decision 260): issuing, rejecting and accepting an invoice, paying
 * through the sandbox card endpoint and its signed webhook, shipping with a tracking number, opening a payment
 * review and resolving it. Each e-mail reaches its recipient once, in the recipient's language — also when every
 * event is delivered a second time.
 */
const webhookSecret = 'business_mail_routes_webhook_secret';
let t: TestApp;
let buyer: Party;
let seller: Party;
let admin: Party;
let productId: number;

const emailOf = async (party: Party) =>
  rowsOf<{ email: string }>(
    await t.database.db.execute(sql`SELECT email FROM users WHERE id = ${party.id}`),
  )[0]!.email;
const mailsTo = async (party: Party) =>
  (await t.app.messaging.readOutbox(await emailOf(party), 100)).filter((m) => m.channel === 'email');
const count = async (query: ReturnType<typeof sql>) =>
  Number(rowsOf<{ n: number | string }>(await t.database.db.execute(query))[0]!.n);
const sentOnce = (key: string) => async () =>
  (await count(sql`SELECT count(*) AS n FROM outbox_messages WHERE mail_key = ${key}`)) === 1
    ? true
    : undefined;
const post = (party: Party, url: string, payload: object, role: 'buyer' | 'seller' | 'admin', key: string) =>
  t.app.inject({ method: 'POST', url, headers: { ...as(party, role), 'idempotency-key': key }, payload });
const accept = (token: string) =>
  post(
    buyer,
    '/api/v1/invoice/accept',
    {
      invoiceToken: token,
      shippingAddress,
      billingAddress: null,
      isBillingSameAsShipping: true,
      signature: { fullName: 'Béatrice Acheteuse', svg: signatureSvg },
      termsVersion: invoiceAcceptanceTerms.version,
      termsLanguage: 'fr',
    },
    'buyer',
    `accept-${token}`,
  );

beforeAll(async () => {
  t = await createPaymentTestApp(webhookSecret);
  await seedTestCatalog(t, 5);
  buyer = await makeUser(t, ['buyer'], 'Béatrice Acheteuse');
  seller = await makeUser(t, ['buyer', 'seller'], 'Sam Seller');
  admin = await makeUser(t, ['buyer', 'admin'], 'Ada Admin');
  const invoicing = await makeInvoicingSeller(t, seller);
  productId = invoicing.productId;
  // A payment review is open to the buyers of verified suppliers only.
  await t.database.db.execute(sql`UPDATE sellers SET verified = true WHERE id = ${invoicing.sellerId}`);
  await t.database.db.execute(sql`
    INSERT INTO user_preferences (user_id, preferred_language) VALUES (${buyer.id}, 'fr')
    ON CONFLICT (user_id) DO UPDATE SET preferred_language = 'fr'`);
});
afterAll(async () => t?.close());

describe('business e-mails from the real routes', () => {
  it('sends each e-mail of a deal once, in the recipient’s language, and again never when events replay', async () => {
    // Rejected: the seller (English) hears of it.
    const rejected = await issueInvoiceFor(t, { buyer, seller, productId });
    await waitFor('the rejected invoice’s e-mail', sentOnce(`invoice-issued:${rejected.invoiceId}`));
    const reject = await post(
      buyer,
      '/api/v1/invoice/reject',
      { invoiceToken: rejected.token, reason: 'Le prix dépasse notre budget.' },
      'buyer',
      `reject-${rejected.invoiceId}`,
    );
    expect(reject.statusCode, reject.body).toBeLessThan(300);
    await waitFor('the rejection e-mail', sentOnce(`invoice-rejected:${rejected.invoiceId}`));

    // Issued: the buyer (French) gets the invoice with its link and PDF.
    const invoice = await issueInvoiceFor(t, { buyer, seller, productId });
    await waitFor('the invoice e-mail', sentOnce(`invoice-issued:${invoice.invoiceId}`));
    const issued = (await mailsTo(buyer)).find((m) => m.body.includes(invoice.token))!;
    expect(issued.body).toContain('Vous avez reçu une facture');
    expect(issued.link).toBe(`${t.config.PUBLIC_URL.replace(/\/$/, '')}/fr/invoice/${invoice.token}`);
    expect(issued.hasHtml).toBe(true);
    // The sandbox outbox lists its subject, its text part alone and the language its HTML declares.
    expect(issued.language).toBe('fr');
    expect(issued.subject).toMatch(/^Facture .+ de .+ : /);
    expect(issued.text).toContain('Vous avez reçu une facture');
    expect(issued.text).not.toContain(issued.subject);
    expect(issued.attachments).toEqual([
      expect.objectContaining({ contentType: 'application/pdf', filename: expect.stringMatching(/\.pdf$/) }),
    ]);

    // Accepted: the seller is told, in English.
    const accepted = await accept(invoice.token);
    expect(accepted.statusCode, accepted.body).toBe(201);
    const { orderId } = accepted.json<{ orderId: string }>();
    await waitFor('the acceptance e-mail', sentOnce(`invoice-accepted:${orderId}`));

    // Paid with the sandbox card; its signed webhook settles the order and the buyer gets the receipt.
    const intentRes = await post(
      buyer,
      '/api/v1/payment/create-order-intent',
      { orderId },
      'buyer',
      `intent-${orderId}`,
    );
    expect(intentRes.statusCode, intentRes.body).toBeLessThan(300);
    const intent = intentRes.json<CreateOrderIntentResponse>();
    const paid = await confirmSandboxCard(t, intent);
    expect(paid.statusCode, paid.body).toBe(200);
    await waitFor('the payment receipt', sentOnce(`payment-receipt:${orderId}`), { timeoutMs: 40_000 });

    // Shipped with a carrier's tracking number: the buyer gets the carrier's tracking link.
    const shipped = await post(
      seller,
      `/api/v1/seller/orders/${orderId}/status`,
      { status: 'shipped', trackingNumber: '1Z999AA10123456784', carrier: 'UPS' },
      'seller',
      `ship-${orderId}`,
    );
    expect(shipped.statusCode, shipped.body).toBe(200);
    await waitFor('the shipment e-mail', sentOnce(`order-shipped:${orderId}`));

    // A payment review opened by the buyer, then resolved by an admin: both parties hear of each.
    const opened = await post(
      buyer,
      `/api/v1/orders/${orderId}/payment-review`,
      { reason: 'Une caisse est arrivée endommagée.' },
      'buyer',
      `review-${orderId}`,
    );
    expect(opened.statusCode, opened.body).toBe(201);
    const reviewId = opened.json<{ review: { id: string } }>().review.id;
    for (const side of ['buyer', 'seller'])
      await waitFor(
        `the review e-mail to the ${side}`,
        sentOnce(`payment-review-opened:${reviewId}:${side}`),
      );
    const resolved = await post(
      admin,
      `/api/v1/admin/payment-reviews/${reviewId}/resolve`,
      { outcome: 'refund', amountCents: 5_000, note: 'One crate damaged' },
      'admin',
      `resolve-${reviewId}`,
    );
    expect(resolved.statusCode, resolved.body).toBe(200);
    for (const side of ['buyer', 'seller'])
      await waitFor(
        `the resolution e-mail to the ${side}`,
        sentOnce(`payment-review-resolved:${reviewId}:${side}`),
      );

    // What each party received, in their language.
    const toBuyer = await mailsTo(buyer);
    const toSeller = await mailsTo(seller);
    const receipt = toBuyer.filter((m) => m.body.startsWith('Reçu de paiement'));
    expect(receipt, toBuyer.map((m) => m.body.slice(0, 60)).join('\n')).toHaveLength(1);
    expect(receipt[0]!.body).toMatch(/TVH \(13 %\)\s+\d/);
    expect(receipt[0]!.body).toContain('123456789RT0001');
    const shipment = toBuyer.filter(
      (m) => m.link === 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    );
    expect(shipment).toHaveLength(1);
    expect(shipment[0]!.body).toContain('1Z999AA10123456784');
    expect(toBuyer.filter((m) => m.body.startsWith('Examen de paiement ouvert'))).toHaveLength(1);
    const buyerResolution = toBuyer.filter((m) => m.body.includes('L’examen de paiement est réglé'));
    expect(buyerResolution).toHaveLength(1);
    expect(buyerResolution[0]!.body).toContain('remboursé');
    expect(buyerResolution[0]!.body).toContain('One crate damaged');
    expect(toSeller.filter((m) => m.body.includes('rejected by'))).toHaveLength(1);
    expect(new Set(toSeller.map((m) => m.language))).toEqual(new Set(['en']));
    expect(new Set(toBuyer.map((m) => m.language))).toEqual(new Set(['fr']));
    expect(toSeller.filter((m) => m.body.includes('Your invoice was accepted'))).toHaveLength(1);
    expect(toSeller.filter((m) => m.body.startsWith('Payment review opened'))).toHaveLength(1);
    const sellerResolution = toSeller.filter((m) => m.body.includes('The payment review was resolved'));
    expect(sellerResolution).toHaveLength(1);
    expect(sellerResolution[0]!.body).toContain('refunded');
    // No English e-mail reached the French buyer, and none of the seller's was French.
    expect(toBuyer.filter((m) => /Payment|Invoice|shipped/.test(m.body.split('\n')[0]!))).toEqual([]);
    expect(toSeller.filter((m) => /Facture|Reçu|Examen/.test(m.body.split('\n')[0]!))).toEqual([]);

    // Every event is delivered again to the e-mail subscribers, their "handled" marks gone (a crash before the
    // mark, an operator's replay): each subscriber runs again and nothing more is sent.
    const sentBefore = await count(sql`SELECT count(*) AS n FROM outbox_messages WHERE mail_key IS NOT NULL`);
    await t.database.db.execute(sql`
      DELETE FROM handled_events WHERE subscriber LIKE 'notifications.mail-%'`);
    const replayed = await count(sql`
      WITH r AS (
        UPDATE event_deliveries SET delivered_at = NULL, next_attempt_at = now()
        WHERE subscriber LIKE 'notifications.mail-%' RETURNING 1)
      SELECT count(*) AS n FROM r`);
    expect(replayed).toBeGreaterThanOrEqual(9);
    await waitFor(
      'every replayed delivery',
      async () =>
        (await count(sql`
          SELECT count(*) AS n FROM event_deliveries
          WHERE subscriber LIKE 'notifications.mail-%' AND (delivered_at IS NULL OR attempts < 2)`)) === 0
          ? true
          : undefined,
      { timeoutMs: 40_000 },
    );
    expect(await count(sql`SELECT count(*) AS n FROM outbox_messages WHERE mail_key IS NOT NULL`)).toBe(
      sentBefore,
    );
    expect(
      await count(sql`SELECT count(*) AS n FROM mail_deliveries WHERE sent_at IS NULL`),
      'an e-mail queued again by a replay',
    ).toBe(0);
  });
});
