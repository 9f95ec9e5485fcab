import { useTranslation } from 'react-i18next';
import { PageIntro } from '../../components/ui/page-intro';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /my-orders (logged-in only). Placeholder until its feature issue lands. */
export default function MyOrdersPage() {
  const { t } = useTranslation('orders');
  const title = t('myOrders.title');
  useDocumentTitle(title);
  return <PageIntro title={title} text={t('myOrders.text')} />;
}
