import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { InstantQuoteTab } from './instant-quote/instant-quote-tab';
import { MaterialsTab } from './materials/materials-tab';
import { MyCncQuotes } from './my-quotes/my-quotes-tab';

export const CNC_TABS = ['instant-quote', 'my-quotes', 'materials'] as const;
export type CncTab = (typeof CNC_TABS)[number];

const isCncTab = (value: string | undefined): value is CncTab =>
  (CNC_TABS as readonly string[]).includes(value ?? '');

export const cncTabPath = (tab: CncTab) => `${paths.cncQuotes}/${tab}`;

/**
 * /cnc-fabrication-quotes (the instant quote, without the footer) and /cnc-fabrication-quotes/{tab}: three tabs as
 * links, so each is an address the browser's back button and a shared link reach (decision 324).
 */
export function CncQuotesPage() {
  const { t } = useTranslation('cncQuotes');
  const { tab: tabParam } = useParams();
  const tab: CncTab | null = tabParam === undefined ? 'instant-quote' : isCncTab(tabParam) ? tabParam : null;
  useDocumentTitle(t(`docTitles.${tab ?? 'instant-quote'}`));

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">{t('title')}</h1>
      <p className="mt-2 max-w-3xl text-gray-600">{t('intro')}</p>
      <nav aria-label={t('tabsLabel')} className="mt-6 border-b border-gray-200">
        <ul className="-mb-px flex flex-wrap gap-x-1">
          {CNC_TABS.map((item) => {
            const current = item === tab;
            return (
              <li key={item}>
                <Link
                  to={cncTabPath(item)}
                  aria-current={current ? 'page' : undefined}
                  className={cn(
                    'inline-block border-b-2 px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-maple-600',
                    current
                      ? 'border-maple-600 text-gray-900'
                      : 'border-transparent text-gray-600 hover:border-gray-300 hover:text-gray-900',
                  )}
                >
                  {t(`tabs.${item}`)}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <section aria-label={tab ? t(`tabs.${tab}`) : undefined} className="py-6">
        {tab === 'instant-quote' ? (
          <InstantQuoteTab />
        ) : tab === 'my-quotes' ? (
          <MyCncQuotes />
        ) : tab === 'materials' ? (
          <MaterialsTab />
        ) : (
          <p role="alert" className="text-gray-700">
            {t('notFoundTab')}
          </p>
        )}
      </section>
    </div>
  );
}
