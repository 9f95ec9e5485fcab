import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyerHeaders, createTestApp, type TestApp } from '../../../test/helpers';
import { PASSWORD, signUp, type SignedUp } from '../../../test/accounts-helpers';
import { rowsOf } from '../../db/transaction';
import { seedCatalog } from '../../seed/catalog';

/** Privacy: the right to deletion (decision 076). Runs on PGlite and on PostgreSQL. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedCatalog({
    database: t.database,
    config: t.config,
    log: () => undefined,
    options: { products: 40 },
  });
});
afterAll(async () => t.close());

const as = (user: SignedUp) => ({ ...buyerHeaders, cookie: user.cookie });
const count = async (query: ReturnType<typeof sql>) =>
  Number(rowsOf<{ n: number | string }>(await t.database.db.execute(query))[0]!.n);
const deleteAccount = (user: SignedUp, payload: unknown) =>
  t.app.inject({ method: 'DELETE', url: '/api/v1/profile', headers: as(user), payload: payload as object });
const request = (user: SignedUp, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: as(user), ...(payload ? { payload } : {}) });

async function firstItemIds() {
  const [product] = rowsOf<{ id: number }>(
    await t.database.db.execute(sql`SELECT id FROM products WHERE status = 'active' ORDER BY id LIMIT 1`),
  );
  const [service] = rowsOf<{ id: number }>(
    await t.database.db.execute(sql`SELECT id FROM services WHERE status = 'active' ORDER BY id LIMIT 1`),
  );
  return { productId: String(product!.id), serviceId: String(service!.id) };
}

/** Gives the user an address, preferences, likes, a product and a service review, and a search history. */
async function useTheMarketplace(user: SignedUp, rating: number) {
  const { productId, serviceId } = await firstItemIds();
  const steps = [
    await request(user, 'POST', '/api/v1/address', {
      street: '200 Bay St',
      country: 'Canada',
      province: 'ON',
      city: 'Toronto',
      postalCode: 'M5J 2J2',
    }),
    await request(user, 'PUT', '/api/v1/profile/preferences', { preferredLanguage: 'fr' }),
    await request(user, 'POST', '/api/v1/like/toggle', { productId }),
    await request(user, 'POST', '/api/v1/service-like/toggle', { serviceId }),
    await request(user, 'POST', '/api/v1/review', { productId, rating }),
    await request(user, 'POST', '/api/v1/service-review', { serviceId, rating }),
    await request(user, 'POST', '/api/v1/category-stats/track-search', { term: 'aluminum' }),
  ];
  for (const step of steps) expect(step.statusCode, step.body).toBeLessThan(300);
}

