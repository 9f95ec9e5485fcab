import type { ShellRenderInput, ShellRenderResult } from '../../plugins/web-app';
import { findSeoEntry } from '@maplesource/contracts';
import { findSeoByPath } from './content.service';
import { HeadCache } from './head-cache';
import { buildHeadHtml, ENTITY_MISSING, injectHead, loadEntityHead, type PageLanguage } from './page-head';
import type { PageSources } from './page-sources';

export interface ShellRendererOptions {
  sources?: PageSources;
  cacheTtlMs?: number;
  cacheMax?: number;
  /** The rendered heads' cache, when its owner (the content plugin) clears it after changes. */
  cache?: HeadCache<ShellRenderResult>;
}

/** The language a page path selects: a `/fr` prefix selects French, anything else English. */
export function pageLanguage(rawPath: string): PageLanguage {
  return /^\/fr(\/|$)/i.test(rawPath) ? 'fr' : 'en';
}

/**
 * `renderShell` for plugins/web-app.ts: every page path's HTML carries the resolved head
 * (title, description, canonical, robots, Open Graph, JSON-LD for entity pages), cached briefly.
 */
export function createShellRenderer(options: ShellRendererOptions = {}) {
  const cache =
    options.cache ?? new HeadCache<ShellRenderResult>(options.cacheMax ?? 500, options.cacheTtlMs ?? 30_000);
  const sources = options.sources ?? {};
  const render = async (input: ShellRenderInput): Promise<ShellRenderResult> => {
    const rawPath = decodePath(input.request.url.split('?')[0] ?? '/');
    const key = `${input.statusCode}|${rawPath}`;
    const cached = cache.get(key);
    if (cached !== undefined) return cached;
    const app = input.request.server;
    const origin = app.config.PUBLIC_URL;
    const entry = await findSeoEntry(rawPath, (path) => findSeoByPath(app.db, path));
    const url = `${origin}${rawPath}`;
    const language = pageLanguage(rawPath);
    const found =
      input.statusCode === 200
        ? await loadEntityHead(app.db, input.pathname, language, sources, origin, url)
        : null;
    // A product, service, seller or blog page for something that does not exist answers 404.
    const statusCode = found === ENTITY_MISSING ? 404 : input.statusCode;
    const entity = found === ENTITY_MISSING ? null : found;
    const head = buildHeadHtml({
      pathname: rawPath,
      origin,
      entry,
      language,
      statusCode,
      entity,
      barePathname: input.pathname,
    });
    const result = { html: injectHead(input.template, head), statusCode };
    cache.set(key, result);
    return result;
  };
  // A failing lookup never breaks the page: the plain app shell is served (docs/product.md §2: failures ignored).
  return async (input: ShellRenderInput): Promise<ShellRenderResult | string> => {
    try {
      return await render(input);
    } catch (error) {
      input.request.log.warn({ err: error }, 'page head rendering failed; serving the plain shell');
      return input.template;
    }
  };
}

function decodePath(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
