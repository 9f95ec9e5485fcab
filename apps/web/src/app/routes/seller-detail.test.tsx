import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render';
import SellerDetailPage from './seller-detail';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.restoreAllMocks());

describe('the storefront page', () => {
  it("counts one visit of the storefront in its seller's stats (decision 290)", async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
      if (url.pathname.endsWith('/seller-stats/track-visit')) return json(200, { ok: true });
      return json(404, { error: { code: 'SELLER_NOT_FOUND', message: 'Seller not found' } });
    });
    renderApp('/seller/maple-metal', { routes: [{ path: '/seller/:slug', element: <SellerDetailPage /> }] });
    const visits = () =>
      fetchMock.mock.calls.filter(([input]) =>
        String(input instanceof Request ? input.url : input).includes('track-visit'),
      );
    await vi.waitFor(() => expect(visits()).toHaveLength(1));
    const [, init] = visits()[0]!;
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ sellerId: 'maple-metal' });
  });
});
