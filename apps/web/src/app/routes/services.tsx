import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageIntro } from '../../components/ui/page-intro';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /services, /services/:category, /services/:category/:subcategory. Placeholder. */
export default function ServicesPage() {
  const { t } = useTranslation('catalog');
  const { category, subcategory } = useParams();
  const name = subcategory ?? category;
  const title = name ? t('serviceCategory.title', { category: name }) : t('services.title');
  useDocumentTitle(title);
  return <PageIntro title={title} text={t('services.text')} />;
}
