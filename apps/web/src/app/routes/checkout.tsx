import { useTranslation } from 'react-i18next';
import { PageIntro } from '../../components/ui/page-intro';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /checkout (logged-in only). Placeholder until its feature issue lands. */
export default function CheckoutPage() {
  const { t } = useTranslation('payments');
  const title = t('checkout.title');
  useDocumentTitle(title);
  return <PageIntro title={title} text={t('checkout.text')} />;
}
