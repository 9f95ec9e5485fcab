import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateInTimeZone } from '@maplesource/contracts';
import type { TestApp } from '../../../test/helpers';
import {
  as,
  makeOrder,
  makeStorefront,
  makeUser,
  paySandboxCard,
  waitFor,
  createPaymentTestApp,
  buyerAndStorefront,
  type Party,
} from '../../../test/orders-helpers';
import { rowsOf } from '../../db/transaction';

/**
 * The seller's monthly statement (docs/product.md §9): opening balance, the month's ledger entries with a running
 * balance, closing balance, as CSV or PDF, in English or French, for the seller's own storefront only.
 */
const webhookSecret = 'statement_webhook_secret_for_tests';
let t: TestApp;
let buyer: Party;
let seller: Party;
let storefront: { id: number; slug: string };

beforeAll(async () => {
  t = await createPaymentTestApp(webhookSecret);
  ({ buyer, seller, storefront } = await buyerAndStorefront(t, { buyer: 'Bea Buyer', seller: 'Sam Seller' }));
});
afterAll(async () => t?.close());

const heldCentsOf = async (orderId: string) =>
  rowsOf<{ held_cents: string }>(
    await t.database.db.execute(sql`SELECT held_cents FROM ledger_holds WHERE order_id = ${orderId}::uuid`),
  )[0]?.held_cents;

/** An order the buyer paid by card, once its capture is in the ledger; the seller's held share. */
async function paidOrder(totalCents: number) {
  const { orderId } = await makeOrder(t.app, { buyer, seller, storefront, totalCents, leadDays: 5 });
  await paySandboxCard(t, buyer, orderId);
  const held = await waitFor('the capture in the ledger', () => heldCentsOf(orderId), { timeoutMs: 40_000 });
  return { orderId, heldCents: Number(held) };
}

const get = (party: Party, role: 'buyer' | 'seller', url: string) =>
  t.app.inject({ method: 'GET', url, headers: as(party, role) });
const thisMonth = () => dateInTimeZone(new Date(), 'America/Toronto').slice(0, 7);
const monthBefore = (month: string) => {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 1 ? `${year - 1}-12` : `${year}-${String(number - 1).padStart(2, '0')}`;
};
const csvRows = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .map((line) => line.split(','));

describe('the monthly statement', () => {
  it('lists the month’s entries with a running balance between the opening and closing balances', async () => {
    const first = await paidOrder(11_300);
    const second = await paidOrder(22_600);
    const month = thisMonth();
    const response = await get(seller, 'seller', `/api/v1/seller/${storefront.id}/statements/${month}.csv`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toContain(`statement-${storefront.id}-${month}.csv`);
    const rows = csvRows(response.body);
    expect(rows[0]).toEqual(['Date', 'Order', 'Entry', 'Amount (CAD)', 'Balance (CAD)']);
    expect(rows[1]).toEqual(['', '', 'Opening balance', '', '0.00']);
    const today = dateInTimeZone(new Date(), 'America/Toronto');
    const amount = (cents: number) => (cents / 100).toFixed(2);
    expect(rows.slice(2, 4)).toEqual([
      [today, first.orderId, 'Payment captured (held)', amount(first.heldCents), amount(first.heldCents)],
      [
        today,
        second.orderId,
        'Payment captured (held)',
        amount(second.heldCents),
        amount(first.heldCents + second.heldCents),
      ],
    ]);
    expect(rows[4]).toEqual(['', '', 'Closing balance', '', amount(first.heldCents + second.heldCents)]);
    expect(rows).toHaveLength(5);

    // The month before: nothing happened, so opening and closing are both zero; in French.
    const before = await get(
      seller,
      'seller',
      `/api/v1/seller/${storefront.id}/statements/${monthBefore(month)}.csv?lang=fr`,
    );
    expect(csvRows(before.body)).toEqual([
      ['Date', 'Commande', 'Écriture', 'Montant ($ CA)', 'Solde ($ CA)'],
      ['', '', 'Solde d’ouverture', '', '0.00'],
      ['', '', 'Solde de clôture', '', '0.00'],
    ]);
  });

  it('comes as a PDF too', async () => {
    const response = await get(
      seller,
      'seller',
      `/api/v1/seller/${storefront.id}/statements/${thisMonth()}.pdf`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('is the seller’s own only, and refuses a month that is not a past or current calendar month', async () => {
    const other = await makeUser(t, ['buyer', 'seller'], 'Olga Other');
    await makeStorefront(t, other, true);
    const url = (file: string) => `/api/v1/seller/${storefront.id}/statements/${file}`;
    const otherSees = await get(other, 'seller', url(`${thisMonth()}.csv`));
    expect(otherSees.statusCode).toBe(404);
    expect(otherSees.json()).toMatchObject({ error: { code: 'SELLER_NOT_FOUND' } });
    expect((await get(buyer, 'buyer', url(`${thisMonth()}.csv`))).statusCode).toBe(403);
    const [year] = thisMonth().split('-');
    for (const file of [
      '2026-13.csv',
      '2026-00.pdf',
      `${Number(year) + 1}-01.csv`,
      '2026-1.csv',
      '2026-11.txt',
    ])
      expect((await get(seller, 'seller', url(file))).json(), file).toMatchObject({
        error: { code: 'STATEMENT_MONTH_INVALID' },
      });
    for (const file of ['%00', '2026-11%00.csv'])
      expect((await get(seller, 'seller', url(file))).statusCode, file).toBe(400);
    expect((await get(seller, 'seller', url(`${thisMonth()}.csv?lang=de`))).statusCode).toBe(400);
  });
});
