import { lazy, useLayoutEffect } from 'react';
import { Outlet, useParams, type RouteObject } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isLanguageCode, languageCodes, type LanguageCode } from '@maplesource/contracts/languages';
import { setLanguage } from '../lib/i18n';

const NotFoundPage = lazy(() => import('./routes/not-found'));

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

/** Child routes without their index routes (the prefix's own page is a static route, see below). */
function withoutIndex(routes: RouteObject[]): RouteObject[] {
  return routes
    .filter((route) => !route.index)
    .map((route) =>
      route.children ? ({ ...route, children: withoutIndex(route.children) } as RouteObject) : route,
    );
}

/** Selects the prefix's language before paint, then renders the same screens. */
function LanguagePrefix({ code }: { code: LanguageCode }) {
  const { i18n } = useTranslation();
  useLayoutEffect(() => {
    if (i18n.language !== code) void setLanguage(code, i18n);
  }, [code, i18n]);
  return <Outlet />;
}

/** `/:lang/…`: a supported code selects its language; any other first segment is an unknown page. */
function LanguageSegment() {
  const { lang } = useParams();
  return isLanguageCode(lang) ? <LanguagePrefix code={lang} /> : <NotFoundPage />;
}

/**
 * `/fr/products` (docs/product.md §9 language prefix): the same screens under a language code, selecting that
 * language. One dynamic `:lang` copy of the routes, not one static copy per code: React Router flattens, ranks
 * and matches every route on start and on each navigation, and eleven copies made that the largest single piece
 * of start-up work (decision 044). The prefix's own page (`/fr`) is one static index route per code, so a
 * single segment that is not a code still reaches `/:aboutSlug`.
 */
export function languagePrefixedRoutes(groups: RouteObject[]): RouteObject[] {
  const homeGroup = groups.find((group) => group.children?.some((route) => route.index));
  const home = homeGroup?.children?.find((route) => route.index);
  const prefixHomes: RouteObject[] =
    homeGroup && home
      ? languageCodes.map((code: LanguageCode) => ({
          path: code,
          element: <LanguagePrefix code={code} />,
          children: [{ ...homeGroup, children: [home] } as RouteObject],
        }))
      : [];
  return [
    ...prefixHomes,
    { path: ':lang', element: <LanguageSegment />, children: relative(withoutIndex(groups)) },
  ];
}
