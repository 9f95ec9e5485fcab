import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { sessionStore } from '../../../lib/session-store';
import { setLanguage } from '../../../lib/i18n';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const preferencesOf = (preferredLanguage: string) => ({
  preferredPaymentMethods: [],
  preferredCurrency: 'CAD',
  preferredLanguage,
});

/** Every PUT profile/preferences the page sent (their bodies), answering with the stored result. */
function stubPreferences() {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (String(url).includes('profile/preferences') && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as { preferredLanguage: string };
        sent.push(body);
        return json(200, { preferences: preferencesOf(body.preferredLanguage) });
      }
      return json(401, { error: { code: 'UNAUTHENTICATED', message: 'x' } });
    }),
  );
  return sent;
}
const signIn = (id: string, preferredLanguage: string) =>
  act(() =>
    sessionStore.setState({
      isLoggedIn: true,
      userInfo: { id, fullName: 'Jeanne Roy', preferences: preferencesOf(preferredLanguage) },
    }),
  );
const storedLanguage = () =>
  (sessionStore.getState().userInfo?.['preferences'] as { preferredLanguage: string } | undefined)
    ?.preferredLanguage;

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => sessionStore.reset());
});

describe("the account's stored language follows the page's (decision 210)", () => {
  it('stores the language switched to, once, and English for a language without texts', async () => {
    const sent = stubPreferences();
    const { i18n } = renderWithProviders(<p>page</p>);
    signIn('u1', 'en');
    await act(() => setLanguage('fr', i18n));
    await waitFor(() => expect(storedLanguage()).toBe('fr'));
    expect(sent).toEqual([{ preferredLanguage: 'fr' }]);

    await act(() => setLanguage('de', i18n));
    await waitFor(() => expect(storedLanguage()).toBe('en'));
    expect(sent).toEqual([{ preferredLanguage: 'fr' }, { preferredLanguage: 'en' }]);
  });

  it("after a sign-in, stores the page's language when the account's differs, and nothing when they agree", async () => {
    const sent = stubPreferences();
    renderWithProviders(<p>page</p>, { language: 'fr' });
    signIn('u2', 'fr');
    signIn('u2', 'fr');
    expect(sent).toEqual([]);
    await act(() => sessionStore.setState({ isLoggedIn: false, userInfo: null }));
    signIn('u3', 'en');
    await waitFor(() => expect(storedLanguage()).toBe('fr'));
    expect(sent).toEqual([{ preferredLanguage: 'fr' }]);
  });

  it('sends nothing while signed out', async () => {
    const sent = stubPreferences();
    const { i18n } = renderWithProviders(<p>page</p>);
    await act(() => setLanguage('fr', i18n));
    expect(sent).toEqual([]);
  });
});
