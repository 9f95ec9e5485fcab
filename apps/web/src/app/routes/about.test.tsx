import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render';
import { categoryFixture, jsonResponse, notFoundResponse } from '../../test/catalog-fixtures';

/** The catalogue's categories, answered once `answered` settles (at once by default). */
function stubCategories(answered: Promise<void> = Promise.resolve()) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.includes('/api/v1/category?')) {
        await answered;
        return jsonResponse({
          items: [
            {
              ...categoryFixture('1', 'metal-fabrication', 'Metal Fabrication'),
              children: [
                {
                  ...categoryFixture('2', 'aluminum-extrusions', 'Aluminum Extrusions', '1'),
                  nameFr: 'Extrusions d’aluminium',
                },
              ],
            },
          ],
        });
      }
      return notFoundResponse();
    }),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('/about-{product}', () => {
  it('names a catalogue subcategory in French on a French page, linking to its listing', async () => {
    let answer!: () => void;
    stubCategories(new Promise<void>((resolve) => (answer = resolve)));
    renderApp('/fr/about-aluminum-extrusions');
    // While the names load, the page shows that it loads and names nothing (not the slug's English words).
    await waitFor(() => expect(document.querySelector('main [aria-busy="true"]')).not.toBeNull());
    expect(document.body.textContent).not.toMatch(/aluminum extrusions/i);
    answer();
    const heading = await screen.findByRole('heading', { level: 1, name: /Extrusions d’aluminium/ });
    expect(heading).toHaveTextContent('À propos : Extrusions d’aluminium');
    expect(document.body.textContent).not.toMatch(/aluminum extrusions/i);
    expect(
      screen.getByRole('link', { name: 'Voir les produits « Extrusions d’aluminium »' }),
    ).toHaveAttribute('href', '/products/metal-fabrication/aluminum-extrusions');
  });

  it('names it in English on an English page', async () => {
    stubCategories();
    renderApp('/about-aluminum-extrusions');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'About Aluminum Extrusions' }),
    ).toBeInTheDocument();
  });
});
