import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render';
import {
  jsonResponse,
  listingPageFixture,
  notFoundResponse,
  productCardFixture,
  categoryFixture,
} from '../../test/catalog-fixtures';

const json = jsonResponse;
const category = categoryFixture;
const product = productCardFixture({
  nameEn: 'Custom Aluminum Extrusion T-Slot Profile',
  nameFr: 'Profilé d’extrusion en aluminium',
});

function mockApi() {
  const calls: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    calls.push(url);
    if (url.includes('/api/v1/category?')) {
      return json({
        items: [
          {
            ...category('1', 'metal-fabrication', 'Metal Fabrication'),
            children: [category('2', 'aluminum-extrusions', 'Aluminum Extrusions', '1')],
          },
        ],
      });
    }
    if (url.includes('/api/v1/product?')) {
      return json(listingPageFixture([product], { correctedQuery: 'aluminum extrusion' }));
    }
    return notFoundResponse();
  });
  return calls;
}

describe('/products/{type}', () => {
  it('redirects an unknown type to /products', async () => {
    mockApi();
    const { router } = renderApp('/products/not-a-type');
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'));
  });

  it('serves a listing type and a category slug, with filters from the URL', async () => {
    const calls = mockApi();
    const { router } = renderApp('/products/popular?state=ON&isVerified=true');
    expect(await screen.findByRole('heading', { level: 1, name: 'Popular products' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: product.nameEn })).toHaveAttribute(
      'href',
      `/productdetails/${product.slug}`,
    );
    expect(
      calls.some(
        (url) => url.includes('type=popular') && url.includes('state=ON') && url.includes('isVerified=true'),
      ),
    ).toBe(true);
    await router.navigate('/products/metal-fabrication?q=alumnum%20extrusion');
    expect(await screen.findByRole('heading', { level: 1, name: 'Metal Fabrication' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/products/metal-fabrication');
    expect(await screen.findByText(/Showing results for “aluminum extrusion”/)).toBeInTheDocument();
  });
});
