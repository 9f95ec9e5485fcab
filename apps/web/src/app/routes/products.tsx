import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { productListingTypes, type ProductListingType } from '@maplesource/contracts/routes';
import { categoryListingHead, listingTypeHead } from '@maplesource/contracts/listing-head';
import { useDocumentTitle } from '../../lib/use-document-title';
import { usePageHead } from '../../lib/use-page-head';
import { useCategories } from '../../features/catalog/api/get-categories';
import { ProductBrowser } from '../../features/catalog/components/product-browser';
import { CardGridSkeleton } from '../../features/catalog/components/product-card';
import { LoadError } from '../../components/ui/query-states';
import { GlobalParagraphBlock } from '../../features/content/components/global-paragraph';

export function isProductListingType(value: string | undefined): value is ProductListingType {
  return (productListingTypes as readonly (string | undefined)[]).includes(value);
}

/**
 * /products, /products/:category, /products/:category/:subcategory and /products/{type}.
 * A listing type (popular, bestsellers, …) or a category slug is served; anything else redirects to /products.
 */
export default function ProductsPage() {
  const { t, i18n } = useTranslation('catalog');
  const { category, subcategory } = useParams();
  const categories = useCategories('product');
  const fr = i18n.language.startsWith('fr');
  const isType = !subcategory && isProductListingType(category);
  const parent = categories.data?.items.find((c) => c.slug === category);
  const child = parent?.children.find((c) => c.slug === subcategory);

  let title = t('products.title');
  if (isType) title = t(`listingTypes.${category}`);
  else if (child) title = fr ? child.nameFr : child.nameEn;
  else if (parent) title = fr ? parent.nameFr : parent.nameEn;
  const language = fr ? 'fr' : 'en';
  const head =
    isType && category
      ? listingTypeHead(category as ProductListingType, language)
      : parent
        ? categoryListingHead({ section: 'products', language, category: parent, subcategory: child })
        : null;
  useDocumentTitle(head ? undefined : title);
  usePageHead(head); // the same title and description the server renders for this listing

  if (category && !isType) {
    if (categories.isPending) return <CardGridSkeleton />;
    if (categories.isError) return <LoadError onRetry={() => void categories.refetch()} />;
    if (!parent || (subcategory && !child)) return <Navigate to="/products" replace />;
  }
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <ProductBrowser
        key={`${category ?? ''}/${subcategory ?? ''}`}
        title={title}
        type={isType ? category : undefined}
        category={isType ? undefined : category}
        subcategory={subcategory}
      />
      <GlobalParagraphBlock className="mt-10" />
    </div>
  );
}
