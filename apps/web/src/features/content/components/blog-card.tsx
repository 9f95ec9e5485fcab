import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { BlogCard as BlogCardData } from '@maplesource/contracts/catalog';
import { formatDate } from '../../../lib/format';
import { blogCategoryName } from './blog-category-name';

export const blogPath = (slug: string) => `/blog/${encodeURIComponent(slug)}`;

/**
 * One post in a list: cover, category, title, excerpt, date and reading time. `priority`: the list's first cover,
 * its largest paint on a phone, loads at once instead of lazily.
 */
export function BlogCard({
  blog,
  headingLevel = 2,
  priority = false,
}: {
  blog: BlogCardData;
  headingLevel?: 2 | 3;
  priority?: boolean;
}) {
  const { t, i18n } = useTranslation('contentPages');
  const fr = i18n.language.startsWith('fr');
  const title = fr ? blog.titleFr : blog.titleEn;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="flex flex-col overflow-hidden rounded-lg border border-gray-200 bg-white">
      <img
        src={blog.coverUrl}
        alt=""
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        width={640}
        height={360}
        className="aspect-video w-full bg-gray-100 object-cover"
      />
      <div className="flex flex-1 flex-col p-4">
        <p className="text-xs font-semibold tracking-wide text-maple-700 uppercase">
          {blogCategoryName(t, blog.category)}
        </p>
        <Heading className="mt-1 text-lg font-semibold text-gray-900">
          <Link to={blogPath(blog.slug)} className="hover:underline">
            {title}
          </Link>
        </Heading>
        <p className="mt-2 line-clamp-3 flex-1 text-sm text-gray-600">
          {fr ? blog.excerptFr : blog.excerptEn}
        </p>
        <p className="mt-3 text-xs text-gray-600">
          <time dateTime={blog.publishedAt}>{formatDate(blog.publishedAt, i18n.language)}</time> ·{' '}
          {t('blog.readingTime', { count: blog.readingMinutes })}
        </p>
      </div>
    </article>
  );
}
