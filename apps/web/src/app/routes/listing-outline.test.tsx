import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render';
import {
  jsonResponse,
  listingPageFixture,
  notFoundResponse,
  serviceCardFixture,
  sellerSummaryFixture,
} from '../../test/catalog-fixtures';

const service = serviceCardFixture();

/** Lighthouse's heading-order: the cards of a listing are named in headings right under the page's h1. */
describe('listing outlines (h1 → h2)', () => {
  it('names each storefront of the seller directory in an h2', async () => {
    const seller = sellerSummaryFixture({ name: 'Tundra Steel Inc', slug: 'tundra-steel-inc' });
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
      String(input).includes('/api/v1/seller?')
        ? jsonResponse(listingPageFixture([seller]))
        : notFoundResponse(),
    );
    renderApp('/sellers');
    const name = await screen.findByRole('heading', { level: 2, name: 'Tundra Steel Inc' });
    expect(name.querySelector('a')).toHaveAttribute('href', '/seller/tundra-steel-inc');
    expect(screen.getByRole('heading', { level: 1, name: 'Sellers' })).toBeInTheDocument();
  });

  it('names each service of the service listing in an h2', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
      String(input).includes('/api/v1/service?')
        ? jsonResponse(listingPageFixture([service]))
        : notFoundResponse(),
    );
    renderApp('/services');
    const name = await screen.findByRole('heading', { level: 2, name: 'Flatbed trucking' });
    expect(name.querySelector('a')).toHaveAttribute('href', '/service/flatbed-trucking-halifax-31');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });
});
