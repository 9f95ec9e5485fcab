import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render';
import { jsonResponse, listingPageFixture, notFoundResponse } from '../../test/catalog-fixtures';

function mockApi() {
  const productCalls: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (url.includes('/api/v1/category?')) return jsonResponse({ items: [] });
    if (url.includes('/api/v1/product?')) {
      productCalls.push(url);
      return jsonResponse(listingPageFixture([]));
    }
    return notFoundResponse();
  });
  return productCalls;
}

describe('price filter keeps what the buyer types', () => {
  it('min, Tab, max: the max box keeps focus and text while the list updates, and the URL gets both', async () => {
    const productCalls = mockApi();
    const user = userEvent.setup();
    const { router } = renderApp('/products');
    const min = await screen.findByRole('textbox', { name: 'Min price ($)' });
    await user.click(min);
    await user.keyboard('10');
    await user.tab();
    const max = screen.getByRole('textbox', { name: 'Max price ($)' });
    expect(max).toHaveFocus();
    // The listing updates for the min price while the buyer is in the max box.
    await waitFor(() => expect(router.state.location.search).toContain('minPrice=1000'));
    await waitFor(() => expect(productCalls.some((url) => url.includes('minPrice=1000'))).toBe(true));
    expect(screen.getByRole('textbox', { name: 'Max price ($)' })).toHaveFocus();
    await user.keyboard('50');
    expect(screen.getByRole('textbox', { name: 'Max price ($)' })).toHaveValue('50');
    expect(screen.getByRole('textbox', { name: 'Max price ($)' })).toHaveFocus();
    await user.tab();
    await waitFor(() => {
      const search = new URLSearchParams(router.state.location.search);
      expect(search.get('minPrice')).toBe('1000');
      expect(search.get('maxPrice')).toBe('5000');
    });
    expect(screen.getByRole('textbox', { name: 'Min price ($)' })).toHaveValue('10');
    expect(screen.getByRole('textbox', { name: 'Max price ($)' })).toHaveValue('50');
  });

  it('max then min typed quickly: neither is dropped', async () => {
    mockApi();
    const user = userEvent.setup();
    const { router } = renderApp('/products');
    const max = await screen.findByRole('textbox', { name: 'Max price ($)' });
    await user.click(max);
    await user.keyboard('80');
    await user.tab({ shift: true });
    await user.keyboard('5');
    await user.tab();
    await waitFor(() => {
      const search = new URLSearchParams(router.state.location.search);
      expect(search.get('maxPrice')).toBe('8000');
      expect(search.get('minPrice')).toBe('500');
    });
    expect(screen.getByRole('textbox', { name: 'Min price ($)' })).toHaveValue('5');
    expect(screen.getByRole('textbox', { name: 'Max price ($)' })).toHaveValue('80');
  });

  it('the boxes follow the URL when it changes from outside (back button, clear)', async () => {
    mockApi();
    const user = userEvent.setup();
    const { router } = renderApp('/products?minPrice=1000&maxPrice=5000');
    expect(await screen.findByRole('textbox', { name: 'Min price ($)' })).toHaveValue('10');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('textbox', { name: 'Min price ($)' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Max price ($)' })).toHaveValue('');
  });
});
