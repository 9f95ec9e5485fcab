import sanitizeHtml from 'sanitize-html';
import { allowedScriptOrigins, decodeHtmlEntities, parseAttributes } from '@maplesource/contracts';

/**
 * Admin head markup is limited to head elements: title, meta, link, JSON-LD scripts and
 * `<script src>` from the allow-list of origins. Everything else is stripped, so stored markup can
 * never inject into a page body. Two passes: sanitize-html removes what is not allowed, then the
 * kept tags are re-serialised in one canonical form (escaped attributes, JSON-LD re-encoded so it
 * cannot close its script element, stray text dropped).
 */

const allowedLinkRels = new Set([
  'canonical',
  'alternate',
  'icon',
  'apple-touch-icon',
  'preconnect',
  'dns-prefetch',
  'prev',
  'next',
  'author',
  'license',
]);

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** JSON for a `<script type="application/ld+json">`: `<`, `>` and `&` escaped so `</script>` cannot appear. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function isAllowedScriptSrc(src: string, origins: readonly string[] = allowedScriptOrigins): boolean {
  try {
    const url = new URL(src);
    return url.protocol === 'https:' && origins.includes(url.origin);
  } catch {
    return false;
  }
}

function isSafeUrl(value: string): boolean {
  try {
    const url = new URL(value, 'https://placeholder.invalid');
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

function attrs(pairs: Array<[string, string | boolean | undefined]>): string {
  return pairs
    .filter(([, v]) => v !== undefined && v !== false)
    .map(([k, v]) => (v === true ? ` ${k}` : ` ${k}="${escapeHtml(v as string)}"`))
    .join('');
}

export function sanitizeSeoMarkup(code: string, origins: readonly string[] = allowedScriptOrigins): string {
  const first = sanitizeHtml(code, {
    allowedTags: ['title', 'meta', 'link', 'script'],
    allowedAttributes: {
      meta: ['name', 'property', 'content', 'charset'],
      link: ['rel', 'href', 'hreflang', 'type', 'sizes', 'media', 'title'],
      script: ['type', 'src', 'async', 'defer'],
    },
    allowVulnerableTags: true,
    allowedSchemes: ['http', 'https'],
    allowedSchemesAppliedToAttributes: ['href', 'src'],
    nonTextTags: ['style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'svg', 'math', 'template'],
    exclusiveFilter(frame) {
      if (frame.tag !== 'script') return false;
      if (frame.attribs.src) return !isAllowedScriptSrc(frame.attribs.src, origins);
      return (frame.attribs.type ?? '').toLowerCase() !== 'application/ld+json';
    },
  });

  const out: string[] = [];
  const tagRe = /<(title|script)\b([^>]*)>([\s\S]*?)<\/\1\s*>|<(meta|link)\b([^>]*?)\/?>/gi;
  for (const match of first.matchAll(tagRe)) {
    const paired = match[1]?.toLowerCase();
    if (paired === 'title') {
      const text = decodeHtmlEntities(match[3]!).trim();
      if (text) out.push(`<title>${escapeHtml(text)}</title>`);
      continue;
    }
    if (paired === 'script') {
      const a = parseAttributes(match[2]!);
      if (a.src) {
        if (isAllowedScriptSrc(a.src, origins)) {
          out.push(
            `<script${attrs([
              ['src', a.src],
              ['async', 'async' in a],
              ['defer', 'defer' in a],
            ])}></script>`,
          );
        }
        continue;
      }
      if ((a.type ?? '').toLowerCase() !== 'application/ld+json') continue;
      try {
        const json: unknown = JSON.parse(decodeHtmlEntities(match[3]!));
        out.push(`<script type="application/ld+json">${jsonForScript(json)}</script>`);
      } catch {
        // invalid JSON-LD is dropped
      }
      continue;
    }
    const tag = match[4]!.toLowerCase();
    const a = parseAttributes(match[5]!);
    if (tag === 'link') {
      const rels = (a.rel ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      if (!a.href || !isSafeUrl(a.href) || rels.length === 0 || !rels.every((r) => allowedLinkRels.has(r)))
        continue;
      out.push(
        `<link${attrs([
          ['rel', rels.join(' ')],
          ['href', a.href],
          ['hreflang', a.hreflang],
          ['type', a.type],
          ['sizes', a.sizes],
          ['media', a.media],
          ['title', a.title],
        ])}>`,
      );
      continue;
    }
    if (a.content === undefined) continue;
    if (a.name)
      out.push(
        `<meta${attrs([
          ['name', a.name],
          ['content', a.content],
        ])}>`,
      );
    else if (a.property)
      out.push(
        `<meta${attrs([
          ['property', a.property],
          ['content', a.content],
        ])}>`,
      );
  }
  return out.join('\n');
}
