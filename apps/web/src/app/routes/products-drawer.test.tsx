import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { focusableWithin } from '../../components/ui/modal';
import { renderApp } from '../../test/render';
import { jsonResponse, listingPageFixture, notFoundResponse } from '../../test/catalog-fixtures';

const json = jsonResponse;

function mockApi() {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (url.includes('/api/v1/category?')) return json({ items: [] });
    if (url.includes('/api/v1/product?')) {
      return json(listingPageFixture([]));
    }
    return notFoundResponse();
  });
}

describe('mobile filter drawer', () => {
  it('traps Tab inside, closes on Esc and returns focus to the Filters button', async () => {
    mockApi();
    const user = userEvent.setup();
    renderApp('/products');
    const opener = await screen.findByRole('button', { name: 'Filters' });
    await user.click(opener);

    const dialog = await screen.findByRole('dialog', { name: 'Filters' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const close = within(dialog).getByRole('button', { name: 'Close filters' });
    expect(close).toHaveFocus();
    expect(within(dialog).getByRole('form', { name: 'Filters' })).toBeInTheDocument();

    const items = focusableWithin(dialog);
    expect(items.length).toBeGreaterThan(2);
    // Shift+Tab from the first item wraps to the last; Tab from the last wraps to the first.
    await user.tab({ shift: true });
    expect(items[items.length - 1]).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    // A full cycle of Tab presses never leaves the drawer.
    for (let i = 0; i < items.length + 2; i += 1) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Filters' })).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});
