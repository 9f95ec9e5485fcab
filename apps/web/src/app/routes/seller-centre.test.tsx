import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/render';
import { sessionStore } from '../../lib/session-store';
import SellerCentrePage from './seller-centre';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const category = {
  id: '1',
  kind: 'product',
  slug: 'metals',
  parentId: null,
  nameEn: 'Metals',
  nameFr: 'Métaux',
  itemCount: 3,
  children: [],
};

function openPage(options: { application?: object | null; roles?: string[] } = {}) {
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.includes('seller-applications/mine'))
      return json(200, { application: options.application ?? null });
    if (url.includes('/category')) return json(200, { items: [category] });
    if (init?.method === 'POST') return json(201, { id: 'a1' });
    return json(404, { error: { code: 'NOT_FOUND', message: 'nope' } });
  });
  renderApp('/seller-centre', { routes: [{ path: '/seller-centre', element: <SellerCentrePage /> }] });
  // After the render's reset of the stores: the account's roles, as the session check leaves them.
  act(() => {
    sessionStore.setState({
      isLoggedIn: true,
      userInfo: { id: 'u1', fullName: 'Béa', roles: options.roles ?? ['buyer'] },
    });
  });
  const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
  return { posts };
}

afterEach(() => sessionStore.setState({ isLoggedIn: false, userInfo: null }));

describe('the seller centre dashboard', () => {
  it('has one labelled navigation, and lets an account that is not a seller apply, checked before sending', async () => {
    const { posts } = openPage();
    const nav = screen.getByRole('navigation', { name: 'Seller centre' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Inbox' })).toHaveAttribute('href', '/seller-centre/inbox');
    const form = await screen.findByRole('form', { name: 'Apply to sell on MapleSource' });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText(/Business number/), '12345');
    await user.click(within(form).getByRole('button', { name: 'Send my application' }));
    expect(await within(form).findByText('A business number has 9 digits.')).toBeInTheDocument();
    expect(within(form).getByText('Choose at least one category.')).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
  });

  it('shows a refused application with its reason, and a seller its sections instead of the form', async () => {
    openPage({
      application: {
        id: 'a1',
        status: 'refused',
        operatingName: 'Atelier Boréal',
        refusalReason: 'Business number not found',
        storefront: null,
      },
    });
    expect(await screen.findByText('Reason: Business number not found')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Apply to sell on MapleSource' })).toBeInTheDocument();
  });

  it('gives a seller the links to its sections', async () => {
    openPage({ roles: ['buyer', 'seller'] });
    // The navigation's link and the dashboard's tile.
    await waitFor(() => expect(screen.getAllByRole('link', { name: 'Tax registration' })).toHaveLength(2));
    expect(screen.queryByRole('form', { name: 'Apply to sell on MapleSource' })).toBeNull();
  });
});
