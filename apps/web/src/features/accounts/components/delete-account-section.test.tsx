import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render';
import { sessionActions, sessionStore } from '../../../lib/session-store';
import { DeleteAccountSection } from './delete-account-section';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => sessionStore.reset());

describe('deleting the account (privacy: right to deletion)', () => {
  it('asks for the current password, shows a wrong one, then deletes and logs out', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(
        json(400, { error: { code: 'WRONG_PASSWORD', message: 'The current password is incorrect' } }),
      )
      .mockResolvedValueOnce(json(200, { ok: true }));
    renderWithProviders(<DeleteAccountSection />);
    // After the app's start-up session check (which finds no session in a test): the user is logged in.
    await waitFor(() => expect(sessionStore.getState().isInitialCheckPending).toBe(false));
    act(() => sessionActions.loggedIn({ id: 'u1', fullName: 'Alice Martin' }));

    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    expect(await within(dialog).findByText('Enter your password.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    const password = within(dialog).getByLabelText(/Current password/);
    await userEvent.type(password, 'Wrong#Pass1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The current password is incorrect.');
    expect(sessionStore.getState().isLoggedIn).toBe(true);

    await userEvent.clear(password);
    await userEvent.type(password, 'Right#Pass1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    expect(await screen.findByText('Your account has been deleted.')).toBeInTheDocument();
    expect(sessionStore.getState().isLoggedIn).toBe(false);
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(String(url)).toMatch(/\/api\/v1\/profile$/);
    expect(init?.method).toBe('DELETE');
    expect(JSON.parse(String(init?.body))).toEqual({ currentPassword: 'Right#Pass1' });
  });

  it('can be cancelled without calling the server', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    renderWithProviders(<DeleteAccountSection />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
