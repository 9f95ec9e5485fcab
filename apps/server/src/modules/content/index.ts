import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { BlogCard } from '@maplesource/contracts';
import type { Db } from '../../db/client';
import type { ShellRenderResult } from '../../plugins/web-app';
import type { ResolvedQuery } from '../catalog';
import '../catalog';
import '../sellers';
import { searchBlogs, writeAudit } from './content.service';
import { contentWeb } from './content.web';
import { createEntitySources } from './entity-sources';
import { HeadCache } from './head-cache';
import { createShellRenderer } from './render-shell';
import { subscribeContent } from './content.subscribers';
import { BlogSearchIndex } from './blog-search-index';

/**
 * The content module's door (home page, blogs, SEO, legal, global paragraphs, the admin audit log): its plugin
 * (security headers, robots.txt, sitemaps, `app.content`), its route plugins and its public types. It reads the
 * catalogue and the storefronts through their doors (entity heads, sitemaps), so it sits above both.
 */
export interface ContentService {
  /**
   * Blog posts matching an already-resolved search (the search module): held in memory with the catalogue's
   * in-process index once built (decision 334), else one statement.
   */
  searchBlogs(
    db: Db,
    resolved: Pick<ResolvedQuery, 'tsquery' | 'groups'> | null,
    limit: number,
  ): Promise<BlogCard[]>;
  /** One audit row, in the transaction that made the change (workflows of other modules' admin writes). */
  writeAudit: typeof writeAudit;
  /** `renderShell` for plugins/web-app.ts: page HTML with its resolved head, cached. */
  renderShell: ReturnType<typeof createShellRenderer>;
  /** Drops this app's rendered page heads (something a head shows changed). */
  forgetPageHeads(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    content: ContentService;
  }
}

export type { Actor, AuditInput } from './content.service';
export { contentRoutes } from './content.routes';
export { contentAdminRoutes } from './content.admin.routes';
export { homeBlogsRoutes } from './home-blogs.routes';
/** Checks an image by its bytes and re-encodes it (WebP, no metadata, capped width); the seller centre uses it too. */
export { uploadImage } from './upload-image';

export interface ContentModuleOptions {
  /** Smaller sitemap files in tests; the protocol maximum by default. */
  sitemapMaxUrls?: number;
  /** Hashes of the page template's inline styles, allowed by the page CSP (decision 189). */
  pageStyleHashes?: readonly string[];
}

async function contentModule(app: FastifyInstance, options: ContentModuleOptions) {
  const sources = createEntitySources({ catalog: app.catalog, sellers: app.sellers });
  const heads = new HeadCache<ShellRenderResult>(500, 30_000);
  // Security headers on every response, robots.txt and the sitemaps (app-wide: this plugin is not encapsulated).
  await app.register(contentWeb, {
    sources,
    ...(options.sitemapMaxUrls ? { sitemapMaxUrls: options.sitemapMaxUrls } : {}),
    ...(options.pageStyleHashes ? { pageStyleHashes: options.pageStyleHashes } : {}),
  });
  // The posts in memory, fed with the catalogue's in-process index when it runs (decision 334).
  const posts = new BlogSearchIndex();
  const heldPosts = app.catalog.addSearchFeed(posts) ? posts : null;
  app.decorate('content', {
    searchBlogs: async (
      db: Db,
      resolved: Pick<ResolvedQuery, 'tsquery' | 'groups'> | null,
      limit: number,
    ): Promise<BlogCard[]> => {
      if (heldPosts?.ready) {
        await app.catalog.syncSearchIndex(db);
        if (heldPosts.ready) return heldPosts.search(resolved, limit);
      }
      return searchBlogs(db, resolved?.tsquery ?? null, limit);
    },
    writeAudit,
    renderShell: createShellRenderer({ sources, cache: heads }),
    forgetPageHeads: () => heads.clear(),
  });
  subscribeContent(app, () => heads.clear());
}

/** Register after the catalogue and sellers plugins and before any route (its hooks must reach them). */
export const contentModulePlugin = fp(contentModule, {
  name: 'content-module',
  dependencies: ['context', 'events', 'catalog-module', 'sellers-module'],
});
