import { useTranslation } from 'react-i18next';
import { PageIntro } from '../../components/ui/page-intro';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /productdetails/:slug. Placeholder until its feature issue lands. */
export default function ProductDetailPage() {
  const { t } = useTranslation('catalog');
  const title = t('productDetail.title');
  useDocumentTitle(title);
  return <PageIntro title={title} text={t('productDetail.text')} />;
}
