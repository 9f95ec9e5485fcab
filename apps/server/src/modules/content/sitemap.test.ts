import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testConfig, type TestDatabase } from '../../../test/helpers';
import context from '../../plugins/context';
import { contentWeb } from './content.web';
import type { PageSources, SitemapEntityKind } from './page-sources';

const counts: Record<SitemapEntityKind, number> = { products: 25, services: 10, sellers: 0, blogs: 3 };
const sources: PageSources = {
  count: async (_db, kind) => counts[kind],
  slugs: async (_db, kind, offset, limit) =>
    Array.from({ length: Math.max(0, Math.min(limit, counts[kind] - offset)) }, (_, i) => ({
      slug: `${kind}-${offset + i + 1}`,
      updatedAt: '2025-06-01T00:00:00.000Z',
    })),
};

let app: FastifyInstance;
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  app = Fastify();
  await app.register(context, { config: testConfig(), database });
  await app.register(contentWeb, { sources, sitemapMaxUrls: 10 });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.destroy();
});

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

describe('sitemaps', () => {
  it('serves a valid sitemap index with one file per 10 (test limit) URLs of each kind', async () => {
    const res = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/xml/);
    expect(
      res.body.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ),
    ).toBe(true);
    expect(res.body.trim().endsWith('</sitemapindex>')).toBe(true);
    expect(locs(res.body)).toEqual([
      'http://localhost:3000/sitemaps/static-1.xml',
      'http://localhost:3000/sitemaps/products-1.xml',
      'http://localhost:3000/sitemaps/products-2.xml',
      'http://localhost:3000/sitemaps/products-3.xml',
      'http://localhost:3000/sitemaps/services-1.xml',
      'http://localhost:3000/sitemaps/blogs-1.xml',
    ]);
  });

  it('covers every entity exactly once across the files', async () => {
    const all: string[] = [];
    for (const n of [1, 2, 3]) {
      const res = await app.inject({ method: 'GET', url: `/sitemaps/products-${n}.xml` });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      expect(res.body).toContain('<lastmod>2025-06-01T00:00:00.000Z</lastmod>');
      all.push(...locs(res.body));
    }
    expect(all).toHaveLength(25);
    expect(new Set(all).size).toBe(25);
    expect(all[0]).toBe('http://localhost:3000/productdetails/products-1');
    const past = await app.inject({ method: 'GET', url: '/sitemaps/products-4.xml' });
    expect(past.statusCode).toBe(404);
    const bad = await app.inject({ method: 'GET', url: '/sitemaps/whatever.xml' });
    expect(bad.statusCode).toBe(404);
    const blogs = await app.inject({ method: 'GET', url: '/sitemaps/blogs-1.xml' });
    expect(locs(blogs.body)).toEqual([1, 2, 3].map((n) => `http://localhost:3000/blog/blogs-${n}`));
  });

  it('lists the static pages and serves robots.txt naming the index', async () => {
    const res = await app.inject({ method: 'GET', url: '/sitemaps/static-1.xml' });
    expect(locs(res.body)).toContain('http://localhost:3000/privacy-policy');
    const robots = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toMatch(/text\/plain/);
    expect(robots.body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
    expect(robots.body).toContain('Disallow: /api/');
  });
});
