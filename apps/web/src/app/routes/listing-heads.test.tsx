import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render';
import { jsonResponse, listingPageFixture, notFoundResponse } from '../../test/catalog-fixtures';

/** Client heads of listing screens: the same title and description the server renders, and hreflang. */
const json = jsonResponse;
const category = (
  id: string,
  slug: string,
  nameEn: string,
  nameFr: string,
  parentId: string | null = null,
) => ({
  id,
  kind: 'product',
  slug,
  parentId,
  nameEn,
  nameFr,
  itemCount: 12,
});

function mockApi() {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (url.includes('/api/v1/category?'))
      return json({
        items: [
          {
            ...category('1', 'metal-fabrication', 'Metal Fabrication', 'Fabrication métallique'),
            children: [
              category('2', 'aluminum-extrusions', 'Aluminum Extrusions', 'Extrusions d’aluminium', '1'),
            ],
          },
        ],
      });
    if (url.includes('/api/v1/product?') || url.includes('/api/v1/service?'))
      return json(listingPageFixture([]));
    return notFoundResponse();
  });
}
const meta = (selector: string) => document.head.querySelector(selector)?.getAttribute('content');
const alternate = (lang: string) =>
  document.head.querySelector<HTMLLinkElement>(`link[rel="alternate"][hreflang="${lang}"]`)?.href;

describe('listing heads', () => {
  it('/products/<category>: the category name and a description', async () => {
    mockApi();
    renderApp('/products/metal-fabrication');
    await waitFor(() => expect(document.title).toBe('Metal Fabrication | Canadian products | MapleSource'));
    expect(meta('meta[name="description"]')).toMatch(/^Metal Fabrication: browse 12 products/);
    expect(alternate('en')).toBe(`${window.location.origin}/products/metal-fabrication`);
    expect(alternate('fr')).toBe(`${window.location.origin}/fr/products/metal-fabrication`);
    expect(alternate('x-default')).toBe(`${window.location.origin}/products/metal-fabrication`);
  });

  it('/fr/products/<category>/<subcategory> in French; /products/{type} has its own title', async () => {
    mockApi();
    const { router } = renderApp('/fr/products/metal-fabrication/aluminum-extrusions');
    await waitFor(() =>
      expect(document.title).toBe('Extrusions d’aluminium | Produits canadiens | MapleSource'),
    );
    expect(meta('meta[name="description"]')).toMatch(/Fabrication métallique\) : parcourez/);
    expect(alternate('en')).toBe(`${window.location.origin}/products/metal-fabrication/aluminum-extrusions`);
    await router.navigate('/fr/products/bestsellers');
    await waitFor(() => expect(document.title).toBe('Meilleurs vendeurs : produits canadiens | MapleSource'));
    await waitFor(() => expect(alternate('en')).toBe(`${window.location.origin}/products/bestsellers`));
  });

  it('/services/<category>', async () => {
    mockApi();
    renderApp('/services/metal-fabrication');
    await waitFor(() =>
      expect(document.title).toBe('Metal Fabrication | Industrial services in Canada | MapleSource'),
    );
  });
});
