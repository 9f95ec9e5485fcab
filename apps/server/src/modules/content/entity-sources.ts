import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../plugins/errors';
import { rowsOf } from '../../db/transaction';
import { getProductDetail, getServiceDetail, listCategoryTree } from '../catalog/catalog.service';
import { getSeller } from '../sellers/sellers.service';
import { getBlog } from './home-blogs.service';
import type { PageSources, SitemapEntityKind } from './page-sources';

/** null when the entity does not exist (404); other failures (not yet visible, database) propagate. */
async function orNull<T>(promise: Promise<T>): Promise<T | null> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return null;
    throw error;
  }
}

/**
 * Sitemap reads: the catalogue (issue 4) has no "all public slugs" service yet, so these two
 * read-only queries live here (docs/decisions/013-sitemap-splitting.md); they move to catalogue
 * services when those exist. Ordered by id (unique) so pages are stable.
 */
const visible: Record<SitemapEntityKind, { table: string; where: string; lastmod: string | null }> = {
  products: { table: 'products', where: "status = 'active'", lastmod: null },
  services: { table: 'services', where: "status = 'active'", lastmod: null },
  sellers: { table: 'sellers', where: 'true', lastmod: null },
  blogs: {
    table: 'blogs',
    where: 'published_at IS NOT NULL AND published_at <= now()',
    lastmod: 'published_at',
  },
};

/** The catalogue's side of entity heads and sitemaps, through its services. */
export const contentPageSources: PageSources = {
  async category(db, kind, slug, subSlug) {
    const tree = await listCategoryTree(db, kind);
    const parent = tree.find((c) => c.slug === slug && c.parentId === null);
    if (!parent) return null;
    const names = (c: { nameEn: string; nameFr: string; itemCount: number }) => ({
      nameEn: c.nameEn,
      nameFr: c.nameFr,
      itemCount: c.itemCount,
    });
    if (!subSlug) return { category: names(parent), subcategory: null };
    const child = parent.children.find((c) => c.slug === subSlug);
    return child ? { category: names(parent), subcategory: names(child) } : null;
  },
  async product(db, slug, language) {
    const p = await orNull(getProductDetail(db, slug, null));
    if (!p) return null;
    return {
      name: language === 'fr' ? p.nameFr : p.nameEn,
      description: language === 'fr' ? p.descriptionFr : p.descriptionEn,
      imageUrl: p.images[0] ?? p.imageUrl,
      sku: p.id,
      sellerName: p.seller.name,
      ...(p.minPriceCents === p.maxPriceCents
        ? { priceCents: p.minPriceCents }
        : { minPriceCents: p.minPriceCents, maxPriceCents: p.maxPriceCents }),
      rating: { value: p.ratingAvg, count: p.ratingCount },
    };
  },
  async service(db, slug, language) {
    const s = await orNull(getServiceDetail(db, slug, null));
    if (!s) return null;
    return {
      name: language === 'fr' ? s.nameFr : s.nameEn,
      description: language === 'fr' ? s.descriptionFr : s.descriptionEn,
      imageUrl: s.images[0] ?? s.imageUrl,
      sellerName: s.seller.name,
      minPriceCents: s.startingPriceCents,
      rating: { value: s.ratingAvg, count: s.ratingCount },
    };
  },
  async seller(db, slug, language) {
    const s = await orNull(getSeller(db, slug));
    if (!s) return null;
    return {
      name: s.name,
      description: language === 'fr' ? s.descriptionFr : s.descriptionEn,
      logoUrl: s.logoUrl,
      city: s.city,
      province: s.province,
      verified: s.verified,
    };
  },
  async blog(db, slug, language) {
    const b = await orNull(getBlog(db, slug));
    if (!b) return null;
    return {
      title: language === 'fr' ? b.titleFr : b.titleEn,
      excerpt: language === 'fr' ? b.excerptFr : b.excerptEn,
      imageUrl: b.coverUrl,
      publishedAt: b.publishedAt,
    };
  },
  async count(db: Db, kind) {
    const v = visible[kind];
    const [row] = rowsOf<{ n: string | number }>(
      await db.execute(sql.raw(`SELECT count(*) AS n FROM ${v.table} WHERE ${v.where}`)),
    );
    return Number(row?.n ?? 0);
  },
  async slugs(db: Db, kind, offset, limit) {
    const v = visible[kind];
    const lastmod = v.lastmod ? `, ${v.lastmod} AS lastmod` : '';
    const result = await db.execute(
      sql.raw(
        `SELECT slug${lastmod} FROM ${v.table} WHERE ${v.where} ORDER BY id LIMIT ${Math.floor(limit)} OFFSET ${Math.floor(offset)}`,
      ),
    );
    return rowsOf<{ slug: string; lastmod?: string | Date | null }>(result).map((r) => ({
      slug: r.slug,
      updatedAt: r.lastmod ? new Date(r.lastmod).toISOString() : null,
    }));
  },
};
