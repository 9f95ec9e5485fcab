import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SeoHead } from './seo-head';

function mount(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <SeoHead /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => {
  document.head.innerHTML = '';
  document.title = '';
});

describe('SeoHead (docs/product.md §2 per-page SEO)', () => {
  it('applies the entry found for the path without its language prefix', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      const path = url.searchParams.get('path');
      if (path === '/products') {
        return new Response(
          JSON.stringify({
            path,
            code: '<title>Products EN</title><meta name="robots" content="noindex"><link rel="canonical" href="/"><script type="application/ld+json">{"a":1}</script>',
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        );
      }
      return new Response(JSON.stringify({ error: { code: 'SEO_NOT_FOUND', message: 'none' } }), {
        status: 404,
      });
    });
    const router = mount('/zh/Products');
    await waitFor(() => expect(document.title).toBe('Products EN'));
    expect(
      fetchMock.mock.calls.map((c) => new URL(String(c[0]), 'http://x').searchParams.get('path')),
    ).toEqual(['/zh/products', '/products']);
    expect(document.head.querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe(
      `${window.location.origin}/zh/Products`,
    );
    expect(document.head.querySelector('meta[name="robots"]')!.getAttribute('content')).toBe('index,follow');

    // next navigation: nothing found → defaults; previous page's scripts removed
    await act(async () => {
      await router.navigate('/sellers');
    });
    await waitFor(() =>
      expect(document.head.querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe(
        `${window.location.origin}/sellers`,
      ),
    );
    expect(document.head.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(0);
  });

  it('never gives a French page the English entry’s title (decision 249)', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const path = new URL(String(input), 'http://localhost').searchParams.get('path');
      if (path === '/products')
        return new Response(
          JSON.stringify({
            path,
            code: '<title>Products EN</title><script type="application/ld+json">{"a":1}</script>',
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        );
      return new Response(JSON.stringify({ error: { code: 'SEO_NOT_FOUND', message: 'none' } }), {
        status: 404,
      });
    });
    document.title = 'Produits de fabricants canadiens | MapleSource';
    mount('/fr/products');
    // The entry was found (the retry without the prefix), and its head applied: the page's own address…
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await waitFor(() =>
      expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
        `${window.location.origin}/fr/products`,
      ),
    );
    // …but not its English title.
    expect(document.title).toBe('Produits de fabricants canadiens | MapleSource');
  });

  it('ignores lookup failures', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('offline'));
    mount('/blogs');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await act(async () => {
      await fetchMock.mock.results.at(-1)!.value.catch(() => undefined);
    });
    expect(document.head.querySelector('meta[name="robots"]')!.getAttribute('content')).toBe('index,follow');
  });
});
