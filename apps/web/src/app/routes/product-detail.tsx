import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ProductDetailView } from '../../features/catalog/components/product-detail-view';

/** /productdetails/{slug}. The "send inquiry" button asks to log in; the inquiry modal belongs to the quotes issue. */
export default function ProductDetailPage() {
  const { t } = useTranslation('catalog');
  const { slug = '' } = useParams();
  useDocumentTitle(t('productDetail.title'));
  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <ProductDetailView slug={slug} />
    </div>
  );
}
