import { lazy } from 'react';
import { useParams } from 'react-router';
import { ABOUT_PREFIX } from '@maplesource/contracts/routes';
import NotFoundPage from './not-found';

const AboutPage = lazy(() => import('./about'));
const prefix = ABOUT_PREFIX.slice(1); // 'about-'

/** Product name from a single path segment, or null when it is not `about-<something>`. */
export function aboutProduct(segment: string | undefined): string | null {
  if (!segment?.startsWith(prefix) || segment.length === prefix.length) return null;
  return decodeURIComponent(segment.slice(prefix.length));
}

/**
 * `/:aboutSlug`: React Router cannot match `/about-:product`, so this one-segment route renders
 * the about page for `about-…` and the not-found page for anything else.
 * The about page is treated as public (docs/product.md §2 lists it under both; a visitor should not get
 * the landing page for a product page that search engines link to).
 */
export default function AboutOrNotFoundPage() {
  const { aboutSlug } = useParams();
  const product = aboutProduct(aboutSlug);
  return product === null ? <NotFoundPage /> : <AboutPage product={product} />;
}
