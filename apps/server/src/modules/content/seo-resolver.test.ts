import { describe, expect, it, vi } from 'vitest';
import {
  applySeoEntry,
  findSeoEntry,
  normaliseSeoPath,
  parseSeoMarkup,
  resolveSeoHead,
  type SeoEntry,
} from '@maplesource/contracts';

const origin = 'https://maplesource.ca';
const table = (entries: Record<string, string>) =>
  vi.fn(async (path: string): Promise<SeoEntry | null> =>
    entries[path] ? { path, code: entries[path]! } : null,
  );

describe('SEO resolver (docs/product.md §2)', () => {
  it('looks up the lowercase path', async () => {
    const lookup = table({ '/products': '<title>Products</title>' });
    const head = await resolveSeoHead({ pathname: '/Products', origin, lookup });
    expect(lookup).toHaveBeenCalledWith('/products');
    expect(head.title).toBe('Products');
    expect(head.matchedPath).toBe('/products');
  });

  it('retries without a first segment of 5 characters or fewer', async () => {
    const lookup = table({ '/products': '<title>Products</title>' });
    const head = await resolveSeoHead({ pathname: '/fr/products', origin, lookup });
    expect(lookup.mock.calls.map((c) => c[0])).toEqual(['/fr/products', '/products']);
    expect(head.matchedPath).toBe('/products');
    // An English entry's words are not a French page's (decision 249): the page keeps its own title.
    expect(head.title).toBeNull();
    const zh = await resolveSeoHead({ pathname: '/zh-CN/products', origin, lookup });
    expect(zh.title).toBe('Products');
  });

  it('gives a French page the French entry, and never the English words of the English one (decision 249)', async () => {
    const english = `<title>Canadian products</title>
<meta name="description" content="Browse products">
<meta property="og:title" content="Canadian products">
<meta property="og:image" content="https://cdn.example/p.png">
<meta name="robots" content="index,nofollow">
<link rel="canonical" href="https://maplesource.ca/products">
<script async src="https://plausible.io/js/script.js"></script>`;
    const onlyEnglish = table({ '/products': english, '/': '<title>Home</title>' });
    const fr = await resolveSeoHead({ pathname: '/fr/products', origin, lookup: onlyEnglish });
    expect(fr).toMatchObject({
      title: null,
      description: null,
      canonical: `${origin}/fr/products`,
      robots: 'index,nofollow',
      matchedPath: '/products',
    });
    expect(fr.meta).toEqual([
      { attribute: 'property', key: 'og:image', content: 'https://cdn.example/p.png' },
    ]);
    expect(fr.scripts).toHaveLength(1);
    const frHome = await resolveSeoHead({ pathname: '/fr', origin, lookup: onlyEnglish });
    expect(frHome.title).toBeNull();
    // The English page keeps its entry whole.
    const en = await resolveSeoHead({ pathname: '/products', origin, lookup: onlyEnglish });
    expect(en.title).toBe('Canadian products');
    expect(en.canonical).toBe('https://maplesource.ca/products');

    const both = table({
      '/products': english,
      '/fr/products': '<title>Produits canadiens</title><meta name="description" content="Parcourez">',
    });
    const french = await resolveSeoHead({ pathname: '/FR/products', origin, lookup: both });
    expect(french).toMatchObject({ title: 'Produits canadiens', description: 'Parcourez' });
    expect(french.matchedPath).toBe('/fr/products');
  });

  it('does not retry when the first segment is longer than 5 characters', async () => {
    const lookup = table({ '/': '<title>Home</title>' });
    const head = await findSeoEntry('/sellers', lookup);
    expect(head).toBeNull();
    expect(lookup).toHaveBeenCalledTimes(1);
  });

  it('applies title, canonical, robots and scripts', async () => {
    const code = [
      '<title>Steel &amp; Co</title>',
      '<meta name="description" content="Buy steel">',
      '<meta property="og:title" content="Steel">',
      '<link rel="canonical" href="https://maplesource.ca/products/steel">',
      '<meta name="robots" content="index,nofollow">',
      '<script type="application/ld+json">{"@type":"Thing"}</script>',
      '<script src="https://plausible.io/js/script.js" defer></script>',
    ].join('');
    const head = await resolveSeoHead({
      pathname: '/products/steel',
      origin,
      lookup: table({ '/products/steel': code }),
    });
    expect(head.title).toBe('Steel & Co');
    expect(head.description).toBe('Buy steel');
    expect(head.canonical).toBe('https://maplesource.ca/products/steel');
    expect(head.robots).toBe('index,nofollow');
    expect(head.meta).toEqual([{ attribute: 'property', key: 'og:title', content: 'Steel' }]);
    expect(head.scripts).toEqual([
      { kind: 'json-ld', json: '{"@type":"Thing"}' },
      { kind: 'external', src: 'https://plausible.io/js/script.js', async: false, defer: true },
    ]);
  });

  it('with nothing found: canonical is the current address and robots index,follow', async () => {
    const head = await resolveSeoHead({ pathname: '/sellers', origin, lookup: table({}) });
    expect(head).toMatchObject({
      canonical: 'https://maplesource.ca/sellers',
      robots: 'index,follow',
      title: null,
    });
  });

  it('replaces a canonical pointing at the bare site root on a non-root page', () => {
    for (const href of [
      'https://maplesource.ca/',
      'https://maplesource.ca',
      '/',
      'https://www.maplesource.ca/',
    ]) {
      const head = applySeoEntry({
        pathname: '/blogs',
        origin,
        entry: { path: '/blogs', code: `<link rel="canonical" href="${href}">` },
      });
      expect(head.canonical).toBe('https://maplesource.ca/blogs');
    }
  });

  it('keeps a root canonical on the root page', () => {
    const head = applySeoEntry({
      pathname: '/',
      origin,
      entry: { path: '/', code: '<link rel="canonical" href="https://maplesource.ca/">' },
    });
    expect(head.canonical).toBe('https://maplesource.ca/');
  });

  it('turns noindex into index,follow', () => {
    for (const robots of ['noindex', 'noindex,nofollow', 'NOINDEX, follow']) {
      const head = applySeoEntry({
        pathname: '/x',
        origin,
        entry: { path: '/x', code: `<meta name="robots" content="${robots}">` },
      });
      expect(head.robots).toBe('index,follow');
    }
  });

  it('an entry without robots or canonical gets the defaults', () => {
    const head = applySeoEntry({ pathname: '/x', origin, entry: { path: '/x', code: '<title>X</title>' } });
    expect(head).toMatchObject({ canonical: 'https://maplesource.ca/x', robots: 'index,follow' });
  });

  it('ignores lookup failures', async () => {
    const lookup = vi.fn(async () => {
      throw new Error('network down');
    });
    const head = await resolveSeoHead({ pathname: '/fr/blogs', origin, lookup });
    expect(head).toMatchObject({
      canonical: 'https://maplesource.ca/fr/blogs',
      robots: 'index,follow',
      title: null,
    });
    expect(lookup).toHaveBeenCalledTimes(2);
  });

  it('normalises paths for lookup', () => {
    expect(normaliseSeoPath('/Blogs/?a=1')).toBe('/blogs');
    expect(normaliseSeoPath('/')).toBe('/');
    expect(normaliseSeoPath('')).toBe('/');
  });

  it('parses single-quoted and unquoted attributes', () => {
    const parsed = parseSeoMarkup("<META NAME='robots' CONTENT=noindex><link rel='canonical' href='/a'>");
    expect(parsed.robots).toBe('noindex');
    expect(parsed.canonical).toBe('/a');
  });
});
