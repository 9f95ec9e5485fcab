import { useTranslation } from 'react-i18next';
import { PageIntro } from '../../components/ui/page-intro';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /about-{product}. Placeholder. */
export default function AboutPage({ product }: { product: string }) {
  const { t } = useTranslation('content');
  const title = t('about.title', { product });
  useDocumentTitle(title);
  return <PageIntro title={title} text={t('about.text')} />;
}
