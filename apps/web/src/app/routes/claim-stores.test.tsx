import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/render';
import { toastStore } from '../../lib/toast-store';
import ClaimStoresPage from './claim-stores';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const store = (id: string, name: string) => ({
  id,
  slug: `store-${id}`,
  name,
  businessType: 'manufacturer',
  province: 'ON',
  city: 'Hamilton',
  verified: false,
  claimed: false,
  logoUrl: '/logo.png',
  productCount: 3,
  serviceCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
});
const metals = {
  id: 'c1',
  kind: 'product',
  slug: 'metals',
  parentId: null,
  nameEn: 'Metals',
  nameFr: 'Métaux',
  itemCount: 3,
};

function openPage(post?: (url: string, body: unknown) => Response) {
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (init?.method === 'POST' && post) return post(url, init.body ? JSON.parse(String(init.body)) : null);
    if (init?.method === 'POST')
      return json(503, {
        error: { code: 'CLAIM_SERVICE_MAINTENANCE', message: 'Claim service is under maintenance' },
      });
    if (url.includes('claim-stores/random')) return json(200, { items: [store('r1', 'Random Forge Ltd.')] });
    if (url.includes('claim-stores/category-wise'))
      return json(200, { items: [{ category: metals, sellers: [store('m1', 'Hamilton Steel Works')] }] });
    if (url.includes('claim-stores/list'))
      return json(200, {
        items: [store('a1', 'Atlantic Castings'), store('a2', 'Prairie Pumps')],
        total: 30,
        page: 1,
        pageSize: 24,
      });
    return json(404, { error: { code: 'NOT_FOUND', message: 'nope' } });
  });
  renderApp('/claim-stores', { routes: [{ path: '/claim-stores', element: <ClaimStoresPage /> }] });
  return { fetchMock };
}

describe('the unclaimed storefronts screen', () => {
  it('lists unclaimed storefronts at random, by category and all of them, each with its own claim button', async () => {
    const { fetchMock } = openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Unclaimed storefronts' })).toBeInTheDocument();
    const category = await screen.findByRole('region', { name: 'Metals' });
    expect(
      within(category).getByRole('heading', { level: 4, name: 'Hamilton Steel Works' }),
    ).toBeInTheDocument();
    const all = screen.getByRole('region', { name: 'All unclaimed storefronts' });
    expect(await within(all).findByText('30 sellers')).toBeInTheDocument();
    expect(within(all).getByRole('button', { name: 'Claim this shop: Prairie Pumps' })).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Claim this shop: Random Forge Ltd.' }),
    ).toBeInTheDocument();
    const asked = fetchMock.mock.calls.map(([input]) => String(input));
    expect(asked.some((url) => url.includes('claim-stores/list') && url.includes('pageSize=24'))).toBe(true);
  });

  it('claims the storefront whose button was pressed and shows the server’s answer', async () => {
    const { fetchMock } = openPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Claim this shop: Atlantic Castings' }));
    await waitFor(() =>
      expect(toastStore.getState().toasts.map((toast) => toast.message)).toContain(
        'Claim service is under maintenance',
      ),
    );
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts.map(([input]) => String(input))).toEqual([expect.stringContaining('claim-stores/a1/claim')]);
    expect(new Headers(posts[0]?.[1]?.headers).get('idempotency-key')).toBeTruthy();
  });

  it('with claims open, proves the listed e-mail domain with a code and says the claim waits for an admin', async () => {
    const claim = (status: string) => ({
      id: '6d1c7c2e-0000-4000-8000-000000000001',
      status,
      channel: 'email',
      destination: 'me@atlantic.example.ca',
      businessNumber: '123456789',
      storefront: { id: 'a1', slug: 'store-a1', name: 'Atlantic Castings' },
      codeExpiresAt: '2026-11-28T10:15:00.000Z',
      refusalReason: null,
      createdAt: '2026-11-28T10:00:00.000Z',
      decidedAt: null,
    });
    const bodies: unknown[] = [];
    const { fetchMock } = openPage((url, body) => {
      bodies.push(body);
      if (url.endsWith('claim-stores/a1/claim'))
        return json(200, { ok: true, emailDomain: 'atlantic.example.ca', phoneHint: '•••• 0123' });
      if (url.endsWith('claim-stores/a1/claims')) return json(201, claim('verifying'));
      if (url.includes('/verify')) {
        return (body as { code: string }).code === '123456'
          ? json(200, claim('pending'))
          : json(400, { error: { code: 'CLAIM_CODE_WRONG', message: 'wrong' } });
      }
      return json(404, { error: { code: 'NOT_FOUND', message: 'nope' } });
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Claim this shop: Atlantic Castings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Claim Atlantic Castings' });
    expect(within(dialog).getByRole('radio', { name: /atlantic\.example\.ca/ })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: /0123/ })).toBeInTheDocument();
    await user.type(
      within(dialog).getByLabelText('Your e-mail address at atlantic.example.ca'),
      'me@atlantic.example.ca',
    );
    await user.type(within(dialog).getByLabelText(/^Business number/), '123 456 789');
    await user.click(within(dialog).getByRole('button', { name: 'Send the code' }));
    expect(
      await within(dialog).findByText(/We sent a 6-digit code to me@atlantic\.example\.ca/),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Code'), '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm the code' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This is not the code we sent.');
    await user.clear(within(dialog).getByLabelText('Code'));
    await user.type(within(dialog).getByLabelText('Code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm the code' }));
    expect(await within(dialog).findByText(/is waiting for an administrator/)).toBeInTheDocument();
    expect(bodies[1]).toEqual({
      channel: 'email',
      email: 'me@atlantic.example.ca',
      businessNumber: '123 456 789',
    });
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts).toHaveLength(4);
    // Each claim step carries an Idempotency-Key (decision 247): a new one for each new request.
    const claimSteps = posts.filter(([input]) => /\/claims$|\/verify$/.test(String(input)));
    const keys = claimSteps.map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
    expect(claimSteps.length).toBeGreaterThanOrEqual(2);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f-]{36}$/);
  });
});
