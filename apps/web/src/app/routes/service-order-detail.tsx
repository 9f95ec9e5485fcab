import { useTranslation } from 'react-i18next';
import { PageIntro } from '../../components/ui/page-intro';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /service-order/:orderId (logged-in only). Placeholder until its feature issue lands. */
export default function ServiceOrderDetailPage() {
  const { t } = useTranslation('orders');
  const title = t('serviceOrderDetail.title');
  useDocumentTitle(title);
  return <PageIntro title={title} text={t('serviceOrderDetail.text')} />;
}
