import { useTranslation } from 'react-i18next';
import { PageIntro } from '../../components/ui/page-intro';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /career (logged-in only). Placeholder until its feature issue lands. */
export default function CareerPage() {
  const { t } = useTranslation('careers');
  const title = t('career.title');
  useDocumentTitle(title);
  return <PageIntro title={title} text={t('career.text')} />;
}
