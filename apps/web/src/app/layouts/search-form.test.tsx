import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SearchResponse } from '@maplesource/contracts/catalog';
import { renderApp } from '../../test/render';
import {
  jsonResponse,
  listingPageFixture,
  notFoundResponse,
  productCardFixture,
  sellerSummaryFixture,
} from '../../test/catalog-fixtures';

const emptyAnswer = (query: string): SearchResponse => ({
  query,
  correctedQuery: null,
  products: [],
  services: [],
  sellers: [],
  categories: [],
  blogs: [],
});

const steelAnswer: SearchResponse = {
  ...emptyAnswer('stel'),
  correctedQuery: 'steel',
  products: [productCardFixture({ id: '7', nameEn: 'Steel Beam', nameFr: 'Poutre en acier' })],
  sellers: [sellerSummaryFixture({ id: '3', slug: 'tundra-steel-inc', name: 'Tundra Steel Inc' })],
  categories: [
    {
      id: '40',
      kind: 'service',
      slug: 'freight-shipping',
      parentId: '4',
      parentSlug: 'logistics',
      nameEn: 'Freight Shipping',
      nameFr: 'Transport de marchandises',
      itemCount: 12,
    },
  ],
};

/** The API: `search` answers `answer`; listings answer an empty page (the header search is what is tested). */
function mockApi(answer: SearchResponse) {
  const asked: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    asked.push(url);
    if (url.includes('/api/v1/search?')) return jsonResponse(answer);
    if (/\/api\/v1\/(product|service)\?/.test(url)) return jsonResponse(listingPageFixture([]));
    return notFoundResponse();
  });
  return asked;
}

const headerSearchBox = async () => within((await screen.findAllByRole('search'))[0]!).getByRole('searchbox');

describe('header search: one search for everything', () => {
  it('shows the groups as you type, each with its "see all" listing for the same text (EN)', async () => {
    const asked = mockApi(steelAnswer);
    renderApp('/terms-and-condition');
    await userEvent.type(await headerSearchBox(), 'stel');
    const results = await screen.findByTestId('search-results');
    expect(
      within(results).getByText('Showing results for “steel” (you searched “stel”)'),
    ).toBeInTheDocument();
    expect(within(results).getByRole('heading', { name: 'Products' })).toBeInTheDocument();
    expect(within(results).getByRole('link', { name: /Steel Beam/ })).toHaveAttribute(
      'href',
      '/productdetails/custom-aluminum-extrusion-7',
    );
    expect(within(results).getByRole('link', { name: 'See all products' })).toHaveAttribute(
      'href',
      '/products?q=stel',
    );
    expect(within(results).getByRole('link', { name: /Tundra Steel Inc/ })).toHaveAttribute(
      'href',
      '/seller/tundra-steel-inc',
    );
    expect(within(results).getByRole('link', { name: 'See all sellers' })).toHaveAttribute(
      'href',
      '/sellers?q=stel',
    );
    expect(within(results).getByRole('link', { name: 'Freight Shipping' })).toHaveAttribute(
      'href',
      '/services/logistics/freight-shipping',
    );
    // Groups without results are not shown.
    expect(within(results).queryByRole('heading', { name: 'Services' })).not.toBeInTheDocument();
    expect(within(results).queryByRole('heading', { name: 'Blog posts' })).not.toBeInTheDocument();
    expect(asked.some((url) => url.includes('/api/v1/search?q=stel'))).toBe(true);
  });

  it('speaks French in French', async () => {
    mockApi(steelAnswer);
    const { i18n } = renderApp('/terms-and-condition');
    await i18n.changeLanguage('fr');
    await userEvent.type(await headerSearchBox(), 'stel');
    const results = await screen.findByTestId('search-results');
    expect(within(results).getByRole('heading', { name: 'Produits' })).toBeInTheDocument();
    expect(within(results).getByRole('heading', { name: 'Vendeurs' })).toBeInTheDocument();
    expect(within(results).getByRole('link', { name: /Poutre en acier/ })).toBeInTheDocument();
    expect(within(results).getByRole('link', { name: 'Transport de marchandises' })).toBeInTheDocument();
    expect(within(results).getByRole('link', { name: 'Voir tous les vendeurs' })).toHaveAttribute(
      'href',
      '/sellers?q=stel',
    );
  });

  it('says nothing was found for the text, in English and French (not "filters")', async () => {
    mockApi(emptyAnswer('zzqxv'));
    const { i18n } = renderApp('/terms-and-condition');
    await userEvent.type(await headerSearchBox(), 'zzqxv');
    expect(await screen.findByText('Nothing found for “zzqxv”')).toBeInTheDocument();
    expect(screen.queryByText(/filter/i)).not.toBeInTheDocument();
    await i18n.changeLanguage('fr');
    expect(await screen.findByText('Aucun résultat pour « zzqxv »')).toBeInTheDocument();
  });

  it('Enter opens the listing of the first group with results: sellers for a seller’s name', async () => {
    mockApi({ ...emptyAnswer('Tundra Steel Inc'), sellers: steelAnswer.sellers });
    const { router } = renderApp('/terms-and-condition');
    await userEvent.type(await headerSearchBox(), 'Tundra Steel Inc{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sellers'));
    expect(router.state.location.search).toBe('?q=Tundra+Steel+Inc');
  });
});

describe('listing empty states speak of the search when no filter is set', () => {
  it('products, EN and FR', async () => {
    mockApi(emptyAnswer('zzqxv'));
    const { i18n } = renderApp('/products?q=zzqxv');
    expect(await screen.findByText('No products found for “zzqxv”')).toBeInTheDocument();
    expect(screen.queryByText('No products match these filters')).not.toBeInTheDocument();
    await i18n.changeLanguage('fr');
    expect(await screen.findByText('Aucun produit trouvé pour « zzqxv »')).toBeInTheDocument();
  });

  it('products with a filter still speak of filters', async () => {
    mockApi(emptyAnswer('zzqxv'));
    renderApp('/products?q=zzqxv&state=ON');
    expect(await screen.findByText('No products match these filters')).toBeInTheDocument();
  });
});
