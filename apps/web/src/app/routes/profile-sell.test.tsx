import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserProfile } from '@maplesource/contracts/auth';
import { renderApp } from '../../test/render';
import { serveProfile, sessionUserFixture } from '../../test/account-fixtures';
import ProfilePage from './profile';
import { forgetSession } from '../../test/session';

const account = (roles: UserProfile['roles']) => sessionUserFixture({ city: 'Montréal', roles });

afterEach(() => {
  vi.unstubAllGlobals();
  forgetSession();
});

describe('the profile leads a business to the application to sell (decision 280)', () => {
  it('offers an account that is not a seller the way to the seller centre, where it applies', async () => {
    serveProfile(account(['buyer']));
    renderApp('/profile', { routes: [{ path: '/profile', element: <ProfilePage /> }] });
    const link = await screen.findByRole('link', { name: 'Sell on MapleSource: apply for a storefront' });
    expect(link).toHaveAttribute('href', '/seller-centre');
    expect(screen.queryByText('Seller', { exact: true })).not.toBeInTheDocument();
  });

  it('shows a seller the badge instead', async () => {
    serveProfile(account(['buyer', 'seller']));
    renderApp('/profile', { routes: [{ path: '/profile', element: <ProfilePage /> }] });
    expect(await screen.findByText('Seller', { exact: true })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /apply for a storefront/ })).not.toBeInTheDocument();
  });
});
