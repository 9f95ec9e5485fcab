import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { newUserSession } from '../../../test/accounts-helpers';
import { rowsOf } from '../../db/transaction';
import { sanitizeSeoMarkup } from './seo-markup';
import { createShellRenderer } from './render-shell';
import { contentSeedStep } from './content.seed';

const dist = mkdtempSync(path.join(os.tmpdir(), 'maplesource-content-dist-'));
writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="description" content="old"><title>MapleSource</title></head><body><div id="root"></div></body></html>',
);

let t: TestApp;

const userWithRoles = (roles: string[]) => newUserSession(t, roles, 'Test Person');

beforeAll(async () => {
  t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
  await contentSeedStep.run({ database: t.database, config: t.config });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('stored head markup is sanitized', () => {
  it('strips <img onerror>, inline body scripts, iframes, handlers and javascript: URLs', () => {
    const out = sanitizeSeoMarkup(
      [
        '<title>Ok</title>',
        '<img src=x onerror=alert(1)>',
        '<script>alert(1)</script>',
        '<iframe src="https://evil.example"></iframe>',
        '<meta name="description" content="d" onload="alert(1)">',
        '<link rel="canonical" href="javascript:alert(1)">',
        '<link rel="stylesheet" href="https://evil.example/x.css">',
        '<script src="https://evil.example/a.js"></script>',
        '<p onclick="x">body text</p>',
        '<meta http-equiv="refresh" content="0;url=https://evil.example">',
      ].join(''),
    );
    expect(out).toBe('<title>Ok</title>\n<meta name="description" content="d">');
    expect(out).not.toMatch(/img|onerror|alert|iframe|javascript:|evil|body text|refresh/);
  });

  it('keeps JSON-LD and allow-listed scripts, and re-encodes JSON-LD so it cannot close its element', () => {
    const out = sanitizeSeoMarkup(
      '<script type="application/ld+json">{"name":"a <b>x</b>"}</script><script src="https://plausible.io/js/script.js" defer></script><script type="application/ld+json">not json</script>',
    );
    expect(out).toBe(
      '<script type="application/ld+json">{"name":"a \\u003cb\\u003ex\\u003c/b\\u003e"}</script>\n<script src="https://plausible.io/js/script.js" defer></script>',
    );
  });

  it('escapes attribute values and title text', () => {
    expect(
      sanitizeSeoMarkup(
        '<title>A &lt;b&gt; "c"</title><meta property="og:title" content="x&quot;><script>">',
      ),
    ).toBe(
      '<title>A &lt;b&gt; &quot;c&quot;</title>\n<meta property="og:title" content="x&quot;&gt;&lt;script&gt;">',
    );
  });
});

describe('admin API access', () => {
  it('answers 401 to a visitor and 403 to a buyer', async () => {
    const visitor = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/seo',
      headers: { role: 'admin' },
    });
    expect(visitor.statusCode).toBe(401);
    const buyer = await userWithRoles(['buyer']);
    const asBuyer = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/seo',
      headers: { role: 'buyer' },
      cookies: { ms_session: buyer },
    });
    expect(asBuyer.statusCode).toBe(403);
    const claiming = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/seo',
      headers: { role: 'admin' },
      cookies: { ms_session: buyer },
    });
    expect(claiming.statusCode).toBe(403);
  });
});

describe('SEO entries, audit and the public lookup', () => {
  let admin: string;
  beforeAll(async () => {
    admin = await userWithRoles(['buyer', 'admin']);
  });
  const asAdmin = () => ({ headers: { role: 'admin' }, cookies: { ms_session: admin } });

  it('creates, reads by path, updates and deletes an entry, auditing each change', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/seo',
      ...asAdmin(),
      payload: { path: '/Our-Sellers', code: '<title>Our sellers</title><img src=x onerror=alert(1)>' },
    });
    expect(created.statusCode).toBe(201);
    const entry = created.json();
    expect(entry.path).toBe('/our-sellers');
    expect(entry.code).toBe('<title>Our sellers</title>');

    const byPath = await t.app.inject({ method: 'GET', url: '/api/v1/seo/by-path?path=/our-sellers' });
    expect(byPath.statusCode).toBe(200);
    expect(byPath.json()).toEqual({ path: '/our-sellers', code: '<title>Our sellers</title>' });

    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/seo',
      ...asAdmin(),
      payload: { path: '/our-sellers', code: '' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.code).toBe('SEO_PATH_TAKEN');

    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/seo/${entry.id}`,
      ...asAdmin(),
      payload: { path: '/our-sellers', code: '<title>Sellers</title>' },
    });
    expect(updated.statusCode).toBe(200);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/seo/${entry.id}`,
      ...asAdmin(),
    });
    expect(removed.statusCode).toBe(200);
    const gone = await t.app.inject({ method: 'GET', url: '/api/v1/seo/by-path?path=/our-sellers' });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.code).toBe('SEO_NOT_FOUND');

    const audit = rowsOf<{
      action: string;
      before: unknown;
      after: { code: string } | null;
      actor_user_id: string | null;
    }>(
      await t.database.db.execute(
        sql`select action, before, after, actor_user_id from admin_audit_log where entity = 'seo_entry' and entity_id = ${entry.id} order by at, action`,
      ),
    );
    expect(audit.map((a) => a.action).sort()).toEqual(['create', 'delete', 'update']);
    expect(audit.every((a) => a.actor_user_id)).toBe(true);
    const update = audit.find((a) => a.action === 'update')!;
    expect(update.before).toMatchObject({ code: '<title>Our sellers</title>' });
    expect(update.after).toMatchObject({ code: '<title>Sellers</title>' });

    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/audit?entity=seo_entry',
      ...asAdmin(),
    });
    expect(listed.json().total).toBeGreaterThanOrEqual(3);
  });

  it('previews the resolved head', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/seo/preview',
      ...asAdmin(),
      payload: {
        path: '/blogs',
        code: '<title>B</title><link rel="canonical" href="/"><meta name="robots" content="noindex">',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().head).toMatchObject({
      title: 'B',
      canonical: 'http://localhost:3000/blogs',
      robots: 'index,follow',
    });
  });

  it('serves and audits global paragraphs, with a language-prefix fallback', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/global-paragraphs',
      ...asAdmin(),
      payload: { path: '/our-sellers', textEn: 'Our sellers text', textFr: 'Texte nos vendeurs' },
    });
    expect(created.statusCode).toBe(201);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/global-paragraph?path=/fr/our-sellers' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ path: '/our-sellers', textFr: 'Texte nos vendeurs' });
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/global-paragraph?path=/nowhere' });
    expect(missing.statusCode).toBe(404);
    // A page asks with optional=1: no paragraph is an empty answer, not an error the browser logs.
    const none = await t.app.inject({
      method: 'GET',
      url: '/api/v1/global-paragraph?path=/nowhere&optional=1',
    });
    expect(none.statusCode).toBe(204);
    expect(none.body).toBe('');
    const found = await t.app.inject({
      method: 'GET',
      url: '/api/v1/global-paragraph?path=/our-sellers&optional=1',
    });
    expect(found.json()).toMatchObject({ textEn: 'Our sellers text' });
    const rows = rowsOf(
      await t.database.db.execute(
        sql`select 1 from admin_audit_log where entity = 'global_paragraph' and actor_user_id is not null`,
      ),
    );
    expect(rows.length).toBe(1);
  });
});

