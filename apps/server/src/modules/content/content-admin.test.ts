import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { newUserSession } from '../../../test/accounts-helpers';
import { rowsOf } from '../../db/transaction';
import { seedCatalog } from '../../seed/catalog';
import { seedContentHomeBlogs } from '../../seed/content-home-blogs';

let t: TestApp;
let admin: string;

const userWithRoles = (roles: string[]) => newUserSession(t, roles, 'Admin Person');
const as = (cookie: string, role = 'admin') => ({ headers: { role }, cookies: { ms_session: cookie } });
const audits = async (entity: string) =>
  rowsOf<{ action: string; before: unknown; after: unknown; actor_user_id: string | null }>(
    await t.database.db.execute(
      sql`select action, before, after, actor_user_id from admin_audit_log where entity = ${entity} order by at, id`,
    ),
  );

beforeAll(async () => {
  t = await createTestApp();
  const context = { database: t.database, config: t.config, log: () => undefined, options: { products: 40 } };
  await seedContentHomeBlogs(context);
  await seedCatalog(context);
  admin = await userWithRoles(['buyer', 'admin']);
});
afterAll(async () => {
  await t.close();
});

describe('admin writes refresh server-rendered heads', () => {
  it('a page fetched before an SEO entry is saved shows the new title straight after, and the old one after delete', async () => {
    const page = async () => (await t.app.inject({ method: 'GET', url: '/global-quote' })).body;
    expect(await page()).not.toContain('Quotes from anywhere');
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/seo',
      ...as(admin),
      payload: { path: '/global-quote', code: '<title>Quotes from anywhere</title>' },
    });
    expect(saved.statusCode).toBeLessThan(300);
    expect(await page()).toContain('Quotes from anywhere');
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/seo/${saved.json().id}`,
      ...as(admin),
    });
    expect(removed.statusCode).toBe(200);
    expect(await page()).not.toContain('Quotes from anywhere');
  });
});

describe('admin console API', () => {
  it.each([
    '/api/v1/admin/blogs',
    '/api/v1/admin/categories',
    '/api/v1/admin/sellers',
    '/api/v1/admin/hero-settings',
    '/api/v1/admin/audit',
  ])('%s: 401 for a visitor, 403 for a buyer', async (url) => {
    expect((await t.app.inject({ method: 'GET', url, headers: { role: 'admin' } })).statusCode).toBe(401);
    const buyer = await userWithRoles(['buyer']);
    expect((await t.app.inject({ method: 'GET', url, ...as(buyer, 'buyer') })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url, ...as(buyer, 'admin') })).statusCode).toBe(403);
  });

  it('creates, publishes, edits and deletes a blog post (Markdown with images), audited', async () => {
    const body = {
      slug: 'welding-guide',
      titleEn: 'Welding guide',
      titleFr: 'Guide du soudage',
      excerptEn: 'How to source welding.',
      excerptFr: 'Comment s’approvisionner en soudage.',
      bodyEn: `## Start\n\n![Weld](/api/v1/media/hero.svg)\n\n${'word '.repeat(450)}`,
      bodyFr: '## Début\n\nTexte.',
      category: 'Guides',
      coverUrl: '/api/v1/media/hero.svg',
      published: true,
    };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/blogs',
      ...as(admin),
      payload: body,
    });
    expect(created.statusCode).toBe(201);
    const post = created.json();
    expect(post.readingMinutes).toBe(2);
    expect(post.publishedAt).not.toBeNull();
    const publicDetail = await t.app.inject({ method: 'GET', url: '/api/v1/blogs/welding-guide' });
    expect(publicDetail.statusCode).toBe(200);

    const draft = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/blogs/${post.id}`,
      ...as(admin),
      payload: { ...body, published: false },
    });
    expect(draft.json().publishedAt).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/blogs/welding-guide' })).statusCode).toBe(404);

    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/blogs',
      ...as(admin),
      payload: body,
    });
    expect(dup.statusCode).toBe(409);

    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/admin/blogs/${post.id}`, ...as(admin) }))
        .statusCode,
    ).toBe(200);
    const rows = await audits('blog');
    expect(rows.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
    expect(rows[1]!.before).toMatchObject({ published: true });
    expect(rows[1]!.after).toMatchObject({ published: false });
    expect(rows.every((r) => r.actor_user_id)).toBe(true);
  });

  it('updates hero settings and landing features, audited with before/after', async () => {
    const hero = {
      titleEn: 'Buy Canadian',
      titleFr: 'Achetez canadien',
      subtitleEn: 'B2B hub',
      subtitleFr: 'Carrefour B2B',
      ctaLabelEn: 'Browse',
      ctaLabelFr: 'Parcourir',
      ctaPath: '/products',
      imageUrl: '/api/v1/media/hero.svg',
    };
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/v1/admin/hero-settings', ...as(admin), payload: hero }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/home-page/hero-settings' })).json(),
    ).toMatchObject({ titleEn: 'Buy Canadian' });
    const features = {
      items: [
        {
          icon: 'shield',
          titleEn: 'Secure',
          titleFr: 'Sécurisé',
          bodyEn: 'Pay in CAD',
          bodyFr: 'Payez en CAD',
        },
      ],
    };
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/landing-features',
      ...as(admin),
      payload: features,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toHaveLength(1);
    expect((await audits('hero_settings'))[0]!.after).toMatchObject({ titleEn: 'Buy Canadian' });
    expect((await audits('landing_features'))[0]!.after).toHaveLength(1);
  });

  it('renames a category (EN/FR) and marks a seller verified through the catalogue services, audited', async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/categories?kind=product',
      ...as(admin),
    });
    const category = list.json().items[0];
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/categories/${category.id}`,
      ...as(admin),
      payload: { nameEn: 'Metals', nameFr: 'Métaux' },
    });
    expect(renamed.json()).toMatchObject({ nameEn: 'Metals', nameFr: 'Métaux', slug: category.slug });
    expect((await audits('category'))[0]!.before).toMatchObject({ nameEn: category.nameEn });

    const sellers = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/sellers?pageSize=5',
      ...as(admin),
    });
    const seller =
      sellers.json().items.find((s: { verified: boolean }) => !s.verified) ?? sellers.json().items[0];
    const verified = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/sellers/${seller.id}/verified`,
      ...as(admin),
      payload: { verified: true },
    });
    expect(verified.json()).toMatchObject({ id: seller.id, verified: true });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/seller/${seller.slug}` })).json(),
    ).toMatchObject({ verified: true });
    expect((await audits('seller'))[0]).toMatchObject({
      before: { verified: seller.verified },
      after: { verified: true },
    });
    const missing = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/sellers/999999/verified',
      ...as(admin),
      payload: { verified: true },
    });
    expect(missing.statusCode).toBe(404);
  });
});
