import {
  alternateLanguageLinks,
  applySeoEntry,
  categoryListingHead,
  listingTypeHead,
  productListingTypes,
  type ProductListingType,
  type ResolvedSeoHead,
  type SeoEntry,
  type SeoMeta,
} from '@maplesource/contracts';
import { centsToDollarsText } from '@maplesource/contracts/money';
import { escapeHtml, isAllowedScriptSrc, jsonForScript } from './seo-markup';
import type { Db } from '../../db/client';
import type { BlogHead, PageSources, ProductHead, SellerHead } from './page-sources';

export type PageLanguage = 'en' | 'fr';

interface StaticHead {
  title: string;
  description: string;
}

const SITE = 'MapleSource';

/** Default titles and descriptions of the static screens of docs/product.md §2, EN and FR. */
const staticHeads: Record<string, Record<PageLanguage, StaticHead>> = {
  '/': {
    en: {
      title: 'MapleSource – Buy Canadian: the B2B marketplace for manufacturers and suppliers',
      description:
        'Find Canadian manufacturers, suppliers and industrial service providers, request quotations, negotiate in chat and pay securely in CAD.',
    },
    fr: {
      title: 'MapleSource – Achetez canadien : la place de marché B2B des fabricants et fournisseurs',
      description:
        'Trouvez des fabricants, fournisseurs et prestataires industriels canadiens, demandez des devis, négociez par messagerie et payez en toute sécurité en CAD.',
    },
  },
  '/products': {
    en: {
      title: 'Products from Canadian manufacturers | MapleSource',
      description:
        'Browse products from verified Canadian manufacturers and suppliers. Filter by category, province, price, delivery time and rating.',
    },
    fr: {
      title: 'Produits de fabricants canadiens | MapleSource',
      description:
        'Parcourez les produits de fabricants et fournisseurs canadiens vérifiés. Filtrez par catégorie, province, prix, délai de livraison et note.',
    },
  },
  '/services': {
    en: {
      title: 'Industrial services in Canada | MapleSource',
      description:
        'Find Canadian industrial service providers: machining, fabrication, logistics, engineering and more.',
    },
    fr: {
      title: 'Services industriels au Canada | MapleSource',
      description:
        'Trouvez des prestataires de services industriels canadiens : usinage, fabrication, logistique, ingénierie et plus.',
    },
  },
  '/sellers': {
    en: {
      title: 'Canadian sellers directory | MapleSource',
      description: 'Over 5,000 Canadian manufacturer and supplier storefronts in one directory.',
    },
    fr: {
      title: 'Répertoire des vendeurs canadiens | MapleSource',
      description: 'Plus de 5 000 vitrines de fabricants et fournisseurs canadiens dans un seul répertoire.',
    },
  },
  '/our-sellers': {
    en: {
      title: 'Our sellers | MapleSource',
      description: 'Meet the Canadian businesses selling on MapleSource.',
    },
    fr: {
      title: 'Nos vendeurs | MapleSource',
      description: 'Découvrez les entreprises canadiennes qui vendent sur MapleSource.',
    },
  },
  '/claim-stores': {
    en: {
      title: 'Unclaimed storefronts: claim your business | MapleSource',
      description: 'Find your Canadian business among the storefronts made for it and claim it.',
    },
    fr: {
      title: 'Vitrines non réclamées : réclamez votre entreprise | MapleSource',
      description: 'Trouvez votre entreprise canadienne parmi les vitrines créées pour elle et réclamez-la.',
    },
  },
  '/blogs': {
    en: {
      title: 'Blog: Canadian manufacturing and sourcing | MapleSource',
      description: 'Guides and news on sourcing from Canadian manufacturers and suppliers.',
    },
    fr: {
      title: 'Blogue : fabrication et approvisionnement au Canada | MapleSource',
      description:
        'Guides et nouvelles sur l’approvisionnement auprès de fabricants et fournisseurs canadiens.',
    },
  },
  '/terms-and-condition': {
    en: {
      title: 'Terms and conditions | MapleSource',
      description: 'The terms that govern the use of the MapleSource marketplace.',
    },
    fr: {
      title: 'Conditions générales | MapleSource',
      description: 'Les conditions qui régissent l’utilisation de la place de marché MapleSource.',
    },
  },
  '/privacy-policy': {
    en: {
      title: 'Privacy policy | MapleSource',
      description: 'How MapleSource collects, uses, shares and protects personal information.',
    },
    fr: {
      title: 'Politique de confidentialité | MapleSource',
      description:
        'Comment MapleSource recueille, utilise, communique et protège les renseignements personnels.',
    },
  },
  '/global-quote': {
    en: {
      title: 'Requests for quotes | MapleSource',
      description:
        'Send one request for quotes to many Canadian suppliers and compare their delivered prices and lead times.',
    },
    fr: {
      title: 'Demandes de prix | MapleSource',
      description:
        'Envoyez une seule demande de prix à plusieurs fournisseurs canadiens et comparez leurs prix livrés et leurs délais.',
    },
  },
  '/cnc-fabrication-quotes': {
    en: {
      title: 'CNC and fabrication quotes | MapleSource',
      description: 'Get quotes for CNC machining and metal fabrication from Canadian shops.',
    },
    fr: {
      title: 'Devis d’usinage CNC et de fabrication | MapleSource',
      description: 'Obtenez des devis d’usinage CNC et de fabrication métallique d’ateliers canadiens.',
    },
  },
};

