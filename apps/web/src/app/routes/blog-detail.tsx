import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../components/ui/query-states';
import { Skeleton, SkeletonText } from '../../components/ui/skeleton';
import { useBlog } from '../../features/content/api/get-blog';
import { useBlogs } from '../../features/content/api/get-blogs';
import { BlogCard } from '../../features/content/components/blog-card';
import { renderMarkdown } from '../../lib/markdown';
import { formatDate } from '../../lib/format';
import { isApiError } from '../../lib/http';
import { useDocumentTitle } from '../../lib/use-document-title';
import { blogCategoryName } from '../../features/content/components/blog-category-name';

/** /blog/:slug: the article (Markdown, rendered safely), reading time, category and related posts. */
export default function BlogDetailPage() {
  const { slug = '' } = useParams();
  const { t, i18n } = useTranslation('contentPages');
  const fr = i18n.language.startsWith('fr');
  const blog = useBlog(slug);
  // Related posts are the post's category: asked for once the post is here, not first without a category.
  const related = useBlogs(
    { page: 1, pageSize: 4, category: blog.data?.category },
    { enabled: blog.isSuccess },
  );
  const html = useMemo(
    () => (blog.data ? renderMarkdown(fr ? blog.data.bodyFr : blog.data.bodyEn) : ''),
    [blog.data, fr],
  );
  const title = blog.data ? (fr ? blog.data.titleFr : blog.data.titleEn) : t('blog.articleTitle');
  useDocumentTitle(title);

  if (blog.isPending) {
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6" aria-busy="true">
        <span className="sr-only" role="status">
          {t('blog.loading')}
        </span>
        <Skeleton className="h-8 w-3/4" />
        <Skeleton className="mt-6 aspect-video w-full" />
        <div className="mt-6">
          <SkeletonText lines={8} />
        </div>
      </div>
    );
  }
  if (blog.isError) {
    const missing = isApiError(blog.error) && blog.error.status === 404;
    return (
      <div className="mx-auto max-w-2xl px-4 py-16 text-center">
        {missing ? (
          <div role="alert">
            <h1 className="text-2xl font-bold text-gray-900">{t('blog.notFound')}</h1>
            <Link to="/blogs" className="mt-6 inline-block text-maple-700 underline">
              {t('blog.backToBlogs')}
            </Link>
          </div>
        ) : (
          <>
            <h1 className="sr-only">{t('blog.title')}</h1>
            <LoadError message={t('blog.loadFailed')} onRetry={() => void blog.refetch()} />
          </>
        )}
      </div>
    );
  }

  const post = blog.data;
  const others = (related.data?.items ?? []).filter((b) => b.slug !== post.slug).slice(0, 3);
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <article className="mx-auto max-w-3xl" lang={fr ? 'fr' : 'en'}>
        <Link to="/blogs" className="text-sm text-maple-700 hover:underline">
          {t('blog.backToBlogs')}
        </Link>
        <p className="mt-4 text-xs font-semibold tracking-wide text-maple-700 uppercase">
          {blogCategoryName(t, post.category)}
        </p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight text-gray-900">{title}</h1>
        <p className="mt-2 text-sm text-gray-600">
          <time dateTime={post.publishedAt}>{formatDate(post.publishedAt, i18n.language)}</time> ·{' '}
          {t('blog.readingTime', { count: post.readingMinutes })}
        </p>
        <img
          src={post.coverUrl}
          alt=""
          width={1280}
          height={720}
          className="mt-6 aspect-video w-full rounded-lg bg-gray-100 object-cover"
        />
        <div
          className="prose-blog mt-8 space-y-4 text-base leading-7 text-gray-800 [&_a]:text-maple-700 [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-gray-200 [&_blockquote]:pl-4 [&_h2]:mt-8 [&_h2]:text-2xl [&_h2]:font-semibold [&_h3]:mt-6 [&_h3]:text-xl [&_h3]:font-semibold [&_img]:rounded-lg [&_ol]:list-decimal [&_ol]:pl-6 [&_pre]:overflow-x-auto [&_pre]:rounded [&_pre]:bg-gray-100 [&_pre]:p-3 [&_ul]:list-disc [&_ul]:pl-6"
          // Safe: renderMarkdown escapes the source and emits only its own tags (lib/markdown.ts).
          dangerouslySetInnerHTML={{ __html: html }}
        />
      </article>
      <section aria-labelledby="related-posts" className="mx-auto mt-16 max-w-5xl">
        <h2 id="related-posts" className="text-xl font-semibold text-gray-900">
          {t('blog.related')}
        </h2>
        {related.isPending ? (
          <Skeleton className="mt-4 h-40 w-full" />
        ) : others.length === 0 ? (
          <p className="mt-4 text-sm text-gray-600">{t('blog.noRelated')}</p>
        ) : (
          <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {others.map((b) => (
              <li key={b.id} className="flex">
                <BlogCard blog={b} headingLevel={3} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
