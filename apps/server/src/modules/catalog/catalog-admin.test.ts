import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductListResponse, SearchResponse } from '@maplesource/contracts';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { newUserSession } from '../../../test/accounts-helpers';
import { rowsOf } from '../../db/transaction';
import { seedCatalog } from '../../seed/catalog';
import { seedContentHomeBlogs } from '../../seed/content-home-blogs';
import { requestIdKey } from '../../plugins/request-context';

/** Admin edits of storefront profiles and product/service names, with the listing cache on. */
let t: TestApp;
let admin: string;
let buyer: string;

const userWithRoles = (roles: string[]) => newUserSession(t, roles, 'Admin Person');
const as = (cookie: string, role = 'admin') => ({ headers: { role }, cookies: { ms_session: cookie } });
const query = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(q));
const audits = (entity: string) =>
  query<{ action: string; entity_id: string; before: unknown; after: unknown; actor_user_id: string | null }>(
    sql`select action, entity_id, before, after, actor_user_id from admin_audit_log
        where entity = ${entity} order by at, id`,
  );
const catalogVersion = async () =>
  Number(
    (await query<{ version: string }>(sql`select version from catalog_version where id = 1`))[0]!.version,
  );
const get = (url: string) => t.app.inject({ method: 'GET', url });
/** Payloads of the domain events of one name in the outbox (written in the change's transaction). */
const eventsNamed = async (name: string) =>
  (await query<{ payload: unknown }>(sql`select payload from domain_events where name = ${name}`)).map(
    (row) => (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload),
  );

beforeAll(async () => {
  // The listing result cache on, with a long TTL: a stale page would show if admin writes did not drop it.
  t = await createTestApp({ env: { CATALOG_LISTING_CACHE_MS: '60000' } });
  const context = { database: t.database, config: t.config, log: () => undefined, options: { products: 40 } };
  await seedContentHomeBlogs(context);
  await seedCatalog(context);
  admin = await userWithRoles(['buyer', 'admin']);
  buyer = await userWithRoles(['buyer']);
});
afterAll(async () => {
  await t.close();
});

