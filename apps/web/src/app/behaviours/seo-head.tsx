import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { alternateLanguageLinks, resolveSeoHead } from '@maplesource/contracts/seo';
import { isLanguageCode } from '@maplesource/contracts/languages';
import { stripLanguagePrefix } from '@maplesource/contracts/routes';
import { getSeoByPath } from '../../features/content/api/get-seo-by-path';
import { applyAlternateLinks, applySeoHead } from '../../features/content/apply-seo-head';

/**
 * Per-page SEO on each navigation (docs/product.md §2), with the resolver the server also uses:
 * lookup for the lowercase path, retry without a ≤5-character first segment, apply title,
 * canonical, robots and scripts; defaults when nothing is found; lookup failures ignored.
 * Also keeps the en/fr/x-default `hreflang` alternates of the page (the server renders the same).
 */
export function SeoHead() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    const controller = new AbortController();
    const keepServerScripts = first.current;
    first.current = false;
    applyAlternateLinks(
      alternateLanguageLinks(window.location.origin, stripLanguagePrefix(pathname, isLanguageCode)),
    );
    void resolveSeoHead({
      pathname,
      origin: window.location.origin,
      lookup: (path) => getSeoByPath(path, controller.signal),
    }).then((head) => {
      if (!controller.signal.aborted) applySeoHead(head, { keepServerScripts });
    });
    return () => controller.abort();
  }, [pathname]);
  return null;
}
