import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Tabs } from '../../components/ui/tabs';
import { useDocumentTitle } from '../../lib/use-document-title';
import { trackStorefrontVisit } from '../../features/sellers/api/sellers';
import { SellerHeader } from '../../features/sellers/components/seller-views';
import { ProductBrowser, ServiceBrowser } from '../../features/catalog/components/product-browser';

type CatalogueTab = 'products' | 'services';

/** /seller/{slug}: storefront header (badges, claim) and the seller's products and services (tabs). */
export default function SellerDetailPage() {
  const { t } = useTranslation('sellers');
  const { slug = '' } = useParams();
  const [tab, setTab] = useState<CatalogueTab | null>(null);
  const [, setParams] = useSearchParams();
  // Filters and page belong to the tab they were set on.
  const changeTab = (next: CatalogueTab) => {
    setTab(next);
    setParams(new URLSearchParams(), { replace: true });
  };
  useDocumentTitle(t('sellerDetail.title'));
  // A visit of the storefront counts in its seller's stats (decision 290), once per storefront opened.
  useEffect(() => {
    if (slug) void trackStorefrontVisit(slug);
  }, [slug]);
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <SellerHeader slug={slug}>
        {(seller) => {
          // A shop with services only opens on its services.
          const current =
            tab ?? (seller.productCount === 0 && seller.serviceCount > 0 ? 'services' : 'products');
          return (
            <div className="mt-8">
              <Tabs
                label={t('catalogueTabs')}
                value={current}
                onChange={changeTab}
                items={[
                  {
                    value: 'products',
                    label: t('tabProducts', { count: seller.productCount }),
                    content:
                      current === 'products' ? (
                        <ProductBrowser
                          title={t('products', { name: seller.name })}
                          sellerId={seller.id}
                          headingLevel={2}
                        />
                      ) : null,
                  },
                  {
                    value: 'services',
                    label: t('tabServices', { count: seller.serviceCount }),
                    content:
                      current === 'services' ? (
                        <ServiceBrowser
                          title={t('services', { name: seller.name })}
                          sellerId={seller.id}
                          headingLevel={2}
                        />
                      ) : null,
                  },
                ]}
              />
            </div>
          );
        }}
      </SellerHeader>
    </div>
  );
}
