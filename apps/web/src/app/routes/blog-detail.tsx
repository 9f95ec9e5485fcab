import { useTranslation } from 'react-i18next';
import { PageIntro } from '../../components/ui/page-intro';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /blog/:slug. Placeholder until its feature issue lands. */
export default function BlogDetailPage() {
  const { t } = useTranslation('content');
  const title = t('blogDetail.title');
  useDocumentTitle(title);
  return <PageIntro title={title} text={t('blogDetail.text')} />;
}
