import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { makeStorefront, makeUser, waitFor, type Party } from '../../../test/orders-helpers';
import { rowsOf } from '../../db/transaction';
import { paymentWebhookPath } from '../../plugins/payments';
import { signWebhook } from '../../plugins/payments/signature';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { JOBS_POLLING_INTERVAL_SECONDS: '0.5' } });
});
afterAll(async () => {
  await t.close();
});

const as = (party: Party, role = 'seller') => ({ cookie: party.cookie, role });
const read = (party: Party, sellerId: number | string, role = 'seller') =>
  t.app.inject({ method: 'GET', url: `/api/v1/seller/${sellerId}/payout-account`, headers: as(party, role) });
const onboard = (party: Party, sellerId: number | string, role = 'seller') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/seller/${sellerId}/payout-account/onboarding`,
    headers: as(party, role),
  });
const settle = (party: Party, sellerId: number | string, payload: unknown, role = 'seller') =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/seller/${sellerId}/payout-account/settings`,
    headers: { ...as(party, role), 'content-type': 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
const count = async (query: ReturnType<typeof sql>) =>
  rowsOf<{ n: number }>(await t.database.db.execute(query))[0]!.n;
const providerAccountOf = async (sellerId: number) =>
  rowsOf<{ provider_account_id: string }>(
    await t.database.db.execute(
      sql`select provider_account_id from payout_accounts where seller_id = ${sellerId}`,
    ),
  )[0]!.provider_account_id;

async function sellerWithStorefront(name: string) {
  const seller = await makeUser(t, ['buyer', 'seller'], name);
  const storefront = await makeStorefront(t, seller, true);
  return { seller, sellerId: storefront.id };
}

/** Follows the onboarding link as the seller would: the form page, then its submission. */
async function completeOnboarding(url: string, accountNumber = '000123456789') {
  const page = await t.app.inject({ method: 'GET', url });
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-type']).toContain('text/html');
  return t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      transit: '11000',
      institution: '000',
      account_number: accountNumber,
    }).toString(),
  });
}

