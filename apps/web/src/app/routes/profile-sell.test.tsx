import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserProfile } from '@maplesource/contracts/auth';
import { renderApp } from '../../test/render';
import { sessionUserFixture } from '../../test/account-fixtures';
import { jsonResponse as json } from '../../test/catalog-fixtures';
import { sessionStore } from '../../lib/session-store';
import ProfilePage from './profile';

const account = (roles: UserProfile['roles']) => sessionUserFixture({ city: 'Montréal', roles });

function serve(user: UserProfile) {
  document.cookie = 'ms_has_session=1; path=/';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.includes('auth/verify-tokens') || url.endsWith('/api/v1/profile')) return json({ user });
      if (url.endsWith('/api/v1/address')) return json({ items: [] });
      if (url.includes('locations/')) return json({ items: [] });
      return json({ error: { code: 'NOT_FOUND', message: 'x' } }, 404);
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'ms_has_session=; Max-Age=0; path=/';
  act(() => sessionStore.reset());
});

describe('the profile leads a business to the application to sell (decision 280)', () => {
  it('offers an account that is not a seller the way to the seller centre, where it applies', async () => {
    serve(account(['buyer']));
    renderApp('/profile', { routes: [{ path: '/profile', element: <ProfilePage /> }] });
    const link = await screen.findByRole('link', { name: 'Sell on MapleSource: apply for a storefront' });
    expect(link).toHaveAttribute('href', '/seller-centre');
    expect(screen.queryByText('Seller', { exact: true })).not.toBeInTheDocument();
  });

  it('shows a seller the badge instead', async () => {
    serve(account(['buyer', 'seller']));
    renderApp('/profile', { routes: [{ path: '/profile', element: <ProfilePage /> }] });
    expect(await screen.findByText('Seller', { exact: true })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /apply for a storefront/ })).not.toBeInTheDocument();
  });
});
