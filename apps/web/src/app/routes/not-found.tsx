import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../../components/ui/button';
import { LogoMark } from '../../components/ui/logo';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { SearchForm } from '../layouts/search-form';

const popular = [
  { to: paths.products, key: 'header.products' },
  { to: paths.services, key: 'header.services' },
  { to: paths.sellers, key: 'header.sellers' },
  { to: paths.blogs, key: 'header.blogs' },
] as const;

/** Any unknown path: helpful page with search, home link and popular destinations. */
export default function NotFoundPage() {
  const { t } = useTranslation('common');
  useDocumentTitle(t('notFound.title'));
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <LogoMark className="h-12 w-12" />
      <p className="mt-6 text-sm font-semibold tracking-wide text-maple-700">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-gray-900">{t('notFound.title')}</h1>
      <p className="mt-4 text-base text-gray-600">{t('notFound.text')}</p>
      <SearchForm
        className="mt-8 max-w-md"
        label={t('notFound.searchLabel')}
        placeholder={t('header.searchPlaceholder')}
        submitLabel={t('notFound.searchSubmit')}
      />
      <Link to={paths.home} className={buttonClasses('primary', 'md', 'mt-6')}>
        {t('notFound.home')}
      </Link>
      <nav aria-label={t('notFound.popular')} className="mt-10">
        <h2 className="text-sm font-semibold text-gray-900">{t('notFound.popular')}</h2>
        <ul className="mt-3 flex flex-wrap justify-center gap-x-6 gap-y-2">
          {popular.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="text-sm text-maple-700 hover:underline">
                {t(link.key)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
