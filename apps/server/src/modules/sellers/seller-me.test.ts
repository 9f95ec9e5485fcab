import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyStorefrontsResponse } from '@maplesource/contracts';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { signUp, type SignedUp } from '../../../test/accounts-helpers';
import { rowsOf } from '../../db/transaction';

/**
 * `GET seller/me`: the seller centre finds the storefronts the logged-in user owns, with their tax
 * profiles, so it can open the tax registration form; nobody else's storefront is ever listed.
 */
let t: TestApp;
let owner: SignedUp;
let stranger: SignedUp;
let firstId: number;
let secondId: number;

const me = (user: SignedUp | null, role: 'buyer' | 'seller' = 'seller') =>
  t.app.inject({
    method: 'GET',
    url: '/api/v1/seller/me',
    headers: { role, ...(user ? { cookie: user.cookie } : {}) },
  });

async function storefront(slug: string, ownerUserId: string | null) {
  const [row] = rowsOf<{ id: string }>(
    await t.database.db.execute(sql`
      INSERT INTO sellers (slug, name, business_type, province, city, postal_code, claimed, owner_user_id)
      VALUES (${slug}, ${`Shop ${slug}`}, 'manufacturer', 'QC', 'Montréal', 'H2X 1Y4',
              ${ownerUserId !== null}, ${ownerUserId})
      RETURNING id`),
  );
  return Number(row!.id);
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app, { fullName: 'Olive Owner' });
  stranger = await signUp(t.app, { fullName: 'Stan Stranger' });
  for (const user of [owner, stranger]) await t.app.auth.users.addRole(user.id, 'seller');
  const suffix = `${process.pid}-${Date.now()}`;
  firstId = await storefront(`me-first-${suffix}`, owner.id);
  secondId = await storefront(`me-second-${suffix}`, owner.id);
  await storefront(`me-unclaimed-${suffix}`, null);
});
afterAll(async () => t?.close());

describe('GET seller/me', () => {
  it("lists exactly the user's own storefronts with their tax profiles, oldest first", async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/seller/${secondId}/tax-profile`,
      headers: { role: 'seller', cookie: owner.cookie },
      payload: {
        legalName: 'Olive Owner Inc.',
        gstHstNumber: '123 456 789 rt 0001',
        qstNumber: '1234567890TQ0001',
        smallSupplier: false,
      },
    });
    expect(put.statusCode, put.body).toBe(200);

    const res = await me(owner);
    expect(res.statusCode, res.body).toBe(200);
    const { storefronts } = res.json<MyStorefrontsResponse>();
    expect(storefronts.map((s) => s.sellerId)).toEqual([firstId, secondId]);
    expect(storefronts[0]).toMatchObject({ gstHstNumber: null, qstNumber: null, smallSupplier: false });
    expect(storefronts[0]!.legalName).toBe(storefronts[0]!.name);
    expect(storefronts[1]).toMatchObject({
      legalName: 'Olive Owner Inc.',
      gstHstNumber: '123456789RT0001',
      qstNumber: '1234567890TQ0001',
    });
  });

  it("never shows another user's storefront: a seller without one gets an empty list, and its profile is 404", async () => {
    const res = await me(stranger);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<MyStorefrontsResponse>().storefronts).toEqual([]);
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/v1/seller/${firstId}/tax-profile`,
      headers: { role: 'seller', cookie: stranger.cookie },
    });
    expect(other.statusCode, other.body).toBe(404);
    expect(other.json().error.code).toBe('SELLER_NOT_FOUND');
  });

  it('answers 401 to visitors and 403 to a user acting as buyer', async () => {
    const visitor = await me(null);
    expect(visitor.statusCode, visitor.body).toBe(401);
    const asBuyer = await me(owner, 'buyer');
    expect(asBuyer.statusCode, asBuyer.body).toBe(403);
  });
});
