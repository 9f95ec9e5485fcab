import { useTranslation } from 'react-i18next';
import { PageIntro } from '../../components/ui/page-intro';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /blogs. Placeholder until its feature issue lands. */
export default function BlogsPage() {
  const { t } = useTranslation('content');
  const title = t('blogs.title');
  useDocumentTitle(title);
  return <PageIntro title={title} text={t('blogs.text')} />;
}
