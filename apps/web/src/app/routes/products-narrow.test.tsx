import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render';
import { jsonResponse, listingPageFixture, notFoundResponse } from '../../test/catalog-fixtures';

const json = jsonResponse;

afterEach(() => vi.unstubAllGlobals());

describe('product listing on a phone', () => {
  it('renders the filter panel only in the drawer, not a hidden desktop copy', async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: false,
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      })),
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        if (url.includes('/api/v1/category?')) return json({ items: [] });
        if (url.includes('/api/v1/product?')) {
          return json(listingPageFixture([]));
        }
        return notFoundResponse();
      }),
    );
    renderApp('/products');
    const opener = await screen.findByRole('button', { name: 'Filters' });
    expect(screen.queryByRole('form', { name: 'Filters' })).not.toBeInTheDocument();
    await userEvent.click(opener);
    expect(screen.getAllByRole('form', { name: 'Filters' })).toHaveLength(1);
  });
});
