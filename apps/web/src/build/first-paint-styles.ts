import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { APP_STYLES_ATTRIBUTE } from '../lib/app-styles';

/** The first paint's stylesheet's build input (decision 189). */
const firstPaintName = 'first-paint';

const stylesheetLink = /[ \t]*<link rel="stylesheet"[^>]*>\s*\n?/g;

/**
 * The built index.html with its stylesheets placed for the first paint (decisions 189 and 221): the first-paint
 * styles in a `<style>` at the end of the head (nothing to download before the header can paint), and the app's
 * stylesheet links in the head as `media="print"`: fetched at once, but blocking neither the parser, nor the
 * first paint, nor the module scripts. The app sets them to `media="all"` once loaded and only then renders
 * (`applyAppStyles` in `lib/app-styles.ts`), so it never renders unstyled.
 */
export function placeStylesheets(html: string, firstPaintCss: string): string {
  // `</style` cannot occur in CSS that parses; refuse rather than emit HTML that breaks out of the element.
  if (/<\/style/i.test(firstPaintCss)) throw new Error('the first-paint styles contain "</style"');
  if (!html.includes('</head>') || !html.includes('</body>'))
    throw new Error('index.html has no head or body');
  const links: string[] = [];
  const withoutLinks = html.replace(stylesheetLink, (link: string) => {
    if (/\smedia=/.test(link)) throw new Error(`a stylesheet link with its own media: ${link.trim()}`);
    links.push(link.trim().replace(/\s*\/?>$/, ` media="print" ${APP_STYLES_ATTRIBUTE}>`));
    return '';
  });
  return withoutLinks.replace(
    '</head>',
    () => `${links.map((link) => `  ${link}\n`).join('')}  <style>${firstPaintCss.trim()}</style>\n  </head>`,
  );
}

/**
 * Vite (build only): builds `first-paint.css` as its own input, applies `placeStylesheets` to index.html with its
 * text, and drops the files that input emitted (its CSS is in the HTML; its JS entry is empty).
 */
export function firstPaintStyles(): Plugin {
  return {
    name: 'maplesource-first-paint-styles',
    apply: 'build',
    config: (config) => {
      // A build input of its own: linked from index.html, Vite would merge it into the app's stylesheet.
      const firstPaintInput = fileURLToPath(new URL('../first-paint.css', import.meta.url));
      const html = fileURLToPath(new URL('../../index.html', import.meta.url));
      const input = config.build?.rolldownOptions?.input;
      if (input !== undefined) throw new Error('firstPaintStyles sets the build inputs itself');
      return { build: { rolldownOptions: { input: { index: html, [firstPaintName]: firstPaintInput } } } };
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle ?? {};
        let css: string | undefined;
        for (const [fileName, output] of Object.entries(bundle)) {
          const fromFirstPaint =
            output.type === 'asset'
              ? output.originalFileNames.includes('src/first-paint.css')
              : output.isEntry && output.name === firstPaintName;
          if (!fromFirstPaint) continue;
          if (output.type === 'asset')
            css = typeof output.source === 'string' ? output.source : new TextDecoder().decode(output.source);
          delete bundle[fileName];
        }
        if (css === undefined) throw new Error('the build emitted no first-paint stylesheet');
        return placeStylesheets(html, css);
      },
    },
  };
}
