import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rowsOf, withTransaction } from '../src/db/transaction';
import type { TestApp } from './helpers';
import { as, makeStorefront, makeUser, waitFor, type Party } from './orders-helpers';

export interface PayingSeller {
  seller: Party;
  sellerId: number;
  /** The sandbox connected account the payouts go to. */
  destination: string;
}

/**
 * The storefront's payout account through the sandbox's onboarding page, as its owner `seller`: active, paid daily
 * from `minimumCents`. Returns the sandbox connected account the payouts go to.
 */
export async function activatePayoutAccount(
  t: TestApp,
  seller: Party,
  sellerId: number,
  options: { accountNumber?: string; minimumCents?: number } = {},
): Promise<string> {
  const started = await t.app.inject({
    method: 'POST',
    url: `/api/v1/seller/${sellerId}/payout-account/onboarding`,
    headers: as(seller, 'seller'),
  });
  expect(started.statusCode, started.body).toBe(200);
  const done = await t.app.inject({
    method: 'POST',
    url: started.json<{ url: string }>().url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      transit: '11000',
      institution: '000',
      account_number: options.accountNumber ?? '000123456789',
    }).toString(),
  });
  expect(done.statusCode).toBe(303);
  const db = t.database.db;
  await waitFor('the account to become active', async () => {
    const [row] = rowsOf<{ status: string }>(
      await db.execute(sql`SELECT status FROM payout_accounts WHERE seller_id = ${sellerId}`),
    );
    return row?.status === 'active';
  });
  await db.execute(sql`
    UPDATE payout_accounts SET schedule_interval = 'daily', schedule_weekday = NULL,
      minimum_cents = ${options.minimumCents ?? 2500}
    WHERE seller_id = ${sellerId}`);
  const [account] = rowsOf<{ provider_account_id: string }>(
    await db.execute(sql`SELECT provider_account_id FROM payout_accounts WHERE seller_id = ${sellerId}`),
  );
  return account!.provider_account_id;
}

/** A new seller's storefront whose payout account is active, paid daily from $25. */
export async function payingSeller(
  t: TestApp,
  name: string,
  accountNumber = '000123456789',
): Promise<PayingSeller> {
  const seller = await makeUser(t, ['buyer', 'seller'], name);
  const { id: sellerId } = await makeStorefront(t, seller, true);
  const destination = await activatePayoutAccount(t, seller, sellerId, { accountNumber });
  return { seller, sellerId, destination };
}

/**
 * A captured payment of `grossCents` for the storefront, straight in the ledger (5 % fee, HST in Ontario), due for
 * release a minute ago. With `release`, released at once: its share lands in available. Returns the order and share.
 */
export async function fundStorefront(
  t: TestApp,
  sellerId: number,
  grossCents: number,
  options: { release?: boolean; releaseAt?: Date } = {},
) {
  const db = t.database.db;
  const orderId = randomUUID();
  const fee = t.app.ledger.quoteFee({ grossCents, rateBps: 500, province: 'ON', date: '2026-11-28' });
  await withTransaction(db, (tx) =>
    t.app.ledger.postCapture(tx, {
      orderId,
      sellerId,
      buyerUserId: randomUUID(),
      grossCents,
      fee,
      releaseAt: options.releaseAt ?? new Date(Date.now() - 60_000),
    }),
  );
  if (options.release ?? true)
    await withTransaction(db, (tx) => t.app.ledger.release(tx, orderId, new Date(), false));
  return { orderId, shareCents: fee.sellerShareCents };
}
