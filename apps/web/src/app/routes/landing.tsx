import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../components/ui/skeleton';
import { useDocumentTitle } from '../../lib/use-document-title';
import { usePopularCategories } from '../../features/catalog/api/get-categories';
import { useHeroSettings, useLandingFeatures } from '../../features/catalog/api/get-home';
import { useFrequentTerms } from '../../features/catalog/api/search';
import { SearchBox } from '../../features/catalog/components/search-box';
import { LoadError } from '../../features/catalog/components/query-states';
import { useRecentSellers, useSellers } from '../../features/sellers/api/sellers';
import { SellerCard, SellerGridSkeleton } from '../../features/sellers/components/seller-views';
import { useBlogs } from '../../features/content/api/get-blogs';
import { BlogCard } from '../../features/content/components/blog-card';

function Section({
  title,
  link,
  linkLabel,
  children,
}: {
  title: string;
  link?: string;
  linkLabel?: string;
  children: React.ReactNode;
}) {
  return (
    <section className="mx-auto max-w-7xl px-4 py-8">
      <div className="mb-4 flex items-end justify-between gap-3">
        <h2 className="text-xl font-bold text-gray-900">{title}</h2>
        {link && linkLabel ? (
          <Link to={link} className="text-sm font-medium text-maple-700 hover:underline">
            {linkLabel}
          </Link>
        ) : null}
      </div>
      {children}
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
  const frequent = useFrequentTerms(8);
  const categories = usePopularCategories(12);
  const recent = useRecentSellers(8);
  const manufacturers = useSellers({
    businessType: 'manufacturer',
    isVerified: 'true',
    sort: 'popular',
    pageSize: 8,
  });
  const blogs = useBlogs({ page: 1, pageSize: 3 });
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

      <Section title={t('landing.popularCategories')} link="/products" linkLabel={t('landing.allProducts')}>
        {categories.isPending ? (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" aria-hidden="true">
            {Array.from({ length: 12 }, (_, i) => (
              <li key={i}>
                <Skeleton className="h-[4.5rem] w-full" />
              </li>
            ))}
          </ul>
        ) : categories.isError ? (
          <LoadError onRetry={() => void categories.refetch()} />
        ) : categories.data.items.length === 0 ? (
          <p className="text-gray-700">{t('landing.noCategories')}</p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
            {categories.data.items.map((category) => (
              <li key={category.id}>
                <Link
                  to={`/products/${category.slug}`}
                  className="block h-full min-h-[4.5rem] rounded-lg border border-gray-200 bg-white p-3 text-sm font-medium text-gray-900 hover:border-maple-600"
                >
                  {fr ? category.nameFr : category.nameEn}
                  <span className="mt-1 block text-xs font-normal text-gray-600">
                    {t('results.count', { count: category.itemCount })}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title={t('landing.recentSellers')} link="/sellers" linkLabel={t('landing.allSellers')}>
        {recent.isPending ? (
          <SellerGridSkeleton count={4} />
        ) : recent.isError ? (
          <LoadError onRetry={() => void recent.refetch()} />
        ) : recent.data.items.length === 0 ? (
          <p className="text-gray-700">{t('landing.noSellers')}</p>
        ) : (
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {recent.data.items.map((seller) => (
              <li key={seller.id}>
                <SellerCard seller={seller} />
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title={t('landing.manufacturers')} link="/our-sellers" linkLabel={t('landing.ourSellers')}>
        {manufacturers.isPending ? (
          <SellerGridSkeleton count={4} />
        ) : manufacturers.isError ? (
          <LoadError onRetry={() => void manufacturers.refetch()} />
        ) : manufacturers.data.items.length === 0 ? (
          <p className="text-gray-700">{t('landing.noSellers')}</p>
        ) : (
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {manufacturers.data.items.map((seller) => (
              <li key={seller.id}>
                <SellerCard seller={seller} />
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title={t('landing.recentBlogs')} link="/blogs" linkLabel={t('landing.allBlogs')}>
        {blogs.isPending ? (
          <Skeleton className="h-48 w-full" />
        ) : blogs.isError ? (
          <LoadError onRetry={() => void blogs.refetch()} message={t('landing.blogsFailed')} />
        ) : blogs.data.items.length === 0 ? (
          <p className="text-gray-700">{t('landing.noBlogs')}</p>
        ) : (
          <ul className="grid gap-4 md:grid-cols-3">
            {blogs.data.items.map((blog) => (
              <li key={blog.id}>
                <BlogCard blog={blog} headingLevel={3} />
              </li>
            ))}
          </ul>
        )}
      </Section>
    </>
  );
}