describe('DELETE /api/v1/profile (account deletion)', () => {
  it('needs a login (401) and the current password (400 otherwise)', async () => {
    const visitor = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/profile',
      headers: buyerHeaders,
      payload: { currentPassword: PASSWORD },
    });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error.code).toBe('UNAUTHENTICATED');

    const carol = await signUp(t.app, { fullName: 'Carol Roy' });
    const missing = await deleteAccount(carol, {});
    expect(missing.statusCode).toBe(400);
    const wrong = await deleteAccount(carol, { currentPassword: 'Not#ThePassword1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('WRONG_PASSWORD');
    expect((await request(carol, 'GET', '/api/v1/profile')).statusCode).toBe(200);
  });

  it('deletes the account and everything that is the user’s in one go, and leaves another user’s data alone', async () => {
    const alice = await signUp(t.app, { fullName: 'Alice Deleted' });
    const bob = await signUp(t.app, { fullName: 'Bob Stays' });
    await useTheMarketplace(alice, 1);
    await useTheMarketplace(bob, 5);
    const { productId, serviceId } = await firstItemIds();
    const [storefront] = rowsOf<{ id: number }>(
      await t.database.db.execute(sql`SELECT id FROM sellers ORDER BY id DESC LIMIT 1`),
    );
    await t.database.db.execute(
      sql`UPDATE sellers SET owner_user_id = ${alice.id}, claimed = true WHERE id = ${storefront!.id}`,
    );
    const reviewsBefore = (await request(bob, 'GET', `/api/v1/review?productId=${productId}`)).json();
    expect(reviewsBefore.ratingCount).toBeGreaterThanOrEqual(2);

    const deleted = await deleteAccount(alice, { currentPassword: PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ ok: true });
    expect(deleted.cookies.find((c) => c.name === 'ms_session')?.value).toBe('');

    // The session is gone, and so is the login.
    expect((await request(alice, 'GET', '/api/v1/profile')).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: buyerHeaders,
      payload: { email: alice.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(401);

    // Nothing of Alice's remains.
    const of = (table: string) =>
      sql`SELECT count(*) AS n FROM ${sql.raw(table)} WHERE user_id = ${alice.id}`;
    expect(await count(sql`SELECT count(*) AS n FROM users WHERE id = ${alice.id}`)).toBe(0);
    for (const table of [
      'sessions',
      'addresses',
      'user_preferences',
      'product_likes',
      'service_likes',
      'product_reviews',
      'service_reviews',
      'user_search_history',
    ]) {
      expect(await count(of(table)), table).toBe(0);
    }
    expect(
      await count(sql`SELECT count(*) AS n FROM otp_codes WHERE phone_number = ${alice.phoneNumber}`),
    ).toBe(0);
    // Her storefront stays in the directory, unclaimed, for the business to claim again.
    const [released] = rowsOf<{ owner_user_id: string | null; claimed: boolean }>(
      await t.database.db.execute(
        sql`SELECT owner_user_id, claimed FROM sellers WHERE id = ${storefront!.id}`,
      ),
    );
    expect(released).toEqual({ owner_user_id: null, claimed: false });

    // The ratings no longer count her reviews.
    const reviewsAfter = (await request(bob, 'GET', `/api/v1/review?productId=${productId}`)).json();
    expect(reviewsAfter.ratingCount).toBe(reviewsBefore.ratingCount - 1);
    expect(reviewsAfter.items.map((r: { authorName: string }) => r.authorName)).not.toContain(
      'Alice Deleted',
    );

    // Bob's account and data are untouched.
    expect((await request(bob, 'GET', '/api/v1/profile')).json().user.fullName).toBe('Bob Stays');
    expect((await request(bob, 'GET', '/api/v1/address')).json().items).toHaveLength(1);
    expect(
      (await request(bob, 'GET', '/api/v1/profile/preferences')).json().preferences.preferredLanguage,
    ).toBe('fr');
    expect((await request(bob, 'GET', '/api/v1/like')).json().items.map((p: { id: string }) => p.id)).toEqual(
      [productId],
    );
    expect((await request(bob, 'GET', '/api/v1/service-like')).json().total).toBe(1);
    expect(reviewsAfter.items.filter((r: { mine: boolean }) => r.mine)).toHaveLength(1);
    const serviceReviews = (
      await request(bob, 'GET', `/api/v1/service-review?serviceId=${serviceId}`)
    ).json();
    expect(serviceReviews.items.filter((r: { mine: boolean }) => r.mine)).toHaveLength(1);

    // The e-mail address is free again (the phone number's resend pause still applies to new codes).
    const again = await signUp(t.app, { email: alice.email });
    expect(again.id).not.toBe(alice.id);
  });

  it('two deletions at once: one deletes, the other finds nothing (401 or 404), never a 500', async () => {
    const dave = await signUp(t.app, { fullName: 'Dave Twice' });
    const answers = await Promise.all([
      deleteAccount(dave, { currentPassword: PASSWORD }),
      deleteAccount(dave, { currentPassword: PASSWORD }),
    ]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses[0]).toBe(200);
    expect([401, 404]).toContain(statuses[1]);
    expect(await count(sql`SELECT count(*) AS n FROM users WHERE id = ${dave.id}`)).toBe(0);
  });

  it('counts wrong passwords and refuses further guesses (429) before the password is checked', async () => {
    const erin = await signUp(t.app, { fullName: 'Erin Guess' });
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await deleteAccount(erin, { currentPassword: `Wrong#Guess${attempt}` })).statusCode).toBe(400);
    }
    const limited = await deleteAccount(erin, { currentPassword: PASSWORD });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('LOGIN_LIMIT_EXCEEDED');
    expect((await request(erin, 'GET', '/api/v1/profile')).statusCode).toBe(200);
  });
});
