import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceAcceptanceTerms, shortRef } from '@maplesource/contracts';
import { seedTestCatalog, createTestApp, type TestApp } from '../../../../test/helpers';
import {
  as,
  issueInvoiceFor,
  makeInvoicingSeller,
  makeUser,
  shippingAddress,
  signatureSvg,
  type Party,
} from '../../../../test/orders-helpers';
import { waitFor } from '../../../../test/wait-for';
import { rowsOf, withTransaction } from '../../../db/transaction';
import { deliverBusinessMail, queueBusinessMail } from './business-mail';
import { renderMail } from '../../../plugins/mail-layout';

/**
 * The deal's e-mails (decision 260): HTML and text rendered with MJML in the recipient's language, sent from the
 * events' subscribers once per event — a replayed event, a second delivery at the same time, or a second job
 * sends nothing more — and listed in the sandbox outbox with their HTML viewable by the outbox's rule.
 */
let t: TestApp;
let buyer: Party;
let seller: Party;
let productId: number;

const emailOf = async (party: Party) =>
  rowsOf<{ email: string }>(
    await t.database.db.execute(sql`SELECT email FROM users WHERE id = ${party.id}`),
  )[0]!.email;
const mailsTo = async (party: Party) =>
  (await t.app.messaging.readOutbox(await emailOf(party), 50)).filter((m) => m.channel === 'email');
const outboxRows = async (key: string) =>
  Number(
    rowsOf<{ n: number | string }>(
      await t.database.db.execute(sql`SELECT count(*) AS n FROM outbox_messages WHERE mail_key = ${key}`),
    )[0]!.n,
  );

beforeAll(async () => {
  t = await createTestApp({ env: { JOBS_POLLING_INTERVAL_SECONDS: '0.5' } });
  await seedTestCatalog(t, 5);
  buyer = await makeUser(t, ['buyer'], 'Bea Buyer');
  seller = await makeUser(t, ['buyer', 'seller'], 'Sam Seller');
  ({ productId } = await makeInvoicingSeller(t, seller));
});
afterAll(async () => t?.close());

describe('the mail layout', () => {
  it('renders HTML and a text part from the same content, escaping what users typed', async () => {
    const mail = await renderMail({
      subject: 'Invoice <b>1</b>',
      preview: 'Preview',
      sections: [
        {
          lang: 'fr-CA',
          heading: 'Facture reçue',
          paragraphs: ['Motif : <script>alert(1)</script> & co'],
          rows: [{ label: 'TPS (5 %)', value: '7,50 $' }],
          action: { label: 'Examiner', url: 'https://example.ca/fr/invoice/abc' },
        },
      ],
      footer: 'MapleSource',
    });
    expect(mail.html).toContain('lang="fr-CA"');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; co');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('href="https://example.ca/fr/invoice/abc"');
    expect(mail.text).toContain('Motif : <script>alert(1)</script> & co');
    expect(mail.text).toMatch(/TPS \(5 %\)\s+7,50 \$/);
    expect(mail.text).toContain('Examiner: https://example.ca/fr/invoice/abc');
    await expect(
      renderMail({
        subject: 's',
        preview: 'p',
        sections: [
          { lang: 'en-CA', heading: 'h', paragraphs: [], action: { label: 'x', url: 'javascript:alert(1)' } },
        ],
        footer: 'f',
      }),
    ).rejects.toThrow(/Not a web link/);
  });
});

