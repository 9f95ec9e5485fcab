import { useTranslation } from 'react-i18next';
import { PageIntro } from '../../components/ui/page-intro';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /service/:slug. Placeholder until its feature issue lands. */
export default function ServiceDetailPage() {
  const { t } = useTranslation('catalog');
  const title = t('serviceDetail.title');
  useDocumentTitle(title);
  return <PageIntro title={title} text={t('serviceDetail.text')} />;
}
