import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown';

describe('blog Markdown', () => {
  it('renders the supported subset', () => {
    const html = renderMarkdown(
      '# Title\n\nSome **bold** and *em* with [a link](https://example.ca).\n\n- one\n- two\n\n![Steel](/img/a.png)',
    );
    expect(html).toContain('<h2>Title</h2>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<em>em</em>');
    expect(html).toContain(
      '<a href="https://example.ca" rel="noopener noreferrer" target="_blank">a link</a>',
    );
    expect(html).toContain('<ul><li>one</li><li>two</li></ul>');
    expect(html).toContain('<img src="/img/a.png" alt="Steel" loading="lazy">');
  });

  it('never emits markup from the source', () => {
    const html = renderMarkdown(
      '<img src=x onerror=alert(1)>\n\n<script>alert(1)</script>\n\n[x](javascript:alert(1)) ![y](javascript:alert(2)) [z](https://a.ca/"onmouseover="x)',
    );
    expect(html).not.toMatch(/<img src=x|<script|javascript:|href="[^"]*"onmouseover/);
    expect(html).toContain('&lt;script&gt;');
  });
});
