import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '../../../components/ui/query-states';
import { Tabs } from '../../../components/ui/tabs';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AuditLogPanel } from './audit-log-panel';
import { BlogsPanel } from './blogs-panel';
import { CataloguePanel } from './catalogue-panel';
import { EmployersPanel } from './employers-panel';
import { LandingPanel } from './landing-panel';
import { MoneyPanel } from './money-panel';
import { PaymentReviewsPanel } from './payment-reviews-panel';
import { GlobalParagraphsPanel } from './global-paragraphs-panel';
import { SeoEntriesPanel } from './seo-entries-panel';
import { SellerApplicationsPanel } from './seller-applications-panel';
import { StorefrontClaimsPanel } from './storefront-claims-panel';

// Only the admins who open the tab load the rates' form (and the contracts' CNC schemas it checks with).
const CncRatesPanel = lazy(() => import('./cnc-rates-panel').then((m) => ({ default: m.CncRatesPanel })));

type Tab =
  | 'seo'
  | 'paragraphs'
  | 'blogs'
  | 'landing'
  | 'catalogue'
  | 'employers'
  | 'sellerApplications'
  | 'storefrontClaims'
  | 'paymentReviews'
  | 'money'
  | 'cncRates'
  | 'audit';

/** The admin console: requests carry `role: admin`; the server answers 401/403 otherwise. */
export function AdminConsole() {
  const { t } = useTranslation('admin');
  const [tab, setTab] = useState<Tab>('seo');
  useDocumentTitle(t('title'));
  return (
    <div className="min-h-screen bg-white">
      <header className="border-b border-gray-200 bg-gray-900 px-4 py-3 text-white sm:px-6">
        <div className="mx-auto flex max-w-6xl items-center justify-between">
          <p className="font-semibold">{t('title')}</p>
          <Link to="/" className="text-sm underline">
            {t('backToSite')}
          </Link>
        </div>
      </header>
      <main id="main-content" className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
        <h1 className="text-2xl font-bold text-gray-900">{t('title')}</h1>
        <p className="mt-1 text-sm text-gray-600">{t('intro')}</p>
        {/* The tab list scrolls by itself on a phone (320 px) rather than the page sideways. */}
        <Tabs
          className="mt-6 [&>[role=tablist]]:overflow-x-auto"
          label={t('sections')}
          value={tab}
          onChange={setTab}
          items={[
            { value: 'seo', label: t('seo.title'), content: <SeoEntriesPanel /> },
            { value: 'paragraphs', label: t('paragraphs.title'), content: <GlobalParagraphsPanel /> },
            { value: 'blogs', label: t('blogs.title'), content: <BlogsPanel /> },
            { value: 'landing', label: t('landing.title'), content: <LandingPanel /> },
            { value: 'catalogue', label: t('catalogue.title'), content: <CataloguePanel /> },
            { value: 'employers', label: t('employers.title'), content: <EmployersPanel /> },
            {
              value: 'sellerApplications',
              label: t('sellerApplications.title'),
              content: <SellerApplicationsPanel />,
            },
            {
              value: 'storefrontClaims',
              label: t('storefrontClaims.title'),
              content: <StorefrontClaimsPanel />,
            },
            { value: 'paymentReviews', label: t('paymentReviews.title'), content: <PaymentReviewsPanel /> },
            { value: 'money', label: t('money.title'), content: <MoneyPanel /> },
            {
              value: 'cncRates',
              label: t('cncRates.title'),
              content: (
                <Suspense fallback={<LoadingState label={t('cncRates.loading')} />}>
                  <CncRatesPanel />
                </Suspense>
              ),
            },
            { value: 'audit', label: t('audit.title'), content: <AuditLogPanel /> },
          ]}
        />
      </main>
    </div>
  );
}
