import type { ResolvedSeoHead } from '@maplesource/contracts/seo';

const MARK = 'data-seo';

function upsertMeta(attribute: 'name' | 'property', key: string, content: string) {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${CSS.escape(key)}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    element.setAttribute(MARK, '');
    document.head.appendChild(element);
  }
  element.setAttribute('content', content);
}

/**
 * Applies a resolved head to the document (docs/product.md §2): title (when the entry sets one), canonical
 * link, robots tag, description and the entry's scripts. Scripts added for the previous page are
 * removed; the server-rendered ones stay on the first page (`keepServerScripts`).
 */
export function applySeoHead(head: ResolvedSeoHead, options: { keepServerScripts: boolean }): void {
  if (head.title) document.title = head.title;

  let canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!canonical) {
    canonical = document.createElement('link');
    canonical.rel = 'canonical';
    canonical.setAttribute(MARK, '');
    document.head.appendChild(canonical);
  }
  canonical.href = head.canonical;

  upsertMeta('name', 'robots', head.robots);
  if (head.description) upsertMeta('name', 'description', head.description);
  upsertMeta('property', 'og:url', head.canonical);
  if (head.title) upsertMeta('property', 'og:title', head.title);
  for (const meta of head.meta) upsertMeta(meta.attribute, meta.key, meta.content);

  const selector = options.keepServerScripts
    ? 'script[data-seo-client]'
    : `script[${MARK}], script[data-seo-client]`;
  for (const old of document.head.querySelectorAll(selector)) old.remove();
  if (options.keepServerScripts) return; // the server already rendered this page's scripts
  for (const script of head.scripts) {
    const element = document.createElement('script');
    element.setAttribute('data-seo-client', '');
    if (script.kind === 'json-ld') {
      element.type = 'application/ld+json';
      element.text = script.json;
    } else {
      element.src = script.src;
      element.async = script.async;
      element.defer = script.defer;
    }
    document.head.appendChild(element);
  }
}

/** `<link rel="alternate" hreflang>` for the current page (en, fr, x-default), replacing the previous page's. */
export function applyAlternateLinks(links: ReadonlyArray<{ hreflang: string; href: string }>): void {
  const wanted = new Set(links.map((l) => l.hreflang));
  for (const old of document.head.querySelectorAll<HTMLLinkElement>('link[rel="alternate"][hreflang]'))
    if (!wanted.has(old.hreflang)) old.remove();
  for (const link of links) {
    let element = document.head.querySelector<HTMLLinkElement>(
      `link[rel="alternate"][hreflang="${CSS.escape(link.hreflang)}"]`,
    );
    if (!element) {
      element = document.createElement('link');
      element.rel = 'alternate';
      element.hreflang = link.hreflang;
      element.setAttribute(MARK, '');
      document.head.appendChild(element);
    }
    element.href = link.href;
  }
}
