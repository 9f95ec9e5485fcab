import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_DATA_ELEMENT_ID } from '@maplesource/contracts/page-data';
import { api, ApiError } from './http';
import { dropPageData } from './page-data';

function putPageData(data: Record<string, unknown>) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = PAGE_DATA_ELEMENT_ID;
  element.textContent = JSON.stringify(data);
  document.body.append(element);
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('page data (decision 044)', () => {
  afterEach(() => {
    dropPageData();
    vi.unstubAllGlobals();
  });

  it('answers a GET from the page once, whatever the order of its query, then asks the server', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => json({ items: ['from the network'] }));
    vi.stubGlobal('fetch', fetchMock);
    putPageData({ 'product?page=1&pageSize=24': [200, { items: ['from the page'] }] });
    expect(await api.get('product', { query: { pageSize: 24, page: 1 } })).toEqual({
      items: ['from the page'],
    });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.getElementById(PAGE_DATA_ELEMENT_ID)).toBeNull();
    expect(await api.get('product', { query: { page: 1, pageSize: 24 } })).toEqual({
      items: ['from the network'],
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('turns a refusal in the page into the same ApiError the server would give, and 204 into no body', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>());
    putPageData({
      'global-paragraph?path=%2Fproducts': [404, { error: { code: 'NOT_FOUND', message: 'No paragraph' } }],
      'seo/by-path?optional=1&path=%2Fproducts': [204],
    });
    await expect(api.get('global-paragraph', { query: { path: '/products' } })).rejects.toMatchObject(
      new ApiError({ status: 404, code: 'NOT_FOUND', message: 'No paragraph' }),
    );
    expect(await api.get('seo/by-path', { query: { path: '/products', optional: 1 } })).toBeUndefined();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('is only for the first page and for buyer GETs: other requests and later pages go to the server', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => json({ fresh: true }));
    vi.stubGlobal('fetch', fetchMock);
    putPageData({ 'home-page/hero-settings': [200, { stale: true }], 'category?kind=product': [200, {}] });
    expect(await api.get('home-page/hero-settings', { role: 'admin' })).toEqual({ fresh: true });
    dropPageData();
    expect(await api.get('home-page/hero-settings')).toEqual({ fresh: true });
    expect(await api.get('category', { query: { kind: 'product' } })).toEqual({ fresh: true });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
