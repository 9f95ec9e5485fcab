import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useProduct } from '../../features/catalog/api/get-product';
import { ProductDetailView } from '../../features/catalog/components/product-detail-view';

/** /productdetails/{slug}. The "send inquiry" button asks to log in; the inquiry modal belongs to the quotes issue. */
export default function ProductDetailPage() {
  const { t, i18n } = useTranslation('catalog');
  const { slug = '' } = useParams();
  // Same query as the view below (shared cache entry): the tab shows the product's name once loaded.
  const product = useProduct(slug);
  const fr = i18n.language.startsWith('fr');
  useDocumentTitle(
    product.data ? (fr ? product.data.nameFr : product.data.nameEn) : t('productDetail.title'),
  );
  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <ProductDetailView slug={slug} />
    </div>
  );
}
