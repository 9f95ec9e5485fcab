import { useState } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCategories } from '../../features/catalog/api/get-categories';
import { useServices } from '../../features/catalog/api/get-services';
import { CardGridSkeleton, ServiceCard } from '../../features/catalog/components/product-card';
import { Pagination } from '../../features/catalog/components/pagination';
import { EmptyState, LoadError } from '../../features/catalog/components/query-states';
import { GlobalParagraphBlock } from '../../features/content/components/global-paragraph';

/** /services, /services/:category, /services/:category/:subcategory. */
export default function ServicesPage() {
  const { t, i18n } = useTranslation('catalog');
  const { category, subcategory } = useParams();
  const [params] = useSearchParams();
  const [page, setPage] = useState(1);
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
  useDocumentTitle(title);
  const q = params.get('q') ?? undefined;
  const services = useServices({
    q,
    category,
    subcategories: subcategory ? [subcategory] : undefined,
    page,
    pageSize: 24,
  });
  if (category && categories.isSuccess && (!parent || (subcategory && !child)))
    return <Navigate to="/services" replace />;
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <h1 className="text-2xl font-bold text-gray-900">{title}</h1>
      {categories.data ? (
        <nav aria-label={t('services.categories')} className="mt-3 flex flex-wrap gap-2">
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
      <div className="mt-4">
        {services.isPending ? (
          <CardGridSkeleton />
        ) : services.isError ? (
          <LoadError onRetry={() => void services.refetch()} />
        ) : services.data.items.length === 0 ? (
          <EmptyState title={t('results.empty')} text={t('results.emptyHint')} />
        ) : (
          <>
            <ul className="grid grid-cols-1 gap-4 min-[400px]:grid-cols-2 lg:grid-cols-4">
              {services.data.items.map((service) => (
                <li key={service.id}>
                  <ServiceCard service={service} />
                </li>
              ))}
            </ul>
            <Pagination
              page={page}
              pageSize={services.data.pageSize}
              total={services.data.total}
              onPage={setPage}
            />
          </>
        )}
      </div>
      <GlobalParagraphBlock className="mt-10" />
    </div>
  );
}
