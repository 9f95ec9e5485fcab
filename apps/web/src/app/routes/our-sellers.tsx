import { useTranslation } from 'react-i18next';
import { PageIntro } from '../../components/ui/page-intro';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /our-sellers. Placeholder until its feature issue lands. */
export default function OurSellersPage() {
  const { t } = useTranslation('sellers');
  const title = t('ourSellers.title');
  useDocumentTitle(title);
  return <PageIntro title={title} text={t('ourSellers.text')} />;
}
