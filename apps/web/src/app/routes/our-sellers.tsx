import { useTranslation } from 'react-i18next';
import { SellerDirectory } from './sellers';

/** /our-sellers: the verified storefronts, most popular first. */
export default function OurSellersPage() {
  const { t } = useTranslation('sellers');
  return <SellerDirectory title={t('ourSellers.title')} intro={t('ourSellers.text')} verifiedOnly />;
}
