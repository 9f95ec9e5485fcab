import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/** docs/product.md §2: each navigation (pathname change) scrolls to the top of the page. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
