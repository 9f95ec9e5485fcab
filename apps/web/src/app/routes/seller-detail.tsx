import { useTranslation } from 'react-i18next';
import { PageIntro } from '../../components/ui/page-intro';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /seller/:slug. Placeholder until its feature issue lands. */
export default function SellerDetailPage() {
  const { t } = useTranslation('sellers');
  const title = t('sellerDetail.title');
  useDocumentTitle(title);
  return <PageIntro title={title} text={t('sellerDetail.text')} />;
}
