import type { Db } from '../../db/client';

export type SourceLanguage = 'en' | 'fr';

/**
 * What the content module needs from the catalogue to build entity heads and sitemaps.
 * app.ts passes an implementation that calls the catalogue's services; without one, pages get
 * static heads and the sitemap lists only static pages.
 */
export type SitemapEntityKind = 'products' | 'services' | 'sellers' | 'blogs';

export interface ProductHead {
  name: string;
  description: string;
  imageUrl?: string | null;
  sku?: string | null;
  sellerName?: string | null;
  /** Price in integer cents CAD, or a range when quoted by tiers. */
  priceCents?: number | null;
  minPriceCents?: number | null;
  maxPriceCents?: number | null;
  rating?: { value: number; count: number } | null;
  updatedAt?: string | null;
}

export interface SellerHead {
  name: string;
  description: string;
  logoUrl?: string | null;
  city?: string | null;
  province?: string | null;
  website?: string | null;
  verified?: boolean;
  /** False for a draft storefront (decision 280): its head says `noindex` (decision 261). */
  listed?: boolean;
}

export interface BlogHead {
  title: string;
  excerpt: string;
  imageUrl?: string | null;
  author?: string | null;
  publishedAt?: string | null;
  updatedAt?: string | null;
}

export interface SitemapUrl {
  slug: string;
  updatedAt?: string | null;
}

export interface CategoryHeadNames {
  nameEn: string;
  nameFr: string;
  itemCount: number;
}

export interface PageSources {
  /** A listing's category (and subcategory) by slug; null when either is unknown. */
  category?(
    db: Db,
    kind: 'product' | 'service',
    slug: string,
    subSlug: string | null,
  ): Promise<{ category: CategoryHeadNames; subcategory: CategoryHeadNames | null } | null>;
  product?(db: Db, slug: string, language: SourceLanguage): Promise<ProductHead | null>;
  service?(db: Db, slug: string, language: SourceLanguage): Promise<ProductHead | null>;
  seller?(db: Db, slug: string, language: SourceLanguage): Promise<SellerHead | null>;
  blog?(db: Db, slug: string, language: SourceLanguage): Promise<BlogHead | null>;
  /** How many public entities of a kind exist (for the sitemap index). */
  count?(db: Db, kind: SitemapEntityKind): Promise<number>;
  /** A stable page of slugs (ordered by a unique key). */
  slugs?(db: Db, kind: SitemapEntityKind, offset: number, limit: number): Promise<SitemapUrl[]>;
}
