import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LogoMark } from '../../components/ui/logo';
import { paths } from '../../config/paths';

/** docs/product.md §2: the footer is hidden on the CNC quotes base path only (not on its tabs). */
export function isFooterHidden(pathname: string): boolean {
  return pathname.replace(/\/+$/, '') === paths.cncQuotes;
}

const columns = [
  {
    heading: 'footer.marketplace',
    links: [
      { to: paths.products, key: 'footer.products' },
      { to: paths.services, key: 'footer.services' },
      { to: paths.sellers, key: 'footer.sellers' },
      { to: paths.claimStores, key: 'footer.claimStores' },
      { to: paths.blogs, key: 'footer.blogs' },
    ],
  },
  {
    heading: 'footer.quotes',
    links: [
      { to: paths.globalQuote, key: 'footer.globalQuote' },
      { to: paths.cncQuotes, key: 'footer.cncQuotes' },
    ],
  },
  {
    heading: 'footer.company',
    links: [
      { to: paths.terms, key: 'footer.terms' },
      { to: paths.privacy, key: 'footer.privacy' },
    ],
  },
] as const;

export function Footer() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  if (isFooterHidden(pathname)) return null;
  return (
    <footer className="border-t border-gray-200 bg-gray-50">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-4 lg:px-8">
        <div className="md:col-span-1">
          <div className="flex items-center gap-2">
            <LogoMark className="h-7 w-7" />
            <span className="font-bold text-gray-900">{t('appName')}</span>
          </div>
          <p className="mt-3 text-sm text-gray-600">{t('footer.about')}</p>
        </div>
        {columns.map((column) => (
          <nav key={column.heading} aria-label={t(column.heading)}>
            <h2 className="text-sm font-semibold text-gray-900">{t(column.heading)}</h2>
            <ul className="mt-3 space-y-2">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="text-sm text-gray-600 hover:text-maple-700 hover:underline">
                    {t(link.key)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-gray-200">
        <div className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-4 text-xs text-gray-600 sm:flex-row sm:justify-between sm:px-6 lg:px-8">
          <address className="not-italic">{t('footer.address')}</address>
          <p>{t('footer.copyright', { year: 2026 })}</p>
        </div>
      </div>
    </footer>
  );
}
