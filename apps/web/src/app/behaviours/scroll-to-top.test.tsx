import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render';

describe('ScrollToTop', () => {
  it('scrolls to the top on each pathname change', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { router } = renderApp('/sellers');
    await screen.findByRole('heading', { level: 1, name: 'Sellers' });
    scrollTo.mockClear();

    await act(() => router.navigate('/blogs'));
    await screen.findByRole('heading', { level: 1, name: 'Blogs' });
    expect(scrollTo).toHaveBeenCalledWith(0, 0);

    scrollTo.mockClear();
    await act(() => router.navigate('/blogs?page=2'));
    expect(scrollTo).not.toHaveBeenCalled();

    await act(() => router.navigate('/products'));
    await screen.findByRole('heading', { level: 1, name: 'Products' });
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });
});
