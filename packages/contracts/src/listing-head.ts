import type { ProductListingType } from './routes';

/**
 * Title and description of the listing screens of docs/product.md §2 (`/products/{type}`,
 * `/products/{category}[/{subcategory}]`, `/services/{category}[/{subcategory}]`), in English and
 * French. One function for the server-rendered head (crawlers) and the client head, so both agree.
 */
export type ListingHeadLanguage = 'en' | 'fr';
export interface ListingHeadText {
  title: string;
  description: string;
}
export interface ListingCategoryNames {
  nameEn: string;
  nameFr: string;
  itemCount?: number;
}

const SITE = 'MapleSource';

const typeTitles: Record<ProductListingType, Record<ListingHeadLanguage, ListingHeadText>> = {
  popular: {
    en: {
      title: 'Popular products from Canadian manufacturers',
      description: 'The products buyers look at most on MapleSource, from verified Canadian manufacturers.',
    },
    fr: {
      title: 'Produits populaires de fabricants canadiens',
      description:
        'Les produits les plus consultés sur MapleSource, offerts par des fabricants canadiens vérifiés.',
    },
  },
  bestsellers: {
    en: {
      title: 'Bestselling Canadian products',
      description: 'The best-selling products of Canadian manufacturers and suppliers on MapleSource.',
    },
    fr: {
      title: 'Meilleurs vendeurs : produits canadiens',
      description: 'Les produits les plus vendus des fabricants et fournisseurs canadiens sur MapleSource.',
    },
  },
  'new-arrivals': {
    en: {
      title: 'New arrivals from Canadian suppliers',
      description: 'The newest products listed by Canadian manufacturers and suppliers on MapleSource.',
    },
    fr: {
      title: 'Nouveautés des fournisseurs canadiens',
      description:
        'Les derniers produits publiés par des fabricants et fournisseurs canadiens sur MapleSource.',
    },
  },
  suggested: {
    en: {
      title: 'Suggested products',
      description: 'Products suggested from what you search and view on MapleSource.',
    },
    fr: {
      title: 'Produits suggérés',
      description: 'Des produits suggérés selon vos recherches et consultations sur MapleSource.',
    },
  },
  recommended: {
    en: {
      title: 'Recommended Canadian products',
      description: 'Highly rated products from Canadian manufacturers, recommended by MapleSource.',
    },
    fr: {
      title: 'Produits canadiens recommandés',
      description: 'Des produits bien notés de fabricants canadiens, recommandés par MapleSource.',
    },
  },
  all: {
    en: {
      title: 'All products from Canadian manufacturers',
      description: 'Every product listed by Canadian manufacturers and suppliers on MapleSource.',
    },
    fr: {
      title: 'Tous les produits de fabricants canadiens',
      description: 'Tous les produits publiés par des fabricants et fournisseurs canadiens sur MapleSource.',
    },
  },
};

const withSite = (text: ListingHeadText): ListingHeadText => ({ ...text, title: `${text.title} | ${SITE}` });

/** `/products/{type}`. */
export function listingTypeHead(type: ProductListingType, language: ListingHeadLanguage): ListingHeadText {
  return withSite(typeTitles[type][language]);
}

const formatCount = (n: number, language: ListingHeadLanguage) =>
  new Intl.NumberFormat(language === 'fr' ? 'fr-CA' : 'en-CA').format(n);

/** `/products/{category}[/{subcategory}]` and `/services/{category}[/{subcategory}]`. */
export function categoryListingHead(input: {
  section: 'products' | 'services';
  language: ListingHeadLanguage;
  category: ListingCategoryNames;
  subcategory?: ListingCategoryNames | null;
}): ListingHeadText {
  const { section, language, category, subcategory } = input;
  const fr = language === 'fr';
  const name = (c: ListingCategoryNames) => (fr ? c.nameFr : c.nameEn);
  const own = subcategory ?? category;
  const label = subcategory ? `${name(subcategory)} (${name(category)})` : name(category);
  const count = own.itemCount && own.itemCount > 0 ? `${formatCount(own.itemCount, language)} ` : '';
  if (section === 'products') {
    return {
      title: `${name(own)} | ${fr ? 'Produits canadiens' : 'Canadian products'} | ${SITE}`,
      description: fr
        ? `${label} : parcourez ${count}produits de fabricants et fournisseurs canadiens vérifiés. Comparez prix, délais de livraison et notes, et demandez des devis sur ${SITE}.`
        : `${label}: browse ${count}products from verified Canadian manufacturers and suppliers. Compare prices, delivery times and ratings, and request quotations on ${SITE}.`,
    };
  }
  return {
    title: `${name(own)} | ${fr ? 'Services industriels au Canada' : 'Industrial services in Canada'} | ${SITE}`,
    description: fr
      ? `${label} : trouvez ${count}services de prestataires industriels canadiens. Comparez les offres et demandez des devis sur ${SITE}.`
      : `${label}: find ${count}services from Canadian industrial service providers. Compare offers and request quotations on ${SITE}.`,
  };
}
