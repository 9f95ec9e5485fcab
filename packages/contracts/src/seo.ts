/**
 * Per-page SEO (docs/product.md §2 "Per-page SEO", §3 "SEO lookup result", §7 `seo/by-path`).
 * One pure resolver used by the web client (document head on each navigation) and by the
 * server (head of the HTML it returns to crawlers), so both apply the same rules.
 * No zod here: the web bundle imports this file directly (`@maplesource/contracts/seo`).
 */

/** docs/product.md §3: the SEO lookup result. `code` is admin-written head markup (sanitized on write). Schema: content.ts. */
export interface SeoEntry {
  path: string;
  code: string;
}

/** `<script src>` in admin markup is only kept from these origins (docs/decisions: allowed script origins). */
export const allowedScriptOrigins = [
  'https://www.googletagmanager.com',
  'https://www.google-analytics.com',
  'https://plausible.io',
] as const;

export const DEFAULT_ROBOTS = 'index,follow';
/** docs/product.md §9: a first segment of 5 characters or fewer is taken as a language prefix. */
export const SEO_PREFIX_MAX_LENGTH = 5;

export type SeoScript =
  { kind: 'json-ld'; json: string } | { kind: 'external'; src: string; async: boolean; defer: boolean };

export interface SeoMeta {
  /** `name` (description, robots, twitter:*) or `property` (og:*). */
  attribute: 'name' | 'property';
  key: string;
  content: string;
}

/** The head markup of one entry, parsed into the parts the resolver applies. */
export interface ParsedSeoMarkup {
  title: string | null;
  canonical: string | null;
  robots: string | null;
  description: string | null;
  meta: SeoMeta[];
  scripts: SeoScript[];
}

export interface ResolvedSeoHead {
  title: string | null;
  description: string | null;
  canonical: string;
  robots: string;
  /** Other meta tags of the entry (og:*, twitter:*, keywords, …), description and robots excluded. */
  meta: SeoMeta[];
  scripts: SeoScript[];
  /** The path whose entry was applied, or null when none was found. */
  matchedPath: string | null;
}

export type SeoLookup = (path: string) => Promise<SeoEntry | null | undefined>;

const entityMap: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  '#39': "'",
  nbsp: ' ',
};

export function decodeHtmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (whole, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith('#x')) return safeCodePoint(Number.parseInt(lower.slice(2), 16), whole);
    if (lower.startsWith('#')) return safeCodePoint(Number.parseInt(lower.slice(1), 10), whole);
    return entityMap[lower] ?? whole;
  });
}

function safeCodePoint(code: number, fallback: string): string {
  return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : fallback;
}