describe('payout account onboarding through the sandbox provider', () => {
  it('starts once per storefront, however many concurrent starts, and shows it pending', async () => {
    const { seller, sellerId } = await sellerWithStorefront('Concurrent Payouts');
    const before = await read(seller, sellerId);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ account: null, defaultMinimumCents: 2500 });

    const answers = await Promise.all(Array.from({ length: 20 }, () => onboard(seller, sellerId)));
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().url).toMatch(/^\/sandbox-connect\/onboard\/[a-f0-9]{48}$/);
      expect(answer.json().account).toMatchObject({
        sellerId,
        status: 'pending_onboarding',
        provider: 'sandbox',
      });
    }
    expect(
      await count(sql`select count(*)::int as n from payout_accounts where seller_id = ${sellerId}`),
    ).toBe(1);
    const accountId = await providerAccountOf(sellerId);
    expect(
      await count(
        sql`select count(*)::int as n from sandbox_connected_accounts where metadata->>'sellerId' = ${String(sellerId)}`,
      ),
    ).toBe(1);
    expect(answers[0]!.json().account).not.toHaveProperty('providerAccountId');
    expect(JSON.stringify(answers[0]!.json())).not.toContain(accountId);

    // The provider sends the seller back to the page in their language.
    const french = await t.app.inject({
      method: 'POST',
      url: `/api/v1/seller/${sellerId}/payout-account/onboarding?language=fr`,
      headers: as(seller),
    });
    const back = await completeOnboarding(french.json().url);
    expect(back.headers.location).toBe(
      `http://localhost:3000/fr/seller-centre/payouts?storefront=${sellerId}&onboarding=return`,
    );
    const unknownLanguage = await t.app.inject({
      method: 'POST',
      url: `/api/v1/seller/${sellerId}/payout-account/onboarding?language=de`,
      headers: as(seller),
    });
    expect(unknownLanguage.statusCode).toBe(400);
  });

  it('becomes active through the signed account.updated once the seller completes the form; links are single-use', async () => {
    const { seller, sellerId } = await sellerWithStorefront('Onboarding Seller');
    const { url } = (await onboard(seller, sellerId)).json();
    const done = await completeOnboarding(url);
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(
      `http://localhost:3000/seller-centre/payouts?storefront=${sellerId}&onboarding=return`,
    );
    const active = await waitFor('the account.updated webhook', async () => {
      const account = (await read(seller, sellerId)).json().account;
      return account?.status === 'active' ? account : null;
    });
    expect(active).toMatchObject({ detailsSubmitted: true, payoutsEnabled: true, requirementsDue: [] });
    expect(
      await count(sql`select count(*)::int as n from payment_webhook_events where type = 'account.updated'
                      and payload->'data'->'object'->>'id' = ${await providerAccountOf(sellerId)}`),
    ).toBe(1);

    // A used link sends the seller to the refresh URL (our page asks for a new link), as Stripe's do.
    const again = await t.app.inject({ method: 'GET', url });
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toContain('onboarding=refresh');
    const post = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'transit=11000&institution=000&account_number=000123456789',
    });
    expect(post.statusCode).toBe(303);
    expect(post.headers.location).toContain('onboarding=refresh');

    const unknown = await t.app.inject({ method: 'GET', url: `/sandbox-connect/onboard/${'a'.repeat(48)}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('PAYOUT_ONBOARDING_LINK_NOT_FOUND');
    for (const bad of ['%00', 'zz', `${'a'.repeat(47)}%2F`, 'a'.repeat(5000)]) {
      const response = await t.app.inject({ method: 'GET', url: `/sandbox-connect/onboard/${bad}` });
      // A malformed token is a page that does not exist (the site's 404 page), never a server error.
      expect([400, 404, 414]).toContain(response.statusCode);
    }
  });

  it('keeps the schedule and the minimum the seller sets, and refuses bad settings with a code', async () => {
    const { seller, sellerId } = await sellerWithStorefront('Schedule Seller');
    const early = await settle(seller, sellerId, { schedule: { interval: 'daily' }, minimumCents: 5000 });
    expect(early.statusCode).toBe(404);
    expect(early.json().error.code).toBe('PAYOUT_ACCOUNT_NOT_FOUND');

    await onboard(seller, sellerId);
    expect((await read(seller, sellerId)).json().account).toMatchObject({
      schedule: { interval: 'weekly', weekday: 1 },
      minimumCents: 2500,
    });
    const weekly = await settle(seller, sellerId, {
      schedule: { interval: 'weekly', weekday: 5 },
      minimumCents: 10_000,
    });
    expect(weekly.statusCode).toBe(200);
    expect(weekly.json().account).toMatchObject({
      schedule: { interval: 'weekly', weekday: 5 },
      minimumCents: 10_000,
    });
    const daily = await settle(seller, sellerId, { schedule: { interval: 'daily' }, minimumCents: 100 });
    expect(daily.json().account.schedule).toEqual({ interval: 'daily' });

    for (const payload of [
      { schedule: { interval: 'weekly', weekday: 8 }, minimumCents: 5000 },
      { schedule: { interval: 'weekly' }, minimumCents: 5000 },
      { schedule: { interval: 'daily', weekday: 2 }, minimumCents: 5000 },
      { schedule: { interval: 'monthly' }, minimumCents: 5000 },
      { schedule: { interval: 'daily' }, minimumCents: 99 },
      { schedule: { interval: 'daily' }, minimumCents: 12.5 },
      { schedule: { interval: 'daily' }, minimumCents: 100_000_001 },
      { schedule: { interval: 'daily' }, minimumCents: '5000' },
      { schedule: { interval: 'daily' }, minimumCents: 5000, sellerId: 1 },
      '{"schedule":{"interval":"daily"},"minimumCents":50',
      '{"schedule":{"interval":"dai\u0000ly"},"minimumCents":5000}',
    ]) {
      const refused = await settle(seller, sellerId, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json().error.code).toBeTruthy();
    }
    const huge = await settle(seller, sellerId, JSON.stringify({ pad: 'x'.repeat(10_000) }));
    expect(huge.statusCode).toBe(413);
    expect((await read(seller, sellerId)).json().account).toMatchObject({
      schedule: { interval: 'daily' },
      minimumCents: 100,
    });

    const raced = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        settle(seller, sellerId, {
          schedule: { interval: 'weekly', weekday: (i % 7) + 1 },
          minimumCents: 1000 + i,
        }),
      ),
    );
    expect(raced.every((response) => response.statusCode === 200)).toBe(true);
    const final = (await read(seller, sellerId)).json().account;
    // The row is one request's settings whole, never a mix of two.
    expect(final.schedule.weekday).toBe(((final.minimumCents - 1000) % 7) + 1);
  });

  it('fences: another seller’s storefront answers 404, a buyer 403, no session 401, and nothing changes', async () => {
    const { seller, sellerId } = await sellerWithStorefront('Owner Seller');
    const other = await sellerWithStorefront('Other Seller');
    const buyer = await makeUser(t, ['buyer'], 'Curious Buyer');
    await onboard(seller, sellerId);
    for (const response of [
      await read(other.seller, sellerId),
      await onboard(other.seller, sellerId),
      await settle(other.seller, sellerId, { schedule: { interval: 'daily' }, minimumCents: 9000 }),
      await read(seller, 999_999_999),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('SELLER_NOT_FOUND');
    }
    for (const response of [
      await read(buyer, sellerId, 'buyer'),
      await onboard(buyer, sellerId, 'buyer'),
      await settle(buyer, sellerId, { schedule: { interval: 'daily' }, minimumCents: 9000 }, 'buyer'),
      await read(buyer, sellerId, 'seller'),
    ])
      expect([403, 404]).toContain(response.statusCode);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/v1/seller/${sellerId}/payout-account`,
      headers: { role: 'seller' },
    });
    expect(anonymous.statusCode).toBe(401);
    for (const bad of ['abc', '1%00', '%2e%2e', '9'.repeat(30)]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v1/seller/${bad}/payout-account`,
        headers: as(seller),
      });
      expect([400, 404]).toContain(response.statusCode);
    }
    expect((await read(seller, sellerId)).json().account.minimumCents).toBe(2500);
    expect(
      await count(sql`select count(*)::int as n from payout_accounts where seller_id = ${other.sellerId}`),
    ).toBe(0);
  });
});

describe('account.updated webhooks', () => {
  const post = (body: string, signature?: string) =>
    t.app.inject({
      method: 'POST',
      url: paymentWebhookPath,
      payload: body,
      headers: {
        'content-type': 'application/json',
        ...(signature !== undefined ? { 'maplesource-signature': signature } : {}),
      },
    });
  const accountEvent = (id: string, accountId: string, created: number, fields: Record<string, unknown>) =>
    JSON.stringify({
      id,
      object: 'event',
      type: 'account.updated',
      created,
      data: {
        object: {
          id: accountId,
          object: 'account',
          details_submitted: true,
          charges_enabled: true,
          payouts_enabled: true,
          requirements: { currently_due: [], disabled_reason: null },
          ...fields,
        },
      },
    });

  it('applies a signed event once; refuses forgeries; an older event arriving late changes nothing', async () => {
    const { seller, sellerId } = await sellerWithStorefront('Webhook Seller');
    await onboard(seller, sellerId);
    const accountId = await providerAccountOf(sellerId);
    const now = Math.floor(Date.now() / 1000);
    const secret = t.config.PAYMENT_WEBHOOK_SECRET;

    const forged = accountEvent(`evt_forged_${sellerId}`, accountId, now, {});
    for (const signature of [undefined, signWebhook(forged, 'not_the_secret_at_all'), 'junk']) {
      const refused = await post(forged, signature);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.code).toMatch(/^PAYMENT_WEBHOOK_/);
    }
    const tampered = await post(
      forged.replace('"payouts_enabled":true', '"payouts_enabled":false'),
      signWebhook(forged, secret),
    );
    expect(tampered.statusCode).toBe(400);
    expect((await read(seller, sellerId)).json().account.status).toBe('pending_onboarding');

    const restricted = accountEvent(`evt_restricted_${sellerId}`, accountId, now, {
      payouts_enabled: false,
      requirements: { currently_due: ['external_account'], disabled_reason: 'requirements.past_due' },
    });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post(restricted, signWebhook(restricted, secret))),
    );
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(answers.filter((answer) => !answer.json().duplicate)).toHaveLength(1);
    expect((await read(seller, sellerId)).json().account).toMatchObject({
      status: 'restricted',
      requirementsDue: ['external_account'],
    });

    const older = accountEvent(`evt_older_${sellerId}`, accountId, now - 60, {});
    expect((await post(older, signWebhook(older, secret))).statusCode).toBe(200);
    expect((await read(seller, sellerId)).json().account.status).toBe('restricted');

    const rejected = accountEvent(`evt_rejected_${sellerId}`, accountId, now + 1, {
      payouts_enabled: false,
      charges_enabled: false,
      requirements: { currently_due: [], disabled_reason: 'rejected.fraud' },
    });
    expect((await post(rejected, signWebhook(rejected, secret))).statusCode).toBe(200);
    expect((await read(seller, sellerId)).json().account.status).toBe('disabled');

    const stranger = accountEvent(`evt_stranger_${sellerId}`, 'acct_sb_unknown', now, {});
    expect((await post(stranger, signWebhook(stranger, secret))).statusCode).toBe(200);
  });
});
