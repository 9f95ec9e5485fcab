import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** The first paint's stylesheet's build input (decision 189). */
const firstPaintName = 'first-paint';

const stylesheetLink = /[ \t]*<link rel="stylesheet"[^>]*>\s*\n?/g;

/**
 * The built index.html with its stylesheets placed for the first paint (decision 189): the first-paint styles
 * in a `<style>` at the end of the head (nothing to download before the header can paint), and the app's
 * stylesheet links at the end of the body. A stylesheet there does not hold up painting what comes before it,
 * and the app's module scripts still wait for it before they run, so the app never renders unstyled.
 */
export function placeStylesheets(html: string, firstPaintCss: string): string {
  // `</style` cannot occur in CSS that parses; refuse rather than emit HTML that breaks out of the element.
  if (/<\/style/i.test(firstPaintCss)) throw new Error('the first-paint styles contain "</style"');
  if (!html.includes('</head>') || !html.includes('</body>'))
    throw new Error('index.html has no head or body');
  const links: string[] = [];
  const withoutLinks = html.replace(stylesheetLink, (link: string) => {
    links.push(link.trim());
    return '';
  });
  return withoutLinks
    .replace('</head>', () => `  <style>${firstPaintCss.trim()}</style>\n  </head>`)
    .replace('</body>', () => `${links.map((link) => `  ${link}\n`).join('')}  </body>`);
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
