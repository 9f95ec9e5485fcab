import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const category = (id: string, slug: string, nameEn: string, parentId: string | null = null) => ({
  id,
  kind: 'product',
  slug,
  parentId,
  nameEn,
  nameFr: `${nameEn} (fr)`,
  itemCount: 3,
});
const product = {
  id: '7',
  slug: 'custom-aluminum-extrusion-7',
  nameEn: 'Custom Aluminum Extrusion T-Slot Profile',
  nameFr: 'Profilé d’extrusion en aluminium',
  imageUrl: '/api/v1/media/product/7/0.svg',
  minPriceCents: 1850,
  maxPriceCents: 2200,
  minOrderQuantity: 10,
  unit: 'metre',
  leadDays: 5,
  deliveryDays: 3,
  origin: 'made-in-canada',
  verified: true,
  ratingAvg: 4.5,
  ratingCount: 2,
  categorySlug: 'metal-fabrication',
  subcategorySlug: 'aluminum-extrusions',
  seller: {
    id: '1',
    slug: 'acme',
    name: 'Acme Metal Inc.',
    province: 'ON',
    city: 'Toronto',
    businessType: 'manufacturer',
    verified: true,
  },
  createdAt: '2025-05-01T12:00:00.000Z',
};

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
      return json({
        items: [product],
        total: 1,
        page: 1,
        pageSize: 24,
        totalCapped: false,
        correctedQuery: 'aluminum extrusion',
        facets: null,
      });
    }
    return json({ error: { code: 'NOT_FOUND', message: 'x' } }, 404);
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
