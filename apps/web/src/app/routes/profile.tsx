import { useTranslation } from 'react-i18next';
import { PageIntro } from '../../components/ui/page-intro';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /profile (logged-in only). Placeholder until its feature issue lands. */
export default function ProfilePage() {
  const { t } = useTranslation('accounts');
  const title = t('profile.title');
  useDocumentTitle(title);
  return <PageIntro title={title} text={t('profile.text')} />;
}
