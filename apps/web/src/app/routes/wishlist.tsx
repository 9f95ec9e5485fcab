import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageIntro } from '../../components/page/page-intro';
import { Tabs } from '../../components/ui/tabs';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLikedProducts, useLikedServices } from '../../features/catalog/api/get-wishlist';
import { CardGridSkeleton, ProductCard, ServiceCard } from '../../features/catalog/components/product-card';
import { Pagination } from '../../components/ui/pagination';
import { EmptyState, LoadError } from '../../components/ui/query-states';

type WishlistTab = 'products' | 'services';

function LikedProducts() {
  const { t } = useTranslation('catalog');
  const [page, setPage] = useState(1);
  const liked = useLikedProducts(page);
  if (liked.isPending) return <CardGridSkeleton count={4} />;
  if (liked.isError)
    return <LoadError onRetry={() => void liked.refetch()} message={t('wishlist.loadFailed')} />;
  if (liked.data.items.length === 0)
    return <EmptyState title={t('wishlist.emptyProducts')} text={t('wishlist.emptyHint')} />;
  return (
    <>
      <ul className="grid grid-cols-1 gap-4 min-[400px]:grid-cols-2 lg:grid-cols-4">
        {liked.data.items.map((product) => (
          <li key={product.id}>
            <ProductCard product={product} />
          </li>
        ))}
      </ul>
      <Pagination page={page} pageSize={liked.data.pageSize} total={liked.data.total} onPage={setPage} />
    </>
  );
}

function LikedServices() {
  const { t } = useTranslation('catalog');
  const [page, setPage] = useState(1);
  const liked = useLikedServices(page);
  if (liked.isPending) return <CardGridSkeleton count={4} />;
  if (liked.isError)
    return <LoadError onRetry={() => void liked.refetch()} message={t('wishlist.loadFailed')} />;
  if (liked.data.items.length === 0)
    return <EmptyState title={t('wishlist.emptyServices')} text={t('wishlist.emptyHint')} />;
  return (
    <>
      <ul className="grid grid-cols-1 gap-4 min-[400px]:grid-cols-2 lg:grid-cols-4">
        {liked.data.items.map((service) => (
          <li key={service.id}>
            <ServiceCard service={service} />
          </li>
        ))}
      </ul>
      <Pagination page={page} pageSize={liked.data.pageSize} total={liked.data.total} onPage={setPage} />
    </>
  );
}

/** /wishlist (logged-in only), tabs Products and Services. */
export default function WishlistPage() {
  const { t } = useTranslation('accounts');
  const [tab, setTab] = useState<WishlistTab>('products');
  const title = t('wishlist.title');
  useDocumentTitle(title);
  return (
    <PageIntro title={title} text={t('wishlist.text')}>
      <Tabs
        label={title}
        value={tab}
        onChange={setTab}
        items={[
          {
            value: 'products',
            label: t('wishlist.tabs.products'),
            content: tab === 'products' ? <LikedProducts /> : null,
          },
          {
            value: 'services',
            label: t('wishlist.tabs.services'),
            content: tab === 'services' ? <LikedServices /> : null,
          },
        ]}
      />
    </PageIntro>
  );
}
