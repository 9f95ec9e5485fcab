import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageIntro } from '../../components/ui/page-intro';
import { Tabs } from '../../components/ui/tabs';
import { useDocumentTitle } from '../../lib/use-document-title';

type WishlistTab = 'products' | 'services';

/** /wishlist (logged-in only), tabs Products and Services. Placeholder. */
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
          { value: 'products', label: t('wishlist.tabs.products'), content: null },
          { value: 'services', label: t('wishlist.tabs.services'), content: null },
        ]}
      />
    </PageIntro>
  );
}
