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

describe('placeStylesheets (decisions 189, 221)', () => {
  it('inlines the first-paint styles and links the app stylesheet as print media, switched on by the app', () => {
    const html = placeStylesheets(built, '.h-16{height:4rem}\n');
    const head = html.slice(0, html.indexOf('</head>'));
    const body = html.slice(html.indexOf('<body>'));
    expect(head).toContain('<style>.h-16{height:4rem}</style>');
    expect(head).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/index-1.css" media="print" data-app-styles>',
    );
    // No stylesheet the first paint or the module scripts would wait for (decision 221).
    expect(html.match(/<link rel="stylesheet"[^>]*>/g)).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/index-1.css" media="print" data-app-styles>',
    ]);
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/vendor-1.js">');
    expect(body).not.toContain('stylesheet');
    expect(body.trimEnd().endsWith('</body>\n</html>')).toBe(true);
  });

  it('refuses a stylesheet link that names its own media', () => {
    expect(() =>
      placeStylesheets(built.replace('index-1.css"', 'index-1.css" media="screen"'), '.a{}'),
    ).toThrow(/own media/);
  });

  it('refuses styles that would close the element', () => {
    expect(() => placeStylesheets(built, 'a{}</style><script>')).toThrow(/<\/style/);
  });
});
