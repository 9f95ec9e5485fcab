/**
 * The app's stylesheet links in the built index.html carry this attribute and `media="print"` (decision 221):
 * loaded without blocking the first paint or the scripts, switched on by `applyAppStyles` before the first render.
 */
export const APP_STYLES_ATTRIBUTE = 'data-app-styles';

/**
 * Waits for the app's stylesheets (`link[data-app-styles]`) and sets each to `media="all"` once it has loaded,
 * so the first render is styled. A stylesheet that fails to load is switched on too (the browser then has no
 * rules from it): the app still renders. Resolves at once when there are none (development, tests).
 */
export function applyAppStyles(root: ParentNode = document): Promise<void> {
  const links = [
    ...root.querySelectorAll<HTMLLinkElement>(`link[rel="stylesheet"][${APP_STYLES_ATTRIBUTE}]`),
  ];
  return Promise.all(
    links.map(
      (link) =>
        new Promise<void>((resolve) => {
          const apply = () => {
            link.media = 'all';
            resolve();
          };
          // `sheet` is set once the file has loaded, whatever the media.
          if (link.sheet) return apply();
          link.addEventListener('load', apply, { once: true });
          link.addEventListener('error', apply, { once: true });
        }),
    ),
  ).then(() => undefined);
}
