import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Pagination } from '../../components/ui/pagination';
import { EmptyState, LoadError } from '../../components/ui/query-states';
import { Skeleton } from '../../components/ui/skeleton';
import { useBlogCategories, useBlogs } from '../../features/content/api/get-blogs';
import { BlogCard } from '../../features/content/components/blog-card';
import { GlobalParagraphBlock } from '../../features/content/components/global-paragraph';
import { cn } from '../../components/ui/cn';
import { useDocumentTitle } from '../../lib/use-document-title';
import { blogCategoryName } from '../../features/content/components/blog-category-name';

const PAGE_SIZE = 12;

/** /blogs: categories, posts (newest first) with reading time, pagination; every state (docs/product.md §8). */
export default function BlogsPage() {
  const { t } = useTranslation('contentPages');
  const [params, setParams] = useSearchParams();
  const category = params.get('category') ?? undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const q = params.get('q')?.trim() || undefined;
  const blogs = useBlogs({ page, pageSize: PAGE_SIZE, category, q });
  const categories = useBlogCategories();
  const title = t('blog.title');
  useDocumentTitle(title);

  const go = (next: { category?: string | undefined; page?: number; q?: string | undefined }) => {
    const search = new URLSearchParams();
    if (next.q) search.set('q', next.q);
    if (next.category) search.set('category', next.category);
    if (next.page && next.page > 1) search.set('page', String(next.page));
    setParams(search);
  };

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">{title}</h1>
      <p className="mt-2 max-w-3xl text-base text-gray-600">{t('blog.intro')}</p>
      <GlobalParagraphBlock path="/blogs" className="mt-3" />
      {q ? <p className="mt-3 text-sm text-gray-700">{t('blog.searchResults', { query: q })}</p> : null}

      <nav aria-label={t('blog.categories')} className="mt-6">
        {categories.isPending ? (
          <div className="flex gap-2" aria-hidden="true">
            {[0, 1, 2, 3].map((n) => (
              <Skeleton key={n} className="h-8 w-24 rounded-full" />
            ))}
          </div>
        ) : categories.data && categories.data.length > 0 ? (
          <ul className="flex flex-wrap gap-2">
            {[undefined, ...categories.data].map((c) => (
              <li key={c ?? 'all'}>
                <button
                  type="button"
                  aria-pressed={category === c}
                  onClick={() => go({ category: c, q })}
                  className={cn(
                    'rounded-full border px-3 py-1 text-sm',
                    category === c
                      ? 'border-maple-700 bg-maple-700 text-white'
                      : 'border-gray-300 text-gray-700 hover:bg-gray-50',
                  )}
                >
                  {c ? blogCategoryName(t, c) : t('blog.allCategories')}
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-gray-600">{t('blog.noCategories')}</p>
        )}
      </nav>

      <div className="mt-8">
        {/* The list waits for the category chips above it: arriving later, they would push it down. */}
        {blogs.isPending || categories.isPending ? (
          <div aria-busy="true" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            <span className="sr-only" role="status">
              {t('blog.loading')}
            </span>
            {Array.from({ length: 6 }, (_, n) => (
              <Skeleton key={n} className="h-72 w-full" />
            ))}
          </div>
        ) : blogs.isError ? (
          <LoadError message={t('blog.loadFailed')} onRetry={() => void blogs.refetch()} />
        ) : blogs.data.items.length === 0 ? (
          <EmptyState
            title={q && !category ? t('blog.emptySearch', { query: q }) : t('blog.empty')}
            action={
              category ? (
                <Button variant="secondary" onClick={() => go({ q })}>
                  {t('blog.allCategories')}
                </Button>
              ) : (
                <Link to="/products" className="inline-block text-maple-700 underline">
                  {t('blog.browseProducts')}
                </Link>
              )
            }
          />
        ) : (
          <>
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {blogs.data.items.map((blog, index) => (
                <li key={blog.id} className="flex">
                  <BlogCard blog={blog} priority={index === 0} />
                </li>
              ))}
            </ul>
            <Pagination
              label={t('blog.pagination')}
              page={page}
              pageSize={blogs.data.pageSize}
              total={blogs.data.total}
              onPage={(next) => go({ category, page: next, q })}
            />
          </>
        )}
      </div>
    </div>
  );
}