describe('server-rendered head', () => {
  it('puts the resolved head into a static page, French with the /fr prefix', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/fr/blogs' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="fr-CA">');
    // The French page's own entry (decision 249), never the English one's words.
    expect(res.body).toContain('<title data-seo>Blogue MapleSource : s’approvisionner au Canada</title>');
    expect(res.body).not.toContain('<title data-seo>MapleSource blog');
    expect(res.body).toContain('<link data-seo rel="canonical" href="http://localhost:3000/fr/blogs">');
    expect(res.body).toContain('<meta data-seo name="robots" content="index,follow">');
    expect(res.body).toContain('<meta data-seo property="og:locale" content="fr_CA">');
    expect(res.body).not.toContain('content="old"');
    expect(res.body.match(/<title/g)).toHaveLength(1);
    const english = await t.app.inject({ method: 'GET', url: '/blogs' });
    expect(english.body).toContain('<title data-seo>MapleSource blog: sourcing in Canada</title>');
    // the seeded entry's canonical points at the bare root: replaced with the page's own address
    expect(english.body).toContain('<link data-seo rel="canonical" href="http://localhost:3000/blogs">');
  });

  it('uses defaults when nothing is stored', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/privacy-policy' });
    expect(res.body).toContain('<title data-seo>Privacy policy | MapleSource</title>');
    expect(res.body).toContain('<link data-seo rel="canonical" href="http://localhost:3000/privacy-policy">');
    expect(res.body).toContain('property="og:title"');
  });

  it('sets the CSP and security headers on pages, and a docs CSP on Swagger UI', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/products' });
    const csp = String(page.headers['content-security-policy']);
    // Third-party script origins are off unless configured (decision 012; test/security/headers.test.ts).
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("connect-src 'self' ws://localhost:3000;");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(docs.statusCode).toBe(200);
    expect(String(docs.headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it('renders product JSON-LD (Product, offers in CAD) with a catalogue source, escaping everything', async () => {
    const render = createShellRenderer({
      sources: {
        product: async (_db, slug) =>
          slug === 'steel-bracket'
            ? {
                name: 'Steel bracket </script><script>alert(1)</script>',
                description: 'Galvanised "heavy" bracket',
                priceCents: 123456,
                sellerName: 'Acme Inc.',
              }
            : null,
      },
    });
    const other = await createTestApp({
      env: { WEB_DIST_DIR: dist },
      database: t.database,
      renderShell: render,
    });
    try {
      const res = await other.app.inject({ method: 'GET', url: '/productdetails/steel-bracket' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(
        '<title data-seo>Steel bracket &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; | MapleSource</title>',
      );
      expect(res.body).toContain(
        '<link data-seo rel="canonical" href="http://localhost:3000/productdetails/steel-bracket">',
      );
      expect(res.body).not.toContain('<script>alert(1)</script>');
      const json = /<script data-seo type="application\/ld\+json">(.*?)<\/script>/.exec(res.body)![1]!;
      const doc = JSON.parse(json);
      expect(doc).toMatchObject({
        '@type': 'Product',
        offers: { '@type': 'Offer', priceCurrency: 'CAD', price: '1234.56' },
      });
    } finally {
      await other.close();
    }
  });
});

describe('seo/by-path optional lookups', () => {
  it('answers 204 instead of 404 with optional=1', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/seo/by-path?path=/nowhere&optional=1' });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const found = await t.app.inject({ method: 'GET', url: '/api/v1/seo/by-path?path=/products&optional=1' });
    expect(found.statusCode).toBe(200);
    expect(found.json().path).toBe('/products');
  });
});
