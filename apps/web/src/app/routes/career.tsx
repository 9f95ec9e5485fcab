import { useTranslation } from 'react-i18next';
import { CareerScreen } from '../../features/careers/components/career-screen';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /career (logged-in only): apply, see and manage the own application, or search the résumé database. */
export default function CareerPage() {
  const { t } = useTranslation('careers');
  useDocumentTitle(t('career.title'));
  return <CareerScreen />;
}
