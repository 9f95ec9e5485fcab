import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AppLoader, GlobalLoader } from '../behaviours/global-loader';
import { ScrollToTop } from '../behaviours/scroll-to-top';
import { SeoHead } from '../behaviours/seo-head';
import { Footer } from './footer';
import { Header } from './header';
import { InboxLayer } from './inbox-layer';
import { TestPaymentsBanner } from './test-payments-banner';

export const MAIN_CONTENT_ID = 'main-content';

/** Header, main (skip-link target), footer; plus router-bound global behaviours. */
export function DefaultLayout() {
  const { t } = useTranslation('common');
  return (
    <div className="flex min-h-screen flex-col">
      <ScrollToTop />
      <SeoHead />
      <GlobalLoader />
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className="sr-only z-[80] rounded-md bg-white px-4 py-2 text-sm font-medium text-gray-900 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('skipToContent')}
      </a>
      <TestPaymentsBanner />
      <Header />
      {/* At least a screen tall: the footer starts below the fold, so content arriving does not move it (CLS). */}
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="min-h-screen flex-1 focus:outline-none">
        <Suspense fallback={<AppLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <InboxLayer />
    </div>
  );
}
