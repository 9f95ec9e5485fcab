import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render';
import {
  jsonResponse,
  notFoundResponse,
  productCardFixture,
  productDetailFixture,
} from '../../test/catalog-fixtures';

const card = productCardFixture({
  unit: 'metre',
  minOrderQuantity: 25,
  origin: 'product-of-canada',
  ratingCount: 0,
});
const detail = {
  ...productDetailFixture(card),
  priceTiers: [
    { minQuantity: 1, maxQuantity: 1, unitPriceCents: 2000 },
    { minQuantity: 25, maxQuantity: 2499, unitPriceCents: 1850 },
    { minQuantity: 2500, maxQuantity: null, unitPriceCents: 1700 },
  ],
  variations: [
    {
      nameEn: 'Packaging',
      nameFr: 'Emballage',
      options: ['Bulk', 'Individually packed'],
      optionsFr: ['En vrac', 'Emballé individuellement'],
    },
  ],
  keyAttributes: [
    { labelEn: 'Origin', labelFr: 'Origine', value: 'Product of Canada', valueFr: 'Produit du Canada' },
    { labelEn: 'Material', labelFr: 'Matériau', value: 'Polyester mesh', valueFr: 'Maille de polyester' },
    // Stored before origins were words: still never shown as the slug.
    { labelEn: 'Origin (old)', labelFr: 'Origine (ancienne)', value: 'made-in-canada' },
  ],
};

function stubApi() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.includes(`/api/v1/product/${card.slug}`)) return jsonResponse(detail);
      if (url.includes('/api/v1/review?'))
        return jsonResponse({ items: [], total: 0, page: 1, pageSize: 10 });
      return notFoundResponse();
    }),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('product detail in French shows no English data', () => {
  it('translates units, attribute values, variation options and origins', async () => {
    stubApi();
    renderApp(`/fr/productdetails/${card.slug}`);
    expect(await screen.findByRole('heading', { level: 1, name: card.nameFr })).toBeInTheDocument();
    const main = document.body.textContent ?? '';
    expect(main).toContain('25 mètres');
    expect(main).toContain('1–1 mètre');
    expect(main).toMatch(/25–2\s499 mètres/);
    expect(main).toMatch(/2\s500\+ mètres/);
    expect(main).toContain('En vrac, Emballé individuellement');
    expect(main).toContain('Maille de polyester');
    expect(main).toContain('Produit du Canada');
    expect(main).toContain('Fabriqué au Canada');
    for (const english of ['metre', 'Bulk', 'Individually packed', 'Polyester mesh', 'made-in-canada']) {
      expect(main, english).not.toContain(english);
    }
  });

  it('shows English texts and origin words (not slugs) in English', async () => {
    stubApi();
    renderApp(`/productdetails/${card.slug}`);
    expect(await screen.findByRole('heading', { level: 1, name: card.nameEn })).toBeInTheDocument();
    const main = document.body.textContent ?? '';
    expect(main).toContain('25 metres');
    expect(main).toContain('25–2,499 metres');
    expect(main).toContain('Bulk, Individually packed');
    expect(main).toContain('Made in Canada');
    expect(main).not.toMatch(/made-in-canada|product-of-canada/);
  });
});
