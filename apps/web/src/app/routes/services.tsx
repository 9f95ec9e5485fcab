import { Link, Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { categoryListingHead } from '@maplesource/contracts/listing-head';
import { useDocumentTitle } from '../../lib/use-document-title';
import { usePageHead } from '../../lib/use-page-head';
import { useCategories } from '../../features/catalog/api/get-categories';
import { ServiceBrowser } from '../../features/catalog/components/product-browser';
import { CardGridSkeleton } from '../../features/catalog/components/product-card';
import { LoadError } from '../../components/ui/query-states';
import { GlobalParagraphBlock } from '../../features/content/components/global-paragraph';

/** /services, /services/:category, /services/:category/:subcategory: category chips, then the filtered listing. */
export default function ServicesPage() {
  const { t, i18n } = useTranslation('catalog');
  const { category, subcategory } = useParams();
  const fr = i18n.language.startsWith('fr');
  const categories = useCategories('service');
  const parent = categories.data?.items.find((c) => c.slug === category);
  const child = parent?.children.find((c) => c.slug === subcategory);
  const title = child
    ? fr
      ? child.nameFr
      : child.nameEn
    : parent
      ? fr
        ? parent.nameFr
        : parent.nameEn
      : t('services.title');
  const head = parent
    ? categoryListingHead({
        section: 'services',
        language: fr ? 'fr' : 'en',
        category: parent,
        subcategory: child,
      })
    : null;
  useDocumentTitle(head ? undefined : title);
  usePageHead(head); // the same title and description the server renders for this listing
  if (category) {
    if (categories.isPending) return <CardGridSkeleton />;
    if (categories.isError) return <LoadError onRetry={() => void categories.refetch()} />;
    if (!parent || (subcategory && !child)) return <Navigate to="/services" replace />;
  }
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      {categories.data ? (
        <nav aria-label={t('services.categories')} className="mb-4 flex flex-wrap gap-2">
          {categories.data.items.map((c) => (
            <Link
              key={c.slug}
              to={`/services/${c.slug}`}
              aria-current={c.slug === category ? 'page' : undefined}
              className={`rounded-full border px-3 py-1 text-sm ${c.slug === category ? 'border-maple-600 bg-maple-50' : 'border-gray-300'}`}
            >
              {fr ? c.nameFr : c.nameEn}
            </Link>
          ))}
        </nav>
      ) : null}
      <ServiceBrowser
        key={`${category ?? ''}/${subcategory ?? ''}`}
        title={title}
        category={category}
        subcategory={subcategory}
      />
      <GlobalParagraphBlock className="mt-10" />
    </div>
  );
}