describe('admin catalogue edits', () => {
  it.each([
    ['PUT', '/api/v1/admin/sellers/1/profile', { city: 'Halifax' }],
    ['GET', '/api/v1/admin/catalog-items/product/1', undefined],
    ['PUT', '/api/v1/admin/catalog-items/product/1', { nameEn: 'X', nameFr: 'X' }],
    ['PUT', '/api/v1/admin/catalog-items/service/1', { nameEn: 'X', nameFr: 'X' }],
  ] as const)('%s %s: 401 for a visitor, 403 for a buyer', async (method, url, payload) => {
    const base = { method, url, ...(payload ? { payload } : {}) };
    expect((await t.app.inject({ ...base, headers: { role: 'admin' } })).statusCode).toBe(401);
    expect((await t.app.inject({ ...base, ...as(buyer, 'buyer') })).statusCode).toBe(403);
    expect((await t.app.inject({ ...base, ...as(buyer, 'admin') })).statusCode).toBe(403);
  });

  it("edits a seller's profile (audited before/after); listings show the new name and filter on the copies", async () => {
    const [seller] = await query<{ id: number; slug: string; name: string; city: string; province: string }>(
      sql`select s.id, s.slug, s.name, s.city, s.province from sellers s
          where exists (select 1 from products p where p.seller_id = s.id and p.status = 'active')
          order by s.id limit 1`,
    );
    const listUrl = `/api/v1/product?sellerId=${seller!.id}`;
    const cached = (await get(listUrl)).json<ProductListResponse>();
    expect(cached.items.length).toBeGreaterThan(0);
    expect(cached.items[0]!.seller.name).toBe(seller!.name);

    // Found in the admin list by name and by slug, with the profile fields.
    const byName = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/sellers?q=${encodeURIComponent(seller!.name.slice(0, 8))}`,
      ...as(admin),
    });
    expect(byName.statusCode).toBe(200);
    const bySlug = (
      await t.app.inject({ method: 'GET', url: `/api/v1/admin/sellers?q=${seller!.slug}`, ...as(admin) })
    ).json();
    expect(bySlug.items[0]).toMatchObject({
      id: String(seller!.id),
      city: seller!.city,
      province: seller!.province,
    });

    const province = seller!.province === 'NU' ? 'YT' : 'NU';
    const version = await catalogVersion();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/sellers/${seller!.id}/profile`,
      ...as(admin),
      payload: { name: 'Qorvath Fabrication Ltd.', city: 'Iqaluit', province, businessType: 'supplier' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: String(seller!.id),
      name: 'Qorvath Fabrication Ltd.',
      city: 'Iqaluit',
      province,
      businessType: 'supplier',
    });
    expect(await catalogVersion()).toBeGreaterThan(version);
    const [audit] = (await audits('seller')).filter((a) => a.entity_id === String(seller!.id));
    expect(audit).toMatchObject({
      action: 'update',
      before: { name: seller!.name, city: seller!.city, province: seller!.province },
      after: { name: 'Qorvath Fabrication Ltd.', city: 'Iqaluit', province, businessType: 'supplier' },
    });
    expect(audit!.actor_user_id).not.toBeNull();

    // The change was announced in its transaction; the catalogue's subscriber drops the cached page after
    // commit: the listing shows the new name and the copies filter.
    // It carries the id of the request that caused it (decision 303).
    expect(await eventsNamed('seller.changed')).toContainEqual({
      sellerId: String(seller!.id),
      change: 'profile',
      [requestIdKey]: expect.any(String),
    });
    await t.app.events.drain();
    const after = (await get(listUrl)).json<ProductListResponse>();
    expect(after.items.map((p) => p.seller)).toEqual(
      after.items.map(() => ({
        id: String(seller!.id),
        slug: seller!.slug,
        name: 'Qorvath Fabrication Ltd.',
        province,
        city: 'Iqaluit',
        businessType: 'supplier',
        verified: expect.any(Boolean),
      })),
    );
    const filtered = (
      await get(`${listUrl}&state=${province}&businessType=supplier`)
    ).json<ProductListResponse>();
    expect(filtered.total).toBe(after.total);
    const search = (await get('/api/v1/search?q=qorvath')).json();
    expect(JSON.stringify(search)).toContain('Qorvath Fabrication Ltd.');
  });

  it("marks a seller verified: its cards show the badge at once, from the catalogue's own copy (decision 110)", async () => {
    const [seller] = await query<{ id: number; slug: string; verified: boolean }>(
      sql`select s.id, s.slug, s.verified from sellers s
          where exists (select 1 from products p where p.seller_id = s.id and p.status = 'active')
          order by s.id desc limit 1`,
    );
    // The slug filter resolves through the copy too.
    const listUrl = `/api/v1/product?sellerId=${seller!.slug}`;
    const badges = async () =>
      (await get(listUrl)).json<ProductListResponse>().items.map((p) => p.seller.verified);
    const before = await badges();
    expect(before.length).toBeGreaterThan(0);
    expect(new Set(before)).toEqual(new Set([seller!.verified]));
    for (const verified of [!seller!.verified, seller!.verified]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/admin/sellers/${seller!.id}/verified`,
        ...as(admin),
        payload: { verified },
      });
      expect(res.statusCode).toBe(200);
      const [card] = await query<{ verified: boolean }>(
        sql`select verified from catalog_seller_cards where seller_id = ${seller!.id}`,
      );
      expect(card!.verified).toBe(verified);
      await t.app.events.drain();
      expect(new Set(await badges())).toEqual(new Set([verified]));
    }
  });

  it('rejects an empty profile edit (400) and an unknown seller (404)', async () => {
    const empty = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/sellers/1/profile',
      ...as(admin),
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    const unknown = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/sellers/999999999/profile',
      ...as(admin),
      payload: { city: 'Regina' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('ADMIN_ENTITY_NOT_FOUND');
  });

  it('renames a product by slug (audited); a cached listing and a search show the new name', async () => {
    const [product] = await query<{ id: number; slug: string; name_en: string; name_fr: string }>(
      sql`select id, slug, name_en, name_fr from products where status = 'active' order by id limit 1`,
    );
    const listUrl = `/api/v1/product?sellerId=${(await query<{ seller_id: number }>(sql`select seller_id from products where id = ${product!.id}`))[0]!.seller_id}`;
    expect((await get(listUrl)).json<ProductListResponse>().items.map((p) => p.nameEn)).toContain(
      product!.name_en,
    );
    const found = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/catalog-items/product/${product!.slug}`,
      ...as(admin),
    });
    expect(found.json()).toEqual({
      id: String(product!.id),
      kind: 'product',
      slug: product!.slug,
      nameEn: product!.name_en,
      nameFr: product!.name_fr,
    });

    // The global search's answer for the new name is cached (empty) before the rename (decision 180).
    const globalSearch = async () =>
      (await get('/api/v1/search?q=zirconite')).json<SearchResponse>().products.map((p) => p.id);
    expect(await globalSearch()).toEqual([]);
    const version = await catalogVersion();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/catalog-items/product/${product!.slug}`,
      ...as(admin),
      payload: { nameEn: 'Zirconite Bracket Assembly', nameFr: 'Assemblage de support en zirconite' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: String(product!.id),
      slug: product!.slug,
      nameEn: 'Zirconite Bracket Assembly',
    });
    expect(await catalogVersion()).toBeGreaterThan(version);
    const [audit] = await audits('product');
    expect(audit).toMatchObject({
      action: 'update',
      entity_id: String(product!.id),
      before: { nameEn: product!.name_en, nameFr: product!.name_fr },
      after: { nameEn: 'Zirconite Bracket Assembly', nameFr: 'Assemblage de support en zirconite' },
    });

    expect(await eventsNamed('catalog-item.renamed')).toContainEqual({
      itemKind: 'product',
      itemId: String(product!.id),
      [requestIdKey]: expect.any(String),
    });
    await t.app.events.drain();
    const listed = (await get(listUrl))
      .json<ProductListResponse>()
      .items.find((p) => p.id === String(product!.id));
    expect(listed?.nameEn).toBe('Zirconite Bracket Assembly');
    const searched = (await get('/api/v1/product?q=zirconite')).json<ProductListResponse>();
    expect(searched.items.map((p) => p.id)).toEqual([String(product!.id)]);
    expect(await globalSearch()).toEqual([String(product!.id)]);
    const detail = (await get(`/api/v1/product/${product!.slug}`)).json();
    expect(detail.nameFr).toBe('Assemblage de support en zirconite');
  });

  it('renames a service by id (audited); the services listing and search show the new name', async () => {
    const [service] = await query<{ id: number; name_en: string }>(
      sql`select id, name_en from services where status = 'active' order by id limit 1`,
    );
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/catalog-items/service/${service!.id}`,
      ...as(admin),
      payload: { nameEn: 'Vantablack Anodizing Line', nameFr: 'Ligne d’anodisation vantablack' },
    });
    expect(res.statusCode).toBe(200);
    const [audit] = await audits('service');
    expect(audit).toMatchObject({
      entity_id: String(service!.id),
      before: { nameEn: service!.name_en },
      after: { nameEn: 'Vantablack Anodizing Line' },
    });
    const listed = (await get('/api/v1/service?q=vantablack')).json<{
      items: { id: string; nameEn: string }[];
    }>();
    expect(listed.items.map((s) => [s.id, s.nameEn])).toEqual([
      [String(service!.id), 'Vantablack Anodizing Line'],
    ]);
    const unknown = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/catalog-items/service/no-such-service',
      ...as(admin),
      payload: { nameEn: 'A', nameFr: 'A' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('an edit sent twice with one Idempotency-Key runs once: one audit row, the first answer replayed', async () => {
    const [service] = await query<{ id: number }>(
      sql`select id from services where status = 'active' order by id desc limit 1`,
    );
    const edit = {
      method: 'PUT' as const,
      url: `/api/v1/admin/catalog-items/service/${service!.id}`,
      payload: { nameEn: 'Quillon Surface Coating', nameFr: 'Revêtement de surface Quillon' },
    };
    const key = `edit-${randomUUID()}`;
    const headers = { ...as(admin).headers, 'idempotency-key': key };
    const first = await t.app.inject({ ...edit, ...as(admin), headers });
    const again = await t.app.inject({ ...edit, ...as(admin), headers });
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    const rows = (await audits('service')).filter((a) => a.entity_id === String(service!.id));
    expect(rows).toHaveLength(1);
    const runs = await query<{ n: number }>(
      sql`select count(*)::int as n from workflow_runs where name = 'rename-catalog-item' and key like ${`%:${key}`}`,
    );
    expect(Number(runs[0]!.n)).toBe(1);
  });
});
