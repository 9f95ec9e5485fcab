import type { Db } from '../../db/client';
import { AppError } from '../../plugins/errors';
import type { CatalogService } from '../catalog';
import type { SellersService } from '../sellers';
import { countPublicBlogs, getBlog, listPublicBlogSlugs } from './content.service';
import type { PageSources } from './page-sources';

/**
 * null when the entity does not exist (404) or was archived by its seller (410, decision 287: the page says it is
 * no longer available and the HTML answers 404, not indexed); other failures (not yet visible, database) propagate.
 */
async function orNull<T>(promise: Promise<T>): Promise<T | null> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof AppError && (error.statusCode === 404 || error.statusCode === 410)) return null;
    throw error;
  }
}

/**
 * What entity heads and sitemaps read: products, services and categories through the catalogue's door,
 * storefronts through the sellers' door, blog posts from this module's own tables.
 */
export function createEntitySources(doors: {
  catalog: CatalogService;
  sellers: SellersService;
}): PageSources {
  const { catalog, sellers } = doors;
  return {
    async category(db, kind, slug, subSlug) {
      const tree = await catalog.listCategoryTree(db, kind);
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
      const p = await orNull(catalog.getProductDetail(db, slug, null));
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
      const s = await orNull(catalog.getServiceDetail(db, slug, null));
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
      const s = await orNull(sellers.getSeller(db, slug));
      if (!s) return null;
      return {
        name: s.name,
        description: language === 'fr' ? s.descriptionFr : s.descriptionEn,
        logoUrl: s.logoUrl,
        city: s.city,
        province: s.province,
        website: s.website,
        verified: s.verified,
        listed: s.listed,
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
      if (kind === 'products') return catalog.countPublicItems(db, 'product');
      if (kind === 'services') return catalog.countPublicItems(db, 'service');
      if (kind === 'sellers') return sellers.countPublicSellers(db);
      return countPublicBlogs(db);
    },
    async slugs(db: Db, kind, offset, limit) {
      if (kind === 'products') return catalog.publicItemSlugs(db, 'product', offset, limit);
      if (kind === 'services') return catalog.publicItemSlugs(db, 'service', offset, limit);
      if (kind === 'sellers') return sellers.publicSellerSlugs(db, offset, limit);
      return listPublicBlogSlugs(db, offset, limit);
    },
  };
}