/** Attributes of one start tag: `name="v"`, `name='v'`, `name=v`, bare `name`. Names lowercased. */
export function parseAttributes(source: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  const re = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  for (const match of source.matchAll(re)) {
    const name = match[1]!.toLowerCase();
    if (name in attributes) continue;
    attributes[name] = decodeHtmlEntities(match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attributes;
}

/**
 * Reads title, canonical, robots, description, other metas and scripts from head markup.
 * The markup is sanitized when stored; this parser only needs to read what the sanitizer lets through.
 */
export function parseSeoMarkup(code: string): ParsedSeoMarkup {
  const parsed: ParsedSeoMarkup = {
    title: null,
    canonical: null,
    robots: null,
    description: null,
    meta: [],
    scripts: [],
  };
  const tagRe = /<(title|script)\b([^>]*)>([\s\S]*?)<\/\1\s*>|<(meta|link)\b([^>]*?)\/?>/gi;
  for (const match of code.matchAll(tagRe)) {
    const paired = match[1]?.toLowerCase();
    if (paired === 'title') {
      if (parsed.title === null) parsed.title = decodeHtmlEntities(match[3]!).trim();
      continue;
    }
    if (paired === 'script') {
      const attrs = parseAttributes(match[2]!);
      const type = (attrs.type ?? '').toLowerCase();
      if (attrs.src) {
        parsed.scripts.push({
          kind: 'external',
          src: attrs.src,
          async: 'async' in attrs,
          defer: 'defer' in attrs,
        });
      } else if (type === 'application/ld+json') {
        const json = match[3]!.trim();
        if (json) parsed.scripts.push({ kind: 'json-ld', json });
      }
      continue;
    }
    const tag = match[4]!.toLowerCase();
    const attrs = parseAttributes(match[5]!);
    if (tag === 'link') {
      const rel = (attrs.rel ?? '').toLowerCase().split(/\s+/);
      if (rel.includes('canonical') && attrs.href && parsed.canonical === null)
        parsed.canonical = attrs.href.trim();
      continue;
    }
    const content = attrs.content;
    if (content === undefined) continue;
    if (attrs.name) {
      const key = attrs.name.toLowerCase();
      if (key === 'robots') parsed.robots ??= content.trim();
      else if (key === 'description') parsed.description ??= content.trim();
      else parsed.meta.push({ attribute: 'name', key, content });
    } else if (attrs.property) {
      parsed.meta.push({ attribute: 'property', key: attrs.property.toLowerCase(), content });
    }
  }
  return parsed;
}

/** The lookup key: lowercase, no query or hash, no trailing slash except for the root. */
export function normaliseSeoPath(pathname: string): string {
  let path = pathname.split(/[?#]/)[0]!.toLowerCase();
  if (!path.startsWith('/')) path = `/${path}`;
  path = path.replace(/\/{2,}/g, '/');
  if (path.length > 1) path = path.replace(/\/+$/, '');
  return path || '/';
}

/** docs/product.md §2: when the first segment has 5 characters or fewer, the path without it (else null). */
export function withoutLanguagePrefix(path: string): string | null {
  const match = /^\/([^/]+)(\/.*)?$/.exec(path);
  if (!match || match[1]!.length > SEO_PREFIX_MAX_LENGTH) return null;
  return match[2] ?? '/';
}

/** `https://site/`, `https://site`, `/` and `` point at a bare site root. */
export function isBareSiteRoot(href: string, origin: string): boolean {
  const value = href.trim();
  if (value === '' || value === '/') return true;
  try {
    // Any host: the admin may write the production domain while the page is served elsewhere.
    const url = new URL(value, origin);
    return (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash;
  } catch {
    return false;
  }
}

/** robots: anything saying `noindex` becomes `index,follow` (docs/product.md §2); empty becomes the default. */
export function normaliseRobots(robots: string | null): string {
  if (!robots || !robots.trim()) return DEFAULT_ROBOTS;
  if (/\bnoindex\b/i.test(robots)) return DEFAULT_ROBOTS;
  return robots.trim();
}

/** Finds the entry: the lowercase path, then (first segment ≤ 5 characters) the path without it. Failures count as "none". */
export async function findSeoEntry(pathname: string, lookup: SeoLookup): Promise<SeoEntry | null> {
  const safe = async (path: string) => {
    try {
      return (await lookup(path)) ?? null;
    } catch {
      return null; // docs/product.md §2: lookup failures are ignored
    }
  };
  const path = normaliseSeoPath(pathname);
  const direct = await safe(path);
  if (direct) return direct;
  const retry = withoutLanguagePrefix(path);
  if (retry === null) return null;
  return safe(retry);
}

export interface ResolveSeoHeadInput {
  /** The page path as requested (any case, language prefix included). */
  pathname: string;
  /** Site origin, e.g. `https://maplesource.ca`. */
  origin: string;
  /** The entry (from `findSeoEntry`), or null. */
  entry: SeoEntry | null;
}

/** The language a page path is in: under `/fr` French, anything else English. SEO entries exist per language. */
export function seoPathLanguage(pathname: string): 'en' | 'fr' {
  return /^\/fr(\/|$)/i.test(pathname) ? 'fr' : 'en';
}

/** Tags whose content is words in the entry's language (never shown on a page of the other language). */
const languageBoundMeta = new Set([
  'og:title',
  'og:description',
  'og:locale',
  'og:image:alt',
  'twitter:title',
  'twitter:description',
  'twitter:image:alt',
  'keywords',
]);

/** Applies docs/product.md §2's rules to one entry (pure and synchronous). */
export function applySeoEntry({ pathname, origin, entry }: ResolveSeoHeadInput): ResolvedSeoHead {
  const base = origin.replace(/\/+$/, '');
  const cleanPath = pathname.split(/[?#]/)[0] || '/';
  const ownAddress = `${base}${cleanPath.startsWith('/') ? cleanPath : `/${cleanPath}`}`;
  if (!entry) {
    return {
      title: null,
      description: null,
      canonical: ownAddress,
      robots: DEFAULT_ROBOTS,
      meta: [],
      scripts: [],
      matchedPath: null,
    };
  }
  const parsed = parseSeoMarkup(entry.code);
  if (seoPathLanguage(cleanPath) !== seoPathLanguage(entry.path)) {
    // The entry of the page's other language (a French page found `/products` on the retry without `/fr`): its
    // robots and scripts apply, but its words and its canonical are another language's page — the page keeps
    // its own title, description and address (decision 249).
    return {
      title: null,
      description: null,
      canonical: ownAddress,
      robots: normaliseRobots(parsed.robots),
      meta: parsed.meta.filter((m) => !languageBoundMeta.has(m.key)),
      scripts: parsed.scripts,
      matchedPath: entry.path,
    };
  }
  const isRootPage = normaliseSeoPath(cleanPath) === '/';
  let canonical = parsed.canonical ? absolutise(parsed.canonical, base) : ownAddress;
  if (!isRootPage && parsed.canonical !== null && isBareSiteRoot(parsed.canonical, base))
    canonical = ownAddress;
  return {
    title: parsed.title || null,
    description: parsed.description || null,
    canonical,
    robots: normaliseRobots(parsed.robots),
    meta: parsed.meta,
    scripts: parsed.scripts,
    matchedPath: entry.path,
  };
}

function absolutise(href: string, origin: string): string {
  try {
    return new URL(href, `${origin}/`).toString();
  } catch {
    return href;
  }
}

/** The whole of docs/product.md §2's per-page SEO: lookup (with retry), then the rules. */
export async function resolveSeoHead(input: {
  pathname: string;
  origin: string;
  lookup: SeoLookup;
}): Promise<ResolvedSeoHead> {
  const entry = await findSeoEntry(input.pathname, input.lookup);
  return applySeoEntry({ pathname: input.pathname, origin: input.origin, entry });
}

/**
 * `<link rel="alternate" hreflang>` targets of a page: English at the bare path, French under `/fr`,
 * and English as `x-default`. `barePathname` is the path without a language prefix.
 */
export function alternateLanguageLinks(
  origin: string,
  barePathname: string,
): Array<{ hreflang: 'en' | 'fr' | 'x-default'; href: string }> {
  const bare = barePathname === '' ? '/' : barePathname;
  const en = `${origin}${bare}`;
  const fr = `${origin}/fr${bare === '/' ? '' : bare}`;
  return [
    { hreflang: 'en', href: en },
    { hreflang: 'fr', href: fr },
    { hreflang: 'x-default', href: en },
  ];
}
