import { useTranslation } from 'react-i18next';
import { PageIntro } from '../../components/ui/page-intro';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /sellers. Placeholder until its feature issue lands. */
export default function SellersPage() {
  const { t } = useTranslation('sellers');
  const title = t('sellers.title');
  useDocumentTitle(title);
  return <PageIntro title={title} text={t('sellers.text')} />;
}
