import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render';
import { jsonResponse, listingPageFixture, productCardFixture } from '../../test/catalog-fixtures';

/**
 * Listing pages at catalogue scale (decision 042): estimated totals read "about", pages move by cursor and the
 * URL keeps both, facets load beside the cards, and stale links offer the first page.
 */

const json = jsonResponse;
const product = (id: string) => productCardFixture({ id, nameEn: `Steel Bracket ${id}` });
const listing = (overrides: Record<string, unknown> = {}) =>
  listingPageFixture([product('7'), product('8')], {
    total: 3600,
    totalEstimated: true,
    hasMore: true,
    nextCursor: 'NEXT1',
    ...overrides,
  });
const emptyFacets = { state: [], businessType: [], origin: [], verified: [], subcategory: [] };

type Handler = (url: URL) => Response | Promise<Response>;

function mockApi(handlers: { product?: Handler; facets?: Handler }) {
  const calls: URL[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push(url);
    if (url.pathname === '/api/v1/category') return json({ items: [] });
    if (url.pathname === '/api/v1/product/facets' && handlers.facets) return handlers.facets(url);
    if (url.pathname === '/api/v1/product' && handlers.product) return handlers.product(url);
    return json({ error: { code: 'NOT_FOUND', message: 'x' } }, 404);
  });
  return calls;
}

describe('catalogue listing pages', () => {
  it('shows cards before the facet counts arrive, then estimated counts with "~"', async () => {
    let releaseFacets: (response: Response) => void = () => undefined;
    mockApi({
      product: () => json(listing()),
      facets: () => new Promise<Response>((resolve) => (releaseFacets = resolve)),
    });
    renderApp('/products?state=ON');
    expect(await screen.findByRole('link', { name: 'Steel Bracket 7' })).toBeInTheDocument();
    expect(screen.getByText('About 3,600 results')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of about 150')).toBeInTheDocument();

    await act(async () =>
      releaseFacets(
        json({
          facets: { ...emptyFacets, state: [{ value: 'ON', count: 1216 }] },
          total: 3600,
          totalEstimated: true,
        }),
      ),
    );
    const panel = screen.getAllByRole('form', { name: 'Filters' })[0]!;
    expect(await within(panel).findByRole('option', { name: 'Ontario (~1,216)' })).toBeInTheDocument();
  });

  it('moves by cursor: next keeps page and cursor in the URL, previous back to page 1 drops both', async () => {
    const calls = mockApi({
      product: (url) =>
        json(
          url.searchParams.get('cursor') === 'NEXT1'
            ? listing({ items: [product('9')], page: 2, nextCursor: 'NEXT2', prevCursor: 'PREV2' })
            : listing(),
        ),
      facets: () => json({ facets: emptyFacets, total: 3600, totalEstimated: true }),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/products');
    await screen.findByRole('link', { name: 'Steel Bracket 7' });
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(nav).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(within(nav).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Steel Bracket 9' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2&cursor=NEXT1');
    expect(
      calls.some((u) => u.pathname === '/api/v1/product' && u.searchParams.get('cursor') === 'NEXT1'),
    ).toBe(true);
    // Paging does not ask for the facets again: they do not depend on the page.
    expect(calls.filter((u) => u.pathname === '/api/v1/product/facets')).toHaveLength(1);

    await user.click(
      within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('button', { name: 'Previous' }),
    );
    expect(await screen.findByRole('link', { name: 'Steel Bracket 7' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('a filter or sort change starts again from the first page', async () => {
    mockApi({
      product: (url) => json(listing({ page: Number(url.searchParams.get('page') ?? 1) })),
      facets: () => json({ facets: emptyFacets, total: 3600, totalEstimated: true }),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/products?page=3&cursor=NEXT2&state=ON');
    await screen.findByRole('link', { name: 'Steel Bracket 7' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'newest');
    await waitFor(() => expect(router.state.location.search).toBe('?state=ON&sort=newest'));
  });

  it('answers a stale page link with its reason and a way back to the first page', async () => {
    mockApi({
      product: (url) =>
        url.searchParams.get('cursor')
          ? json({ error: { code: 'INVALID_CURSOR', message: 'x' } }, 400)
          : json(listing()),
      facets: () => json({ facets: emptyFacets, total: 3600, totalEstimated: true }),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/products?page=2&cursor=OLD&q=bracket');
    expect(
      await screen.findByText('This page link is no longer valid. Start again from the first page.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to the first page' }));
    expect(await screen.findByRole('link', { name: 'Steel Bracket 7' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=bracket');
  });

  it('says so when a later page has emptied since its link was made', async () => {
    mockApi({
      product: (url) =>
        url.searchParams.get('cursor')
          ? json(listing({ items: [], page: 4, hasMore: false, nextCursor: null, prevCursor: null }))
          : json(listing()),
      facets: () => json({ facets: emptyFacets, total: 3600, totalEstimated: true }),
    });
    const user = userEvent.setup();
    renderApp('/products?page=4&cursor=LATE');
    expect(await screen.findByText(/No results on this page any more/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to the first page' }));
    expect(await screen.findByRole('link', { name: 'Steel Bracket 7' })).toBeInTheDocument();
  });

  it('prints an exact total plainly and in French with Canadian number formatting', async () => {
    mockApi({
      product: () => json(listing({ total: 1234, totalEstimated: false })),
      facets: () => json({ facets: emptyFacets, total: 1234, totalEstimated: false }),
    });
    const { i18n } = renderApp('/products');
    expect(await screen.findByText('1,234 results')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 52')).toBeInTheDocument();
    await act(async () => {
      await i18n.changeLanguage('fr');
    });
    expect(await screen.findByText(/^1\s234 résultats$/)).toBeInTheDocument();
  });

  it('in French an estimate reads "Environ"', async () => {
    mockApi({
      product: () => json(listing()),
      facets: () => json({ facets: emptyFacets, total: 3600, totalEstimated: true }),
    });
    const { i18n } = renderApp('/products');
    await screen.findByRole('link', { name: 'Steel Bracket 7' });
    await act(async () => {
      await i18n.changeLanguage('fr');
    });
    expect(await screen.findByText(/^Environ 3\s600 résultats$/)).toBeInTheDocument();
    expect(screen.getByText('Page 1 sur environ 150')).toBeInTheDocument();
  });
});
