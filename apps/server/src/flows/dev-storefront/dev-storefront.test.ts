import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTestCatalog, buyerHeaders, createTestApp, type TestApp } from '../../../test/helpers';
import { deleteOwnAccount, signUp, type SignedUp } from '../../../test/accounts-helpers';
import { rowsOf } from '../../db/transaction';

/** The dev-only storefront route behind the e2e `seller` fixture (decision 077). PGlite and PostgreSQL. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedTestCatalog(t, 40);
});
afterAll(async () => t.close());

const as = (user: SignedUp) => ({ ...buyerHeaders, cookie: user.cookie });
const create = (user: SignedUp, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/v1/dev/storefront', headers: as(user), remoteAddress });
const remove = (user: SignedUp, slug: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/v1/dev/storefront/${slug}`, headers: as(user) });

describe('dev storefront (test support)', () => {
  it('gives the logged-in user a storefront of their own with a product that the public pages show', async () => {
    const sam = await signUp(t.app, { fullName: 'Sam Seller' });
    const res = await create(sam);
    expect(res.statusCode, res.body).toBe(201);
    const { seller, product } = res.json();
    expect(seller.slug).toMatch(/^dev-[0-9a-f]{10}$/);

    const page = await t.app.inject({
      method: 'GET',
      url: `/api/v1/seller/${seller.slug}`,
      headers: buyerHeaders,
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ name: seller.name, claimed: true });
    const item = await t.app.inject({
      method: 'GET',
      url: `/api/v1/product/${product.slug}`,
      headers: buyerHeaders,
    });
    expect(item.statusCode, item.body).toBe(200);
    expect(item.json()).toMatchObject({ nameEn: product.name, slug: product.slug });
    // Its listing card names the new storefront (the catalogue's copy was written with it, decision 110).
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/v1/product?sellerId=${seller.slug}`,
      headers: buyerHeaders,
    });
    expect(
      listed.json().items.map((card: { seller: { slug: string; name: string } }) => card.seller),
    ).toEqual([expect.objectContaining({ slug: seller.slug, name: seller.name, verified: false })]);

    const [owner] = rowsOf<{ owner_user_id: string; roles: string[] }>(
      await t.database.db.execute(
        sql`SELECT s.owner_user_id, u.roles FROM sellers s JOIN users u ON u.id = s.owner_user_id
            WHERE s.slug = ${seller.slug}`,
      ),
    );
    expect(owner!.owner_user_id).toBe(sam.id);
    expect(owner!.roles).toEqual(['buyer', 'seller']);
    // A request for quotes of its product's category delivered in Ontario can reach it (decision 298).
    const [reach] = rowsOf<{ same: boolean; service_provinces: string[] }>(
      await t.database.db.execute(
        sql`SELECT s.primary_category_id = p.category_id AS same, s.service_provinces
            FROM sellers s JOIN products p ON p.seller_id = s.id WHERE s.slug = ${seller.slug}`,
      ),
    );
    expect(reach).toEqual({ same: true, service_provinces: ['ON'] });

    // Only its owner removes it; then it and its product are gone.
    const other = await signUp(t.app, { fullName: 'Oscar Other' });
    expect((await remove(other, seller.slug)).statusCode).toBe(404);
    expect((await remove(sam, seller.slug)).statusCode).toBe(200);
    expect((await remove(sam, seller.slug)).statusCode).toBe(404);
    const gone = await t.app.inject({
      method: 'GET',
      url: `/api/v1/product/${product.slug}`,
      headers: buyerHeaders,
    });
    expect(gone.statusCode).toBe(404);

    // A seeded storefront cannot be removed through it.
    const [seeded] = rowsOf<{ slug: string }>(
      await t.database.db.execute(sql`SELECT slug FROM sellers LIMIT 1`),
    );
    expect((await remove(sam, seeded!.slug)).statusCode).toBe(400);
  });

  it('lists its product in the top category asked for, which requests for quotes of that category match', async () => {
    const shop = await signUp(t.app, { fullName: 'Cora CNC' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/dev/storefront?category=cnc-machining',
      headers: as(shop),
      remoteAddress: '127.0.0.1',
    });
    expect(res.statusCode, res.body).toBe(201);
    const [reach] = rowsOf<{ slug: string; subcategory_parent: string; service_provinces: string[] }>(
      await t.database.db.execute(
        sql`SELECT c.slug, sub.parent_id::text = c.id::text AS subcategory_parent, s.service_provinces
            FROM sellers s JOIN products p ON p.seller_id = s.id
            JOIN categories c ON c.id = s.primary_category_id AND c.id = p.category_id
            JOIN categories sub ON sub.id = p.subcategory_id
            WHERE s.slug = ${res.json().seller.slug}`,
      ),
    );
    expect(reach).toEqual({ slug: 'cnc-machining', subcategory_parent: true, service_provinces: ['ON'] });

    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/dev/storefront?category=no-such-category',
      headers: as(shop),
      remoteAddress: '127.0.0.1',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('CATEGORY_NOT_FOUND');
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/dev/storefront?category=Not%20A%20Slug',
      headers: as(shop),
      remoteAddress: '127.0.0.1',
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('needs a login, and answers only connections from this machine', async () => {
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/v1/dev/storefront',
      headers: buyerHeaders,
    });
    expect(visitor.statusCode).toBe(401);
    const user = await signUp(t.app);
    const remote = await create(user, '203.0.113.7');
    expect(remote.statusCode).toBe(403);
    expect(remote.json().error.code).toBe('LOOPBACK_ONLY');
    // Forwarded headers do not make a remote caller local.
    const forwarded = await t.app.inject({
      method: 'POST',
      url: '/api/v1/dev/storefront',
      headers: { ...as(user), 'x-forwarded-for': '127.0.0.1' },
      remoteAddress: '203.0.113.7',
    });
    expect(forwarded.statusCode).toBe(403);
  });

  it.each(['production', 'development'])(
    'does not exist in %s (only the test environment has it)',
    async (mode) => {
      // Production takes the sandbox payment provider only when told (decision 238).
      const other = await createTestApp({ env: { NODE_ENV: mode, PAYMENT_PROVIDER: 'sandbox' } });
      try {
        for (const url of ['/api/v1/dev/storefront', '/api/v1/dev/premium-employer']) {
          const res = await other.app.inject({ method: 'POST', url, headers: buyerHeaders });
          expect(res.statusCode, url).toBe(404);
        }
      } finally {
        await other.close();
      }
    },
  );

  it('the fixture’s clean-up order leaves nothing behind: storefront first, then the account', async () => {
    const temp = await signUp(t.app);
    const { seller } = (await create(temp)).json();
    expect((await remove(temp, seller.slug)).statusCode).toBe(200);
    const deleted = await deleteOwnAccount(t.app, temp.cookie);
    expect(deleted.statusCode).toBe(200);
    const left = rowsOf<{ n: number | string }>(
      await t.database.db.execute(
        sql`SELECT (SELECT count(*) FROM sellers WHERE slug = ${seller.slug})
                 + (SELECT count(*) FROM catalog_seller_cards WHERE slug = ${seller.slug}) AS n`,
      ),
    );
    expect(Number(left[0]!.n)).toBe(0);
  });

  it('keeps a paid-out storefront for its payouts: released from its owner and unlisted instead', async () => {
    const paid = await signUp(t.app);
    const { seller } = (await create(paid)).json<{ seller: { id: string; slug: string } }>();
    const sellerId = Number(seller.id);
    await t.database.db.execute(sql`
      INSERT INTO payouts (id, seller_id, run_date, amount_cents, provider, destination)
      VALUES (gen_random_uuid(), ${sellerId}, '2026-11-27', 1000, 'sandbox', 'acct_sb_kept')`);
    const removed = await remove(paid, seller.slug);
    expect(removed.statusCode, removed.body).toBe(200);
    const [kept] = rowsOf<{ owner_user_id: string | null; listed: boolean; claimed: boolean }>(
      await t.database.db.execute(
        sql`SELECT owner_user_id, listed, claimed FROM sellers WHERE id = ${sellerId}`,
      ),
    );
    expect(kept).toEqual({ owner_user_id: null, listed: false, claimed: false });
    expect((await remove(paid, seller.slug)).statusCode).toBe(404);
  });
});
