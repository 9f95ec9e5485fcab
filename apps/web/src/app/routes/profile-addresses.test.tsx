import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render';
import { serveProfile, sessionUserFixture } from '../../test/account-fixtures';
import { jsonResponse as json } from '../../test/catalog-fixtures';
import { markSignedIn, forgetSession } from '../../test/session';

const user = sessionUserFixture();
const address = {
  id: '6f1c1a8e-1111-4a5b-9c0d-2e3f4a5b6c7d',
  street: '12 rue Sainte-Catherine',
  country: 'Canada',
  province: 'QC',
  city: 'Montréal',
  postalCode: 'H2X 1Y4',
  isDefaultShipping: false,
  addressType: 'shipping',
  createdAt: '2025-05-01T12:00:00.000Z',
  updatedAt: '2025-05-01T12:00:00.000Z',
};

afterEach(() => {
  vi.unstubAllGlobals();
  forgetSession();
});

describe('profile of a new account', () => {
  it('says up front that the city is needed to save, with the city field', async () => {
    serveProfile(user);
    renderApp('/profile');
    expect(
      await screen.findByText(
        'Your account has no city yet. Choose your province and city below: both are needed to save your profile.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Needed to save your profile.')).toBeInTheDocument();
    // The avatar picker draws pictures (SVG), not emoji that some systems show as empty boxes.
    const avatars = screen.getByRole('radiogroup', { name: 'Avatar' });
    const choices = within(avatars).getAllByRole('radio');
    expect(choices).toHaveLength(8);
    for (const choice of choices) expect(choice.querySelector('svg')).not.toBeNull();
    expect(avatars.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
    expect(within(avatars).getByRole('radio', { name: 'Canada goose' })).toBeInTheDocument();
  }, 20_000);
});

describe('profile addresses', () => {
  it('deletes an address through the confirmation modal, with a success toast (no browser confirm)', async () => {
    markSignedIn();
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    let deleted = false;
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        const method = init?.method ?? 'GET';
        calls.push(`${method} ${url.replace(/^.*\/api\/v1\//, '')}`);
        if (url.includes('auth/verify-tokens') || url.endsWith('/api/v1/profile')) return json({ user });
        if (method === 'DELETE' && url.includes(`/api/v1/address/${address.id}`)) {
          deleted = true;
          return json({ ok: true });
        }
        if (url.endsWith('/api/v1/address')) return json({ items: deleted ? [] : [address] });
        if (url.includes('locations/')) return json({ items: [] });
        return json({ error: { code: 'NOT_FOUND', message: 'x' } }, 404);
      }),
    );
    const ui = userEvent.setup();
    renderApp('/profile');
    const remove = await screen.findByRole('button', { name: `Delete ${address.street}` });
    await ui.click(remove);
    const dialog = await screen.findByRole('dialog', { name: 'Delete this address?' });
    expect(dialog).toHaveTextContent(`${address.street} will be removed from your addresses.`);
    // Cancel keeps it.
    await ui.click(within(dialog).getAllByRole('button', { name: 'Cancel' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.startsWith('DELETE'))).toBe(false);
    expect(remove).toHaveFocus();

    await ui.click(remove);
    await ui.click(
      within(await screen.findByRole('dialog', { name: 'Delete this address?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('Address deleted.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('You have no saved address yet.')).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
  }, 20_000);
});