describe('business e-mails', () => {
  it('e-mails an issued invoice to the buyer once, with its link and PDF, in French for a French buyer', async () => {
    await t.database.db.execute(sql`
      INSERT INTO user_preferences (user_id, preferred_language) VALUES (${buyer.id}, 'fr')
      ON CONFLICT (user_id) DO UPDATE SET preferred_language = 'fr'`);
    const invoice = await issueInvoiceFor(t, { buyer, seller, productId });
    const key = `invoice-issued:${invoice.invoiceId}`;
    const mail = await waitFor('the invoice e-mail', async () =>
      (await mailsTo(buyer)).find((m) => m.body.includes(invoice.token)),
    );
    expect(mail.body).toMatch(/^Facture .+ de .+ : /);
    expect(mail.body).toContain('Vous avez reçu une facture');
    expect(mail.link).toBe(`${t.config.PUBLIC_URL.replace(/\/$/, '')}/fr/invoice/${invoice.token}`);
    expect(mail.hasHtml).toBe(true);
    expect(mail.attachments).toEqual([
      expect.objectContaining({ contentType: 'application/pdf', filename: expect.stringMatching(/\.pdf$/) }),
    ]);
    expect(mail.attachments![0]!.size).toBeGreaterThan(1000);

    // Its HTML is served by the outbox's access rule, as an inert document.
    const html = await t.app.inject({
      method: 'GET',
      url: `/api/v1/dev/outbox/${mail.id}/html`,
      remoteAddress: '127.0.0.1',
    });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.headers['content-security-policy']).toMatch(/sandbox; default-src 'none'/);
    expect(html.headers['x-content-type-options']).toBe('nosniff');
    expect(html.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(html.body).toContain('Examiner la facture');
    const remote = await t.app.inject({
      method: 'GET',
      url: `/api/v1/dev/outbox/${mail.id}/html`,
      remoteAddress: '203.0.113.9',
    });
    expect(remote.statusCode).toBe(403);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/v1/dev/outbox/7f1c1f0e-2c5a-4a8e-9d1e-2b9a6f0c1d2e/html',
      remoteAddress: '127.0.0.1',
    });
    expect(unknown.statusCode).toBe(404);

    // The event is delivered again, its "handled" mark gone (a crash before the mark, an operator's replay):
    // the subscriber runs again and the e-mail's key stops it.
    const [event] = rowsOf<{ id: string }>(
      await t.database.db.execute(
        sql`SELECT id FROM domain_events WHERE name = 'invoice.issued' AND payload->>'invoiceId' = ${invoice.invoiceId}`,
      ),
    );
    await t.database.db.execute(sql`
      DELETE FROM handled_events WHERE subscriber = 'notifications.mail-invoice-issued' AND event_id = ${event!.id}::uuid`);
    await t.database.db.execute(sql`
      UPDATE event_deliveries SET delivered_at = NULL, next_attempt_at = now()
      WHERE subscriber = 'notifications.mail-invoice-issued' AND event_id = ${event!.id}::uuid`);
    await waitFor('the replayed delivery', async () => {
      const [row] = rowsOf<{ attempts: number | string; delivered_at: Date | null }>(
        await t.database.db.execute(sql`
          SELECT attempts, delivered_at FROM event_deliveries
          WHERE subscriber = 'notifications.mail-invoice-issued' AND event_id = ${event!.id}::uuid`),
      );
      return row && row.delivered_at !== null && Number(row.attempts) >= 2 ? row : undefined;
    });
    // Two deliveries of the same e-mail at once (two processes), and two of its jobs at once.
    const queued = await Promise.all(
      [1, 2].map(() =>
        withTransaction(t.app.db, (tx) =>
          queueBusinessMail(t.app, tx, {
            key,
            recipientId: buyer.id,
            template: 'invoice-issued',
            data: { invoiceId: invoice.invoiceId },
          }),
        ),
      ),
    );
    expect(queued).toEqual([false, false]);
    expect(await Promise.all([deliverBusinessMail(t.app, key), deliverBusinessMail(t.app, key)])).toEqual([
      'skipped',
      'skipped',
    ]);
    expect(await outboxRows(key)).toBe(1);
    expect((await mailsTo(buyer)).filter((m) => m.body.includes(invoice.token))).toHaveLength(1);
  });

  it('sends a new e-mail once when two jobs run it at the same time', async () => {
    buyer = await makeUser(t, ['buyer'], 'Ben Buyer');
    const invoice = await issueInvoiceFor(t, { buyer, seller, productId });
    await waitFor('the invoice e-mail', async () =>
      (await mailsTo(buyer)).find((m) => m.body.includes(invoice.token)),
    );
    // A second e-mail about the same invoice under another key, claimed by two jobs at once: one sends.
    const key = `test-twice:${invoice.invoiceId}`;
    await withTransaction(t.app.db, (tx) =>
      queueBusinessMail(t.app, tx, {
        key,
        recipientId: buyer.id,
        template: 'invoice-issued',
        data: { invoiceId: invoice.invoiceId },
      }),
    );
    const results = await Promise.all([deliverBusinessMail(t.app, key), deliverBusinessMail(t.app, key)]);
    await waitFor('the job or the calls to send it', async () =>
      (await outboxRows(key)) === 1 ? true : undefined,
    );
    expect(results.filter((r) => r === 'sent').length).toBeLessThanOrEqual(1);
    expect(await outboxRows(key)).toBe(1);
  });

  it('tells the buyer of a withdrawal and the seller of a counter-offer (decisions 271, 272)', async () => {
    const negotiator = await makeUser(t, ['buyer'], 'Nina Negotiator');
    const withdrawn = await issueInvoiceFor(t, { buyer: negotiator, seller, productId });
    const withdraw = await t.app.inject({
      method: 'POST',
      url: '/api/v1/invoice/withdraw',
      headers: as(seller, 'seller'),
      payload: { invoiceToken: withdrawn.token },
    });
    expect(withdraw.statusCode, withdraw.body).toBe(200);
    const withdrawal = await waitFor('the withdrawal e-mail', async () =>
      (await mailsTo(negotiator)).find((m) => m.body.includes('withdrew invoice')),
    );
    expect(withdrawal.link).toContain(`/invoice/${withdrawn.token}`);

    const next = await t.app.inject({
      method: 'POST',
      url: `/api/v1/chats/${withdrawn.chatId}/invoices`,
      headers: as(seller, 'seller'),
      payload: { negotiatedPriceCents: 20_000 },
    });
    expect(next.statusCode, next.body).toBe(201);
    const reject = await t.app.inject({
      method: 'POST',
      url: '/api/v1/invoice/reject',
      headers: as(negotiator),
      payload: {
        invoiceToken: next.json<{ invoice: { token: string } }>().invoice.token,
        reason: 'Too dear.',
        counterOffer: { negotiatedPriceCents: 17_500, quantity: 12, note: 'Twelve at this price.' },
      },
    });
    expect(reject.statusCode, reject.body).toBe(200);
    const rejection = await waitFor('the rejection e-mail with the offer', async () =>
      (await mailsTo(seller)).find((m) => m.body.includes('Too dear.')),
    );
    expect(rejection.body).toContain(
      'Their counter-offer: price $175.00 quantity 12 — Twelve at this price.',
    );
  });

  it('tells the seller of a rejection and of an acceptance, and the buyer of the payment and the shipment', async () => {
    buyer = await makeUser(t, ['buyer'], 'Bob Buyer');
    const rejected = await issueInvoiceFor(t, { buyer, seller, productId });
    const reject = await t.app.inject({
      method: 'POST',
      url: '/api/v1/invoice/reject',
      headers: { ...as(buyer), 'idempotency-key': `reject-${rejected.invoiceId}` },
      payload: { invoiceToken: rejected.token, reason: 'The price is above our budget.' },
    });
    expect(reject.statusCode, reject.body).toBeLessThan(300);
    // This invoice's rejection: the seller may have had others in this file.
    const rejection = await waitFor('the rejection e-mail', async () =>
      (await mailsTo(seller)).find(
        (m) => m.body.includes('rejected by') && m.body.includes(shortRef(rejected.invoiceId)),
      ),
    );
    expect(rejection.body).toContain('Their reason: The price is above our budget.');
    expect(rejection.link).toContain('/seller-centre/inbox/');

    const accepted = await issueInvoiceFor(t, { buyer, seller, productId });
    const accept = await t.app.inject({
      method: 'POST',
      url: '/api/v1/invoice/accept',
      headers: {
        ...as(buyer),
        'user-agent': 'vitest-agent/1.0',
        'idempotency-key': `accept-${accepted.invoiceId}`,
      },
      payload: {
        invoiceToken: accepted.token,
        shippingAddress,
        billingAddress: null,
        isBillingSameAsShipping: true,
        signature: { fullName: 'Bea Buyer', svg: signatureSvg },
        termsVersion: invoiceAcceptanceTerms.version,
        termsLanguage: 'en',
      },
    });
    expect(accept.statusCode, accept.body).toBe(201);
    const { orderId } = accept.json<{ orderId: string }>();
    const acceptance = await waitFor('the acceptance e-mail', async () =>
      (await mailsTo(seller)).find((m) => m.body.includes('accepted by')),
    );
    expect(acceptance.body).toContain('Your invoice was accepted');

    // The receipt and the shipment e-mails, rendered from the order as it is (queued as their subscriber does).
    await t.database.db.execute(
      sql`UPDATE orders SET tracking_number = '1Z999AA10123456784', carrier = 'UPS' WHERE id = ${orderId}`,
    );
    for (const template of ['payment-receipt', 'order-shipped'] as const) {
      const key = `${template}:${orderId}`;
      await withTransaction(t.app.db, (tx) =>
        queueBusinessMail(t.app, tx, {
          key,
          recipientId: buyer.id,
          template,
          data: { orderId, kind: 'product' },
        }),
      );
      await waitFor(template, async () => ((await outboxRows(key)) === 1 ? true : undefined));
    }
    const mails = await mailsTo(buyer);
    const receipt = mails.find((m) => m.body.startsWith('Payment receipt'))!;
    expect(receipt.body).toMatch(/HST \(13 %\)\s+\$/);
    expect(receipt.body).toMatch(/Seller’s GST\/HST number\s+123456789RT0001/);
    expect(receipt.body).toMatch(/Total paid\s+\$/);
    const shipped = mails.find((m) => m.body.includes('has shipped'))!;
    expect(shipped.body).toContain('Tracking number: 1Z999AA10123456784');
    expect(shipped.link).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');

    // A payment review opened on the order: both parties are told, each with their own view of it.
    const reviewId = randomUUID();
    await t.database.db.execute(sql`
      INSERT INTO payment_reviews (id, order_id, buyer_user_id, reason, created_at, answer_due_at)
      VALUES (${reviewId}, ${orderId}, ${buyer.id}, 'The goods never arrived.', now(), now() + interval '3 days')`);
    for (const [side, party] of [
      ['buyer', buyer],
      ['seller', seller],
    ] as const) {
      const key = `payment-review-opened:${reviewId}:${side}`;
      await withTransaction(t.app.db, (tx) =>
        queueBusinessMail(t.app, tx, {
          key,
          recipientId: party.id,
          template: 'payment-review-opened',
          data: { orderId, kind: 'product' },
        }),
      );
      await waitFor(key, async () => ((await outboxRows(key)) === 1 ? true : undefined));
      const review = (await mailsTo(party)).find((m) => m.body.startsWith('Payment review opened'))!;
      expect(review.body).toContain('Reason given: The goods never arrived.');
      expect(review.body).toContain('The seller answers the review by');
    }
  });
});
