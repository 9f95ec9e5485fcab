import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title';
import { SellerHeader } from '../../features/sellers/components/seller-views';
import { ProductBrowser } from '../../features/catalog/components/product-browser';

/** /seller/{slug}: storefront header (badges, claim) and the seller's products. */
export default function SellerDetailPage() {
  const { t } = useTranslation('sellers');
  const { slug = '' } = useParams();
  useDocumentTitle(t('sellerDetail.title'));
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <SellerHeader slug={slug}>
        {(seller) => (
          <div className="mt-8">
            <ProductBrowser title={t('products', { name: seller.name })} sellerId={seller.id} />
          </div>
        )}
      </SellerHeader>
    </div>
  );
}