const fallbackHead: Record<PageLanguage, StaticHead> = {
  en: staticHeads['/']!.en,
  fr: staticHeads['/']!.fr,
};

const notFoundHead: Record<PageLanguage, StaticHead> = {
  en: { title: 'Page not found | MapleSource', description: 'This page does not exist on MapleSource.' },
  fr: { title: 'Page introuvable | MapleSource', description: 'Cette page n’existe pas sur MapleSource.' },
};

export interface EntityHead {
  title: string;
  description: string;
  imageUrl: string | null;
  ogType: string;
  jsonLd: unknown[];
  /**
   * The page must stay out of search engines whatever its admin entry says (a draft storefront, decisions 280,
   * 261): its robots is `noindex`.
   */
  noindex?: boolean;
}

const clip = (text: string, max = 160) => {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1).trimEnd()}…`;
};
const dollars = centsToDollarsText;

function absoluteUrl(url: string | null | undefined, origin: string): string | null {
  if (!url) return null;
  try {
    return new URL(url, `${origin}/`).toString();
  } catch {
    return null;
  }
}

function productJsonLd(kind: 'Product' | 'Service', p: ProductHead, url: string, origin: string) {
  const image = absoluteUrl(p.imageUrl, origin);
  let offers: Record<string, unknown> | undefined;
  if (typeof p.priceCents === 'number') {
    offers = {
      '@type': 'Offer',
      priceCurrency: 'CAD',
      price: dollars(p.priceCents),
      url,
      availability: 'https://schema.org/InStock',
    };
  } else if (typeof p.minPriceCents === 'number') {
    offers = {
      '@type': 'AggregateOffer',
      priceCurrency: 'CAD',
      lowPrice: dollars(p.minPriceCents),
      highPrice: dollars(p.maxPriceCents ?? p.minPriceCents),
      url,
    };
  }
  if (offers && p.sellerName) offers.seller = { '@type': 'Organization', name: p.sellerName };
  return {
    '@context': 'https://schema.org',
    '@type': kind,
    name: p.name,
    description: clip(p.description, 500),
    url,
    ...(image ? { image } : {}),
    ...(p.sku ? { sku: p.sku } : {}),
    ...(kind === 'Product' && p.sellerName ? { brand: { '@type': 'Brand', name: p.sellerName } } : {}),
    ...(kind === 'Service' && p.sellerName
      ? { provider: { '@type': 'Organization', name: p.sellerName } }
      : {}),
    ...(offers ? { offers } : {}),
    ...(p.rating && p.rating.count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: p.rating.value.toFixed(1),
            reviewCount: p.rating.count,
          },
        }
      : {}),
  };
}

function sellerJsonLd(s: SellerHead, url: string, origin: string) {
  const logo = absoluteUrl(s.logoUrl, origin);
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: s.name,
    description: clip(s.description, 500),
    url,
    ...(logo ? { logo } : {}),
    ...(s.website ? { sameAs: [s.website] } : {}),
    ...(s.city || s.province
      ? {
          address: {
            '@type': 'PostalAddress',
            addressLocality: s.city ?? undefined,
            addressRegion: s.province ?? undefined,
            addressCountry: 'CA',
          },
        }
      : {}),
  };
}

function blogJsonLd(b: BlogHead, url: string, origin: string) {
  const image = absoluteUrl(b.imageUrl, origin);
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: clip(b.title, 110),
    description: clip(b.excerpt, 300),
    url,
    mainEntityOfPage: url,
    ...(image ? { image } : {}),
    ...(b.publishedAt ? { datePublished: b.publishedAt } : {}),
    ...(b.updatedAt || b.publishedAt ? { dateModified: b.updatedAt ?? b.publishedAt } : {}),
    author: b.author ? { '@type': 'Person', name: b.author } : { '@type': 'Organization', name: SITE },
    publisher: {
      '@type': 'Organization',
      name: SITE,
      logo: { '@type': 'ImageObject', url: `${origin}/favicon.svg` },
    },
  };
}

/** Entity head for /productdetails/{slug}, /service/{slug}, /seller/{slug}, /blog/{slug}; null for other paths or unknown slugs. */
/** An entity page whose product, service, seller or blog does not exist: the page answers 404. */
export const ENTITY_MISSING = Symbol('entity-missing');

export async function loadEntityHead(
  db: Db,
  pathname: string,
  language: PageLanguage,
  sources: PageSources,
  origin: string,
  url: string,
): Promise<EntityHead | typeof ENTITY_MISSING | null> {
  const listing = /^\/(products|services)\/([^/]+)(?:\/([^/]+))?\/?$/.exec(pathname);
  if (listing) return loadListingHead(db, listing, language, sources);
  const about = /^\/about-([^/]+)\/?$/.exec(pathname);
  if (about) return loadAboutHead(db, about[1]!, language, sources);
  const match = /^\/(productdetails|service|seller|blog)\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  const [, kind, rawSlug] = match;
  const slug = rawSlug!;
  try {
    if (kind === 'productdetails' && sources.product) {
      const p = await sources.product(db, slug, language);
      if (!p) return ENTITY_MISSING;
      return {
        title: `${p.name} | ${SITE}`,
        description: clip(p.description),
        imageUrl: absoluteUrl(p.imageUrl, origin),
        ogType: 'product',
        jsonLd: [productJsonLd('Product', p, url, origin)],
      };
    }
    if (kind === 'service' && sources.service) {
      const p = await sources.service(db, slug, language);
      if (!p) return ENTITY_MISSING;
      return {
        title: `${p.name} | ${SITE}`,
        description: clip(p.description),
        imageUrl: absoluteUrl(p.imageUrl, origin),
        ogType: 'website',
        jsonLd: [productJsonLd('Service', p, url, origin)],
      };
    }
    if (kind === 'seller' && sources.seller) {
      const s = await sources.seller(db, slug, language);
      if (!s) return ENTITY_MISSING;
      return {
        title: `${s.name} | ${SITE}`,
        description: clip(s.description),
        imageUrl: absoluteUrl(s.logoUrl, origin),
        ogType: 'profile',
        jsonLd: [sellerJsonLd(s, url, origin)],
        ...(s.listed === false ? { noindex: true } : {}),
      };
    }
    if (kind === 'blog' && sources.blog) {
      const b = await sources.blog(db, slug, language);
      if (!b) return ENTITY_MISSING;
      return {
        title: `${b.title} | ${SITE}`,
        description: clip(b.excerpt),
        imageUrl: absoluteUrl(b.imageUrl, origin),
        ogType: 'article',
        jsonLd: [blogJsonLd(b, url, origin)],
      };
    }
  } catch {
    return null; // a failing catalogue read must not break the page; the static head is used
  }
  return null;
}

/**
 * `/products/{type}` (popular, bestsellers, …) and the category listings: the category's EN/FR
 * names read through the catalogue's service; unknown slugs keep the section's static head.
 */
async function loadListingHead(
  db: Db,
  match: RegExpExecArray,
  language: PageLanguage,
  sources: PageSources,
): Promise<EntityHead | typeof ENTITY_MISSING | null> {
  const section = match[1] as 'products' | 'services';
  const slug = match[2]!;
  const subSlug = match[3] ?? null;
  const asHead = (text: { title: string; description: string }): EntityHead => ({
    ...text,
    imageUrl: null,
    ogType: 'website',
    jsonLd: [],
  });
  if (section === 'products' && !subSlug && (productListingTypes as readonly string[]).includes(slug))
    return asHead(listingTypeHead(slug as ProductListingType, language));
  if (!sources.category) return null;
  try {
    const found = await sources.category(db, section === 'products' ? 'product' : 'service', slug, subSlug);
    // A listing of a category that does not exist is a missing page for crawlers too, not the section's head.
    return found ? asHead(categoryListingHead({ section, language, ...found })) : ENTITY_MISSING;
  } catch {
    return null; // the section's static head
  }
}

/** The words of an `about-` slug: `about-steel-brackets` → `steel brackets` (as the web page names it). */
export const aboutProductLabel = (slug: string) => slug.replace(/[-_]+/g, ' ').replace(/\s+/g, ' ').trim();

const aboutTexts: Record<PageLanguage, { title: (p: string) => string; description: (p: string) => string }> =
  {
    en: {
      title: (p) => `About ${p} | ${SITE}`,
      description: (p) =>
        `${p}: what it is, who makes it in Canada, and how to request a quotation on MapleSource.`,
    },
    fr: {
      title: (p) => `À propos : ${p} | ${SITE}`,
      description: (p) =>
        `${p} : ce que c’est, qui le fabrique au Canada et comment demander un devis sur MapleSource.`,
    },
  };

/**
 * `/about-{product}`: the head names the product, as the page does — a catalogue category by its name in the page
 * language, any other slug by its words (the page's texts, contentPages `about.*`).
 */
async function loadAboutHead(
  db: Db,
  rawSlug: string,
  language: PageLanguage,
  sources: PageSources,
): Promise<EntityHead | null> {
  let slug: string;
  try {
    slug = decodeURIComponent(rawSlug);
  } catch {
    slug = rawSlug;
  }
  let label = aboutProductLabel(slug);
  if (!label) return null;
  try {
    const found = sources.category ? await sources.category(db, 'product', slug, null) : null;
    if (found) label = language === 'fr' ? found.category.nameFr : found.category.nameEn;
  } catch {
    // the slug's words name it
  }
  const texts = aboutTexts[language];
  return {
    title: texts.title(label),
    description: clip(texts.description(label)),
    imageUrl: null,
    ogType: 'website',
    jsonLd: [],
  };
}

export function staticHeadFor(pathname: string, language: PageLanguage, statusCode: 200 | 404): StaticHead {
  if (statusCode === 404) return notFoundHead[language];
  const exact = staticHeads[pathname.replace(/\/+$/, '') || '/'];
  if (exact) return exact[language];
  const section = /^\/(products|services|cnc-fabrication-quotes)\//.exec(pathname)?.[1];
  if (section) return staticHeads[`/${section}`]![language];
  return fallbackHead[language];
}

export interface BuiltHead {
  resolved: ResolvedSeoHead;
  html: string;
  language: PageLanguage;
}

/**
 * The head of one page: the admin entry (docs/product.md §2 rules via the shared resolver) over the entity head
 * over the static defaults. Every value is escaped; JSON-LD is encoded so it cannot close its element.
 */
export function buildHeadHtml(input: {
  pathname: string;
  origin: string;
  entry: SeoEntry | null;
  language: PageLanguage;
  statusCode: 200 | 404;
  entity: EntityHead | null;
  /** Path without the language prefix (for static defaults). */
  barePathname: string;
}): BuiltHead {
  const resolved = applySeoEntry({ pathname: input.pathname, origin: input.origin, entry: input.entry });
  const fallback = staticHeadFor(input.barePathname, input.language, input.statusCode);
  const title = resolved.title ?? input.entity?.title ?? fallback.title;
  const description = resolved.description ?? input.entity?.description ?? fallback.description;
  const image = input.entity?.imageUrl ?? null;

  const defaults: SeoMeta[] = [
    { attribute: 'property', key: 'og:site_name', content: SITE },
    { attribute: 'property', key: 'og:type', content: input.entity?.ogType ?? 'website' },
    { attribute: 'property', key: 'og:title', content: title },
    { attribute: 'property', key: 'og:description', content: description },
    { attribute: 'property', key: 'og:url', content: resolved.canonical },
    { attribute: 'property', key: 'og:locale', content: input.language === 'fr' ? 'fr_CA' : 'en_CA' },
    ...(image ? [{ attribute: 'property' as const, key: 'og:image', content: image }] : []),
    { attribute: 'name', key: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
  ];
  const overridden = new Set(resolved.meta.map((m) => `${m.attribute}:${m.key}`));
  const meta = [...defaults.filter((m) => !overridden.has(`${m.attribute}:${m.key}`)), ...resolved.meta];

  const lines = [
    `<title data-seo>${escapeHtml(title)}</title>`,
    `<meta data-seo name="description" content="${escapeHtml(description)}">`,
    `<meta data-seo name="robots" content="${escapeHtml(input.entity?.noindex ? 'noindex' : resolved.robots)}">`,
    `<link data-seo rel="canonical" href="${escapeHtml(resolved.canonical)}">`,
    ...(input.statusCode === 200
      ? alternateLanguageLinks(input.origin, input.barePathname).map(
          (a) => `<link data-seo rel="alternate" hreflang="${a.hreflang}" href="${escapeHtml(a.href)}">`,
        )
      : []),
    ...meta.map(
      (m) => `<meta data-seo ${m.attribute}="${escapeHtml(m.key)}" content="${escapeHtml(m.content)}">`,
    ),
  ];
  for (const doc of input.entity?.jsonLd ?? [])
    lines.push(`<script data-seo type="application/ld+json">${jsonForScript(doc)}</script>`);
  for (const script of resolved.scripts) {
    if (script.kind === 'json-ld') {
      try {
        lines.push(
          `<script data-seo type="application/ld+json">${jsonForScript(JSON.parse(script.json))}</script>`,
        );
      } catch {
        // stored JSON-LD is validated on write; anything else is skipped
      }
    } else if (isAllowedScriptSrc(script.src)) {
      lines.push(
        `<script data-seo src="${escapeHtml(script.src)}"${script.async ? ' async' : ''}${script.defer ? ' defer' : ''}></script>`,
      );
    }
  }
  return { resolved, html: lines.join('\n    '), language: input.language };
}

/** Puts the head into the built index.html: replaces its title and description, sets `<html lang>`. */
export function injectHead(template: string, head: BuiltHead): string {
  let html = template
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+name=["']description["'][^>]*>\s*/i, '')
    .replace(
      /<html\b([^>]*)\blang=["'][^"']*["']/i,
      `<html$1lang="${head.language === 'fr' ? 'fr-CA' : 'en-CA'}"`,
    );
  const at = html.search(/<\/head>/i);
  if (at === -1) return html;
  html = `${html.slice(0, at)}    ${head.html}\n  ${html.slice(at)}`;
  return html;
}
