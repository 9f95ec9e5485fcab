import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../../components/ui/button';
import { LoadingState } from '../../components/ui/query-states';
import { paths, productSearchPath } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCategories } from '../../features/catalog/api/get-categories';
import type { CategoryTreeNode } from '@maplesource/contracts/catalog';

/** `about-steel-brackets` → `steel brackets`. */
export function productLabel(slug: string): string {
  return slug.replace(/[-_]+/g, ' ').replace(/\s+/g, ' ').trim();
}

/** The product category (or subcategory) whose slug is `slug`, with the path of its listing. */
function findCategory(tree: CategoryTreeNode[], slug: string) {
  for (const parent of tree) {
    if (parent.slug === slug) return { category: parent, path: `/products/${parent.slug}` };
    const child = parent.children.find((c) => c.slug === slug);
    if (child) return { category: child, path: `/products/${parent.slug}/${child.slug}` };
  }
  return null;
}

/**
 * /about-{product}: a public landing page about one product kind (docs/decisions: about-{product}
 * pages are public), linking into search and the seller directory.
 */
export default function AboutPage({ product }: { product: string }) {
  const { t, i18n } = useTranslation('contentPages');
  const fr = i18n.language.startsWith('fr');
  const categories = useCategories('product');
  // A slug of the catalogue (`about-aluminum-extrusions`) is named as the catalogue names it, in the page language.
  const known = findCategory(categories.data?.items ?? [], product);
  const label = known ? (fr ? known.category.nameFr : known.category.nameEn) : productLabel(product);
  const searchPath = known ? known.path : productSearchPath(label);
  const title = t('about.title', { product: label });
  useDocumentTitle(title);
  // Until the catalogue's names arrive the page would name the slug in English on a French page: a skeleton
  // instead (if they cannot be read, the slug's words are the name).
  if (categories.isPending)
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6">
        <LoadingState lines={6} />
      </div>
    );
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight text-gray-900 first-letter:uppercase sm:text-3xl">
        {title}
      </h1>
      <p className="mt-3 text-base text-gray-600">{t('about.text', { product: label })}</p>
      <section aria-labelledby="about-what" className="mt-8">
        <h2 id="about-what" className="text-xl font-semibold text-gray-900">
          {t('about.whatTitle', { product: label })}
        </h2>
        <p className="mt-3 text-base leading-7 text-gray-700">{t('about.what', { product: label })}</p>
      </section>
      <section aria-labelledby="about-how" className="mt-8">
        <h2 id="about-how" className="text-xl font-semibold text-gray-900">
          {t('about.howTitle')}
        </h2>
        <ol className="mt-3 list-decimal space-y-2 pl-6 text-base leading-7 text-gray-700">
          {(['one', 'two', 'three'] as const).map((key) => (
            <li key={key}>{t(`about.steps.${key}`, { product: label })}</li>
          ))}
        </ol>
      </section>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link to={searchPath} className={buttonClasses('primary', 'md')}>
          {t('about.search', { product: label })}
        </Link>
        <Link to={paths.sellers} className={buttonClasses('secondary', 'md')}>
          {t('about.sellers')}
        </Link>
      </div>
    </div>
  );
}
