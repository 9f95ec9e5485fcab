import type { TFunction } from 'i18next';

/**
 * A blog category's name in the page's language. Categories are stored as slugs (`buy-canadian`); one the
 * locale files do not name yet is shown as words ("Buy canadian"), never as the slug.
 */
export function blogCategoryName(t: TFunction<'contentPages'>, slug: string): string {
  const words = slug.replace(/[-_]+/g, ' ').trim();
  return t(`blog.categoryNames.${slug}` as 'blog.categoryNames.sourcing', {
    defaultValue: words.charAt(0).toUpperCase() + words.slice(1),
  });
}
