import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { productListingTypes, type ProductListingType } from '@maplesource/contracts/routes';
import { PageIntro } from '../../components/ui/page-intro';
import { useDocumentTitle } from '../../lib/use-document-title';

export function isProductListingType(value: string | undefined): value is ProductListingType {
  return (productListingTypes as readonly (string | undefined)[]).includes(value);
}

/**
 * /products, /products/:category, /products/:category/:subcategory and /products/{type}
 * (type ∈ productListingTypes, decided here). Placeholder until the catalogue issue lands.
 */
export default function ProductsPage() {
  const { t } = useTranslation('catalog');
  const { category, subcategory } = useParams();
  const [params] = useSearchParams();
  const q = params.get('q')?.trim();

  let title = t('products.title');
  if (!subcategory && isProductListingType(category)) title = t(`listingTypes.${category}`);
  else if (category) title = t('productCategory.title', { category: subcategory ?? category });
  useDocumentTitle(title);

  return (
    <PageIntro title={title} text={t('products.text')}>
      {q ? <p className="text-sm font-medium text-gray-800">{t('searchResults', { query: q })}</p> : null}
    </PageIntro>
  );
}
