import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PAGE_DATA_ELEMENT_ID,
  pageDataFollowUps,
  pageDataKey,
  pageDataRequests,
} from '@maplesource/contracts/page-data';
import type { ProductListResponse } from '@maplesource/contracts/catalog';
import { buyerHeaders, createTestApp, type TestApp } from './helpers';
import { createSessionService } from '../src/modules/auth/session.service';
import { seedCatalog } from '../src/seed/catalog';
import { seedContentHomeBlogs } from '../src/seed/content-home-blogs';

const dist = mkdtempSync(path.join(os.tmpdir(), 'maplesource-page-data-'));
let t: TestApp;

beforeAll(async () => {
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>MapleSource</title></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
  const context = {
    database: t.database,
    config: t.config,
    log: () => undefined,
    options: { products: 120 },
  };
  await seedContentHomeBlogs(context);
  await seedCatalog(context);
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

async function login(): Promise<string> {
  const id = randomUUID();
  const n = Math.floor(Math.random() * 1e9);
  await t.database.db.execute(
    sql`insert into users (id, member_id, full_name, email, phone_number, password_hash, roles)
        values (${id}, ${`P${n}`}, 'Page Data Buyer', ${`p${n}@example.ca`}, ${`+1416${String(n).padStart(7, '0').slice(0, 7)}`}, 'x', '{buyer}')`,
  );
  return `ms_session=${await createSessionService(t.database.db).create(id)}`;
}

const page = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const api = (pathAndQuery: string, cookie?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/${pathAndQuery}`,
    headers: { ...buyerHeaders, ...(cookie ? { cookie } : {}) },
  });

/** The page's data element, parsed; null when the page has none. */
function pageData(html: string): Record<string, [number, unknown?]> | null {
  const match = new RegExp(
    `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">(.*?)</script>`,
    's',
  ).exec(html);
  return match ? (JSON.parse(match[1]!) as Record<string, [number, unknown?]>) : null;
}

describe('page data in the HTML (decision 044)', () => {
  it.each(['/', '/products', '/services', '/fr/products'])(
    '%s carries the answers the API gives to the requests the page makes',
    async (url) => {
      const res = await page(url);
      expect(res.statusCode).toBe(200);
      const data = pageData(res.body);
      expect(data).not.toBeNull();
      const requests = pageDataRequests(url);
      expect(requests.length).toBeGreaterThan(0);
      for (const request of requests) {
        const answer = await api(request);
        const entry = data![pageDataKey(request)];
        expect(entry, request).toEqual(
          answer.statusCode === 204 ? [204] : [answer.statusCode, answer.json()],
        );
      }
      expect(res.headers['cache-control']).toBe('private, no-cache');
    },
  );

  it('a seller, a service, the seller directory and a blog post carry their first answers and the follow-ups they name (decision 205)', async () => {
    const first = async (pathAndQuery: string) =>
      (await api(pathAndQuery)).json<{ items: { slug: string }[] }>().items[0]!.slug;
    const urls = [
      `/seller/${await first('seller?pageSize=1')}`,
      `/fr/service/${await first('service?pageSize=1')}`,
      '/sellers',
      `/blog/${await first('blogs?pageSize=1')}`,
    ];
    for (const url of urls) {
      const data = pageData((await page(url)).body);
      expect(data, url).not.toBeNull();
      const answerOf = (request: string) => {
        const entry = data![pageDataKey(request)];
        return entry?.[0] === 200 ? entry[1] : undefined;
      };
      const followUps = pageDataFollowUps(url, '', answerOf);
      // The seller's catalogue, the service's reviews, the post's related posts (the directory has none).
      if (url !== '/sellers') expect(followUps.length, url).toBeGreaterThan(0);
      for (const request of [...pageDataRequests(url), ...followUps]) {
        const answer = await api(request);
        expect(data![pageDataKey(request)], `${url}: ${request}`).toEqual(
          answer.statusCode === 204 ? [204] : [answer.statusCode, answer.json()],
        );
      }
    }
  });

  it("answers as the visitor asking: a product page carries the logged-in buyer's own like", async () => {
    const product = (await api('product?pageSize=1')).json<ProductListResponse>().items[0]!;
    const cookie = await login();
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/like/toggle',
      payload: { productId: product.id },
      headers: { ...buyerHeaders, cookie },
    });
    const key = pageDataKey(`product/${product.slug}`);
    const mine = pageData((await page(`/productdetails/${product.slug}`, cookie)).body)!;
    expect((mine[key]![1] as { likedByMe: boolean }).likedByMe).toBe(true);
    const visitor = pageData((await page(`/productdetails/${product.slug}`)).body)!;
    expect((visitor[key]![1] as { likedByMe: boolean }).likedByMe).toBe(false);
  });

  it("preloads a bare listing's first two card images, the listing's largest paint, in the page's head", async () => {
    const html = (await page('/services')).body;
    const listing = (await api('service?page=1&pageSize=24')).json<{ items: { imageUrl: string }[] }>();
    const preloads = [
      ...html.matchAll(/<link rel="preload" as="image" href="([^"]+)" fetchpriority="high">/g),
    ];
    expect(preloads.map((match) => match[1])).toEqual(listing.items.slice(0, 2).map((item) => item.imageUrl));
    expect(html.indexOf(preloads[1]![0])).toBeLessThan(html.indexOf('</head>'));
    expect((await page('/')).body).not.toContain('rel="preload" as="image"');
  });

  it("keeps an answer's text as it is, dollar patterns included", async () => {
    const product = (await api('product?pageSize=1')).json<ProductListResponse>().items[0]!;
    const name = "Bracket at $& off, $' and $$ and $1";
    await t.database.db.execute(sql`update products set name_en = ${name} where id = ${Number(product.id)}`);
    const key = pageDataKey(`product/${product.slug}`);
    const data = pageData((await page(`/productdetails/${product.slug}`)).body)!;
    expect((data[key]![1] as { nameEn: string }).nameEn).toBe(name);
  });

  it('is compressed like any answer when the browser accepts it', async () => {
    const plain = await page('/products');
    const res = await t.app.inject({ method: 'GET', url: '/products', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(res.rawPayload).toString('utf8');
    expect(html.length).toBeGreaterThan(res.rawPayload.length * 2);
    expect(Object.keys(pageData(html)!)).toEqual(Object.keys(pageData(plain.body)!));
  });

  it('carries nothing for filtered listings, other pages and pages that do not exist', async () => {
    for (const url of ['/products?q=steel', '/our-sellers', '/terms-and-condition']) {
      const res = await page(url);
      expect(res.statusCode).toBe(200);
      expect(pageData(res.body), url).toBeNull();
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const missing = await page('/productdetails/no-such-product-999999');
    expect(missing.statusCode).toBe(404);
    expect(pageData(missing.body)).toBeNull();
  });

  it('answers hostile addresses of the pages with follow-ups without a server error or markup from the address', async () => {
    const hostile = [
      '%00',
      '%E0%A4%A',
      '..%2F..%2Fapi%2Fv1%2Fadmin',
      '%3C%2Fscript%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E',
      'x'.repeat(5_000),
      '%25C3%25A9',
      'a%2Fb',
    ];
    for (const base of ['/seller/', '/service/', '/blog/', '/fr/seller/']) {
      for (const segment of hostile) {
        const url = `${base}${segment}`;
        const res = await page(url);
        expect(res.statusCode, url).toBeLessThan(500);
        expect(res.body, url).not.toContain('<script>alert(1)');
        const data = pageData(res.body);
        // Whatever the page carries is an answer or a refusal of the app's own routes, never a server error.
        for (const [key, [status]] of Object.entries(data ?? {}))
          expect(status, `${url} ${key}`).toBeLessThan(500);
      }
    }
  });
});
