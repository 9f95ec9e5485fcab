import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /global-quote (docs/product.md §2): coming-soon page. */
export default function GlobalQuotePage() {
  const { t } = useTranslation('contentPages');
  const title = t('globalQuote.title');
  useDocumentTitle(title);
  return (
    <div className="mx-auto flex max-w-3xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <p className="rounded-full bg-maple-50 px-3 py-1 text-sm font-semibold text-maple-700">
        {t('globalQuote.badge')}
      </p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl">{title}</h1>
      <p className="mt-4 text-base text-gray-600">{t('globalQuote.text')}</p>
      <ul className="mt-8 grid w-full gap-3 text-left sm:grid-cols-3">
        {(['one', 'two', 'three'] as const).map((key) => (
          <li key={key} className="rounded-lg border border-gray-200 p-4 text-sm text-gray-700">
            {t(`globalQuote.points.${key}`)}
          </li>
        ))}
      </ul>
      <p className="mt-8 text-sm text-gray-600">{t('globalQuote.meanwhile')}</p>
      <div className="mt-4 flex flex-wrap justify-center gap-3">
        <Link to={paths.products} className={buttonClasses('primary', 'md')}>
          {t('globalQuote.browse')}
        </Link>
        <Link to={paths.sellers} className={buttonClasses('secondary', 'md')}>
          {t('globalQuote.sellers')}
        </Link>
      </div>
    </div>
  );
}
