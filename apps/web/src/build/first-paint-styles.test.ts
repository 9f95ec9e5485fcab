import { describe, expect, it } from 'vitest';
import { placeStylesheets } from './first-paint-styles';

const built = `<!doctype html>
<html lang="en">
  <head>
    <title>MapleSource</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head>
  <body>
    <div id="root"><header class="h-16">MapleSource</header></div>
  </body>
</html>`;

describe('placeStylesheets (decision 189)', () => {
  it('inlines the first-paint styles in the head and moves the app stylesheet after the content', () => {
    const html = placeStylesheets(built, '.h-16{height:4rem}\n');
    const head = html.slice(0, html.indexOf('</head>'));
    const body = html.slice(html.indexOf('<body>'));
    expect(head).toContain('<style>.h-16{height:4rem}</style>');
    expect(head).not.toContain('stylesheet');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/vendor-1.js">');
    expect(body.indexOf('<link rel="stylesheet" crossorigin href="/assets/index-1.css">')).toBeGreaterThan(
      body.indexOf('</header></div>'),
    );
    expect(body.trimEnd().endsWith('</body>\n</html>')).toBe(true);
  });

  it('refuses styles that would close the element', () => {
    expect(() => placeStylesheets(built, 'a{}</style><script>')).toThrow(/<\/style/);
  });
});
