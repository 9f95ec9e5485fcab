import { useTranslation } from 'react-i18next';
import { LogoLoader } from '../../components/ui/logo-loader';
import { useInitialCheckPending } from '../../features/auth/hooks/use-session-check';
import { useScreenLoading } from '../screen-loading';

/** The full-screen logo loader, translated (used as Suspense / hydrate fallback too). */
export function AppLoader() {
  const { t } = useTranslation('common');
  return <LogoLoader label={t('loader.label')} />;
}

/**
 * docs/product.md §2: the logo loader shows during the first login check (session store `isInitialCheckPending`; only
 * with the session hint cookie, decision 221) and while a navigation is pending (a lazy route chunk loading).
 */
export function GlobalLoader() {
  const screenLoading = useScreenLoading();
  const checking = useInitialCheckPending();
  return checking || screenLoading ? <AppLoader /> : null;
}
