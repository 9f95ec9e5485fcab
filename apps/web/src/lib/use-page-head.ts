import { useEffect } from 'react';

function upsertMeta(attribute: 'name' | 'property', key: string, content: string) {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    element.setAttribute('data-seo', '');
    document.head.appendChild(element);
  }
  element.setAttribute('content', content);
}

/**
 * Sets the full `<title>` and the description (and their Open Graph twins) of a screen whose head
 * depends on data, e.g. a category listing; the same text the server renders for crawlers.
 */
export function usePageHead(head: { title: string; description: string } | null | undefined): void {
  const title = head?.title;
  const description = head?.description;
  useEffect(() => {
    if (!title || !description) return;
    document.title = title;
    upsertMeta('name', 'description', description);
    upsertMeta('property', 'og:title', title);
    upsertMeta('property', 'og:description', description);
  }, [title, description]);
}
