import { useLayoutEffect } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { useTranslation } from 'react-i18next';
import { languageCodes, type LanguageCode } from '@maplesource/contracts/languages';
import { setLanguage } from '../lib/i18n';

/** Child routes re-rooted under a prefix: `/products` → `products`. */
function relative(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const children = route.children ? relative(route.children) : undefined;
    const path = route.path?.replace(/^\/+/, '');
    return {
      ...route,
      ...(path !== undefined ? { path } : {}),
      ...(children ? { children } : {}),
    } as RouteObject;
  });
}

/** Selects the prefix's language before paint, then renders the same screens. */
function LanguagePrefix({ code }: { code: LanguageCode }) {
  const { i18n } = useTranslation();
  useLayoutEffect(() => {
    if (i18n.language !== code) void setLanguage(code, i18n);
  }, [code, i18n]);
  return <Outlet />;
}

/**
 * `/fr/products` (issue 5, spec §9 language prefix): one static route per supported language code
 * (static segments outrank `/:aboutSlug`), selecting that language and rendering the same screens.
 */
export function languagePrefixedRoutes(groups: RouteObject[]): RouteObject[] {
  return languageCodes.map((code: LanguageCode) => ({
    path: code,
    element: <LanguagePrefix code={code} />,
    children: relative(groups),
  }));
}
