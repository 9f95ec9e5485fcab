import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import type { SellerSummary } from '@maplesource/contracts/catalog';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../components/ui/skeleton';
import { useFormat } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useNearViewport } from '../../lib/use-near-viewport';
import { usePopularCategories } from '../../features/catalog/api/get-categories';
import { useHeroSettings, useLandingFeatures } from '../../features/catalog/api/get-home';
import { useFrequentTerms } from '../../features/catalog/api/search';
import { SearchBox } from '../../features/catalog/components/search-box';
import { LoadError } from '../../components/ui/query-states';
import { useRecentSellers, useSellers } from '../../features/sellers/api/sellers';
import { SellerCard, SellerGridSkeleton } from '../../features/sellers/components/seller-views';
import { useBlogs } from '../../features/content/api/get-blogs';
import { BlogCard } from '../../features/content/components/blog-card';

/**
 * A landing section below the fold: its heading renders at once, its content (and the request behind it) only
 * when the visitor scrolls near it, so the first screen is not held up rendering what nobody sees yet.
 * `placeholder` keeps the content's height meanwhile.
 */
function Section({
  title,
  link,
  linkLabel,
  placeholder,
  children,
}: {
  title: string;
  link?: string;
  linkLabel?: string;
  placeholder: ReactNode;
  children: ReactNode;
}) {
  const [ref, near] = useNearViewport<HTMLElement>();
  return (
    <section ref={ref} className="mx-auto max-w-7xl px-4 py-8">
      <div className="mb-4 flex items-end justify-between gap-3">
        <h2 className="text-xl font-bold text-gray-900">{title}</h2>
        {link && linkLabel ? (
          <Link to={link} className="text-sm font-medium text-maple-700 hover:underline">
            {linkLabel}
          </Link>
        ) : null}
      </div>
      {near ? children : placeholder}
    </section>
  );
}

