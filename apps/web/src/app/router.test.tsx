import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { isKnownPagePath, LANGUAGE_STORAGE_KEY, languageCodes } from '@maplesource/contracts';
import { renderApp } from '../test/render';
import { sessionStore } from '../lib/session-store';

describe('router', () => {
  it('renders the about page for /about-{product}', async () => {
    renderApp('/about-steel-beams');
    expect(await screen.findByRole('heading', { level: 1, name: 'About steel beams' })).toBeInTheDocument();
  });

  it('renders a helpful not-found page for unknown paths', async () => {
    for (const path of ['/nope', '/about-', '/products/a/b/c']) {
      const { unmount } = renderApp(path);
      expect(isKnownPagePath(path)).toBe(false);
      await screen.findByRole('heading', { level: 1, name: "We couldn't find that page" });
      expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
      expect(within(screen.getByRole('main')).getByRole('search')).toBeInTheDocument();
      unmount();
    }
  });

  it('serves /products/{type} from the category route', async () => {
    renderApp('/products/new-arrivals');
    expect(await screen.findByRole('heading', { level: 1, name: 'New arrivals' })).toBeInTheDocument();
  });

  it('renders logged-in-only pages to a logged-in user (verify-tokens succeeds)', async () => {
    const user = { id: 'u1', fullName: 'Test Buyer', avatar: null };
    document.cookie = 'ms_has_session=1; path=/';
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        String(url).includes('auth/verify-tokens')
          ? new Response(JSON.stringify({ user }), {
              status: 200,
              headers: { 'content-type': 'application/json' },
            })
          : new Response('{"error":{"code":"NOT_FOUND","message":"x"}}', { status: 404 }),
      ),
    );
    renderApp('/wishlist');
    await screen.findByRole('heading', { level: 1, name: 'Wishlist' });
    expect(screen.getByRole('tab', { name: 'Products' })).toHaveAttribute('aria-selected', 'true');
    vi.unstubAllGlobals();
    document.cookie = 'ms_has_session=; Max-Age=0; path=/';
    act(() => sessionStore.reset());
  });

  it('shows the landing page to a visitor on a logged-in-only URL', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"error":{"code":"UNAUTHENTICATED","message":"x"}}', { status: 401 })),
    );
    const { router } = renderApp('/profile');
    await screen.findByTestId('logged-out-landing');
    expect(screen.queryByRole('heading', { name: 'My profile' })).toBeNull();
    expect(router.state.location.pathname).toBe('/profile');
    vi.unstubAllGlobals();
    act(() => sessionStore.reset());
  });

  it('header search submits to /products?q=', async () => {
    const { router } = renderApp('/sellers');
    await screen.findByRole('heading', { level: 1, name: 'Sellers' });
    const banner = screen.getByRole('banner');
    const input = within(banner).getAllByRole('searchbox', {
      name: 'Search products, services and sellers',
    })[0]!;
    fireEvent.change(input, { target: { value: 'maple syrup' } });
    fireEvent.submit(input.closest('form')!);
    await screen.findByText('Results for “maple syrup”');
    expect(router.state.location.pathname).toBe('/products');
    expect(router.state.location.search).toBe('?q=maple+syrup');
  });

  it('log in button opens the auth modal flag in the session store', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    expect(sessionStore.getState().isAuthModalOpen).toBe(false);
    fireEvent.click(within(screen.getByRole('banner')).getAllByRole('button', { name: 'Log in' })[0]!);
    expect(sessionStore.getState().isAuthModalOpen).toBe(true);
    act(() => sessionStore.reset());
  });

  it('language menu lists 11 languages, is keyboard operable and switches the UI', async () => {
    const user = userEvent.setup();
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    const button = within(screen.getByRole('banner')).getAllByRole('button', {
      name: /^English — choose a language$/,
    })[0]!;
    button.focus();
    await user.keyboard('{ArrowDown}');
    const listbox = screen.getByRole('listbox');
    expect(within(listbox).getAllByRole('option')).toHaveLength(languageCodes.length);
    expect(within(listbox).getByRole('option', { name: 'English' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}'); // en → hi → fr
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
    expect(await screen.findByRole('link', { name: 'Passer au contenu principal' })).toBeInTheDocument();
    expect(button).toHaveFocus();
  });
});