/** /: hero (buy Canadian, B2B hub), search, frequently searched, popular categories, sellers, blogs. */
export default function LandingPage() {
  const { t, i18n } = useTranslation('catalog');
  const fr = i18n.language.startsWith('fr');
  useDocumentTitle(t('landing.documentTitle'));
  const hero = useHeroSettings();
  const features = useLandingFeatures();
  const frequent = useFrequentTerms(8, fr ? 'fr' : 'en');
  return (
    <>
      <section className="bg-gradient-to-b from-maple-50 to-white">
        <div className="mx-auto max-w-4xl px-4 py-12 text-center sm:py-16">
          <h1 className="text-3xl font-extrabold tracking-tight text-gray-900 sm:text-4xl">
            {hero.data ? (fr ? hero.data.titleFr : hero.data.titleEn) : t('landing.heroTitle')}
          </h1>
          {/* Heights reserved for the answers below so they do not shift the page (CLS, decision 041). */}
          <p className="mt-3 min-h-[5.25rem] text-lg text-gray-700 sm:min-h-[3.5rem]">
            {hero.data ? (fr ? hero.data.subtitleFr : hero.data.subtitleEn) : t('landing.heroText')}
          </p>
          <div className="mx-auto mt-6 max-w-2xl text-left">
            <SearchBox />
          </div>
          {/* Frequently searched: chip skeletons while loading, "try again later" + retry on failure. */}
          {frequent.isPending ? (
            <div
              className="mt-4 min-h-[7.5rem] sm:min-h-[5.5rem]"
              aria-hidden="true"
              data-testid="frequent-loading"
            >
              <Skeleton className="mx-auto h-5 w-40" />
              <div className="mt-2 flex flex-wrap justify-center gap-2">
                {Array.from({ length: 8 }, (_, i) => (
                  <Skeleton key={i} className="h-8 w-24 rounded-full" />
                ))}
              </div>
            </div>
          ) : frequent.isError ? (
            <div className="mx-auto mt-4 min-h-[7.5rem] max-w-md sm:min-h-[5.5rem]">
              <LoadError
                compact
                message={t('landing.frequentFailed')}
                onRetry={() => void frequent.refetch()}
              />
            </div>
          ) : frequent.data.items.length > 0 ? (
            <div className="mt-4 min-h-[7.5rem] sm:min-h-[5.5rem]">
              <h2 className="text-sm font-medium text-gray-700">{t('landing.frequent')}</h2>
              <ul className="mt-2 flex flex-wrap justify-center gap-2">
                {frequent.data.items.map((item) => (
                  <li key={item.term}>
                    <Link
                      to={`/products?q=${encodeURIComponent(item.term)}`}
                      className="inline-block rounded-full border border-gray-300 bg-white px-3 py-1 text-sm text-gray-800 hover:border-maple-600"
                    >
                      {item.term}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
        {features.isPending ? (
          <ul
            className="mx-auto grid max-w-7xl gap-4 px-4 pb-8 sm:grid-cols-2 lg:grid-cols-4"
            aria-hidden="true"
            data-testid="features-loading"
          >
            {Array.from({ length: 4 }, (_, i) => (
              <li key={i}>
                <Skeleton className="h-24 w-full" />
              </li>
            ))}
          </ul>
        ) : features.isError ? (
          <div className="mx-auto max-w-md px-4 pb-8">
            <LoadError
              compact
              message={t('landing.featuresFailed')}
              onRetry={() => void features.refetch()}
            />
          </div>
        ) : (
          <ul className="mx-auto grid max-w-7xl gap-4 px-4 pb-8 sm:grid-cols-2 lg:grid-cols-4">
            {features.data.items.map((feature) => (
              <li key={feature.id} className="min-h-24 rounded-lg border border-gray-200 bg-white p-4">
                <h2 className="font-semibold text-gray-900">{fr ? feature.titleFr : feature.titleEn}</h2>
                <p className="mt-1 text-sm text-gray-700">{fr ? feature.bodyFr : feature.bodyEn}</p>
              </li>
            ))}
          </ul>
        )}
      </section>

      <Section
        title={t('landing.popularCategories')}
        link="/products"
        linkLabel={t('landing.allProducts')}
        placeholder={<CategoryGridSkeleton />}
      >
        <PopularCategories />
      </Section>
      <Section
        title={t('landing.recentSellers')}
        link="/sellers"
        linkLabel={t('landing.allSellers')}
        placeholder={<SellerGridSkeleton count={4} />}
      >
        <RecentSellers />
      </Section>
      <Section
        title={t('landing.manufacturers')}
        link="/our-sellers"
        linkLabel={t('landing.ourSellers')}
        placeholder={<SellerGridSkeleton count={4} />}
      >
        <Manufacturers />
      </Section>
      <Section
        title={t('landing.recentBlogs')}
        link="/blogs"
        linkLabel={t('landing.allBlogs')}
        placeholder={<Skeleton className="h-48 w-full" />}
      >
        <RecentBlogs />
      </Section>
    </>
  );
}

function CategoryGridSkeleton() {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" aria-hidden="true">
      {Array.from({ length: 12 }, (_, i) => (
        <li key={i}>
          <Skeleton className="h-[4.5rem] w-full" />
        </li>
      ))}
    </ul>
  );
}

function PopularCategories() {
  const { t, i18n } = useTranslation('catalog');
  const format = useFormat();
  const fr = i18n.language.startsWith('fr');
  const categories = usePopularCategories(12);
  if (categories.isPending) return <CategoryGridSkeleton />;
  if (categories.isError) return <LoadError onRetry={() => void categories.refetch()} />;
  if (categories.data.items.length === 0) return <p className="text-gray-700">{t('landing.noCategories')}</p>;
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      {categories.data.items.map((category) => (
        <li key={category.id}>
          <Link
            to={`/products/${category.slug}`}
            className="block h-full min-h-[4.5rem] rounded-lg border border-gray-200 bg-white p-3 text-sm font-medium text-gray-900 hover:border-maple-600"
          >
            {fr ? category.nameFr : category.nameEn}
            <span className="mt-1 block text-xs font-normal text-gray-600">
              {t('results.count', {
                count: category.itemCount,
                formatted: format.number(category.itemCount),
              })}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function SellerGrid({ query }: { query: UseQueryResult<{ items: SellerSummary[] }> }) {
  const { t } = useTranslation('catalog');
  if (query.isPending) return <SellerGridSkeleton count={4} />;
  if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
  if (query.data.items.length === 0) return <p className="text-gray-700">{t('landing.noSellers')}</p>;
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
      {query.data.items.map((seller) => (
        <li key={seller.id}>
          <SellerCard seller={seller} />
        </li>
      ))}
    </ul>
  );
}

function RecentSellers() {
  return <SellerGrid query={useRecentSellers(8)} />;
}

function Manufacturers() {
  return (
    <SellerGrid
      query={useSellers({ businessType: 'manufacturer', isVerified: 'true', sort: 'popular', pageSize: 8 })}
    />
  );
}

function RecentBlogs() {
  const { t } = useTranslation('catalog');
  const blogs = useBlogs({ page: 1, pageSize: 3 });
  if (blogs.isPending) return <Skeleton className="h-48 w-full" />;
  if (blogs.isError) {
    return <LoadError onRetry={() => void blogs.refetch()} message={t('landing.blogsFailed')} />;
  }
  if (blogs.data.items.length === 0) return <p className="text-gray-700">{t('landing.noBlogs')}</p>;
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      {blogs.data.items.map((blog) => (
        <li key={blog.id}>
          <BlogCard blog={blog} headingLevel={3} />
        </li>
      ))}
    </ul>
  );
}
