import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SellerStorefront } from '@maplesource/contracts/seller-storefront';
import { renderApp } from '../../test/render';
import SellerStorefrontPage from './seller-storefront';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const storefront: SellerStorefront = {
  id: '42',
  slug: 'maple-metal',
  name: 'Maple Metal',
  listed: true,
  logoUrl: null,
  bannerUrl: null,
  descriptionEn: 'Sheet metal since 1990.',
  descriptionFr: '',
  contactEmail: null,
  contactPhone: null,
  website: null,
  serviceProvinces: ['ON'],
  certifications: [],
  yearEstablished: 1990,
};

function openPage() {
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.includes('/seller/me'))
      return json(200, {
        storefronts: [{ sellerId: 42, slug: 'maple-metal', name: 'Maple Metal', legalName: 'Maple Metal' }],
      });
    if (url.includes('/seller/42/storefront') && init?.method === 'PUT')
      return json(200, { ...storefront, ...(JSON.parse(String(init.body)) as object) });
    if (url.includes('/seller/42/storefront')) return json(200, storefront);
    return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
  const result = renderApp('/seller-centre/storefront', {
    routes: [
      { path: '/seller-centre/storefront', element: <SellerStorefrontPage /> },
      { path: '/seller-centre/inbox', element: <h1>Inbox page</h1> },
    ],
  });
  const puts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');
  return { ...result, puts };
}

describe('the seller centre storefront', () => {
  it('is in the seller centre navigation between Services and Orders', async () => {
    openPage();
    const nav = await screen.findByRole('navigation', { name: 'Seller centre' });
    const names = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names.indexOf('Storefront')).toBe(names.indexOf('Services') + 1);
    expect(names.indexOf('Orders')).toBe(names.indexOf('Storefront') + 1);
    expect(within(nav).getByRole('link', { name: 'Storefront' })).toHaveAttribute('aria-current', 'page');
  });

  it('saves the French description, contact, provinces, certifications and year with the seller role', async () => {
    const { puts } = openPage();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Description in French'), 'Tôlerie depuis 1990.');
    await user.type(screen.getByLabelText('Contact e-mail'), 'Sales@Maple-Metal.ca');
    await user.type(screen.getByLabelText('Website'), 'https://maple-metal.ca');
    await user.click(screen.getByRole('checkbox', { name: 'Quebec' }));
    await user.click(screen.getByRole('checkbox', { name: 'AS9100' }));
    await user.click(screen.getByRole('checkbox', { name: 'Controlled Goods Program' }));
    await user.click(screen.getByRole('button', { name: 'Save storefront' }));
    expect(await screen.findByText('Storefront saved. Buyers see the changes now.')).toBeInTheDocument();
    expect(puts()).toHaveLength(1);
    const [url, init] = puts()[0]! as [string, RequestInit];
    expect(url).toContain('/api/v1/seller/42/storefront');
    expect(new Headers(init.headers).get('role')).toBe('seller');
    expect(new Headers(init.headers).get('idempotency-key')).toBeTruthy();
    expect(JSON.parse(String(init.body))).toEqual({
      logoUrl: null,
      bannerUrl: null,
      descriptionEn: 'Sheet metal since 1990.',
      descriptionFr: 'Tôlerie depuis 1990.',
      contactEmail: 'sales@maple-metal.ca',
      contactPhone: null,
      website: 'https://maple-metal.ca',
      serviceProvinces: ['ON', 'QC'],
      certifications: ['as9100', 'controlled-goods'],
      yearEstablished: 1990,
    });
  });

  it('shows errors beside their fields without calling the server', async () => {
    const { puts } = openPage();
    const user = userEvent.setup();
    await user.clear(await screen.findByLabelText('Description in English'));
    const year = screen.getByLabelText(/Year founded/);
    await user.clear(year);
    await user.type(year, '3000');
    await user.type(screen.getByLabelText('Website'), 'http://example.com');
    await user.click(screen.getByRole('button', { name: 'Save storefront' }));
    expect(await screen.findByText('Describe your business in English or French.')).toBeInTheDocument();
    expect(screen.getByText('Enter a year between 1800 and this year.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Year founded/)).toHaveAttribute('aria-invalid', 'true');
    expect(puts()).toHaveLength(0);
  });

  it('asks before leaving with unsaved changes: stay keeps the edits, leave goes', async () => {
    const { router } = openPage();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Description in French'), 'Brouillon');
    await user.click(screen.getByRole('link', { name: 'Inbox' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(dialog).toHaveAccessibleDescription(/unsaved changes/);
    await user.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/seller-centre/storefront');
    expect(screen.getByLabelText('Description in French')).toHaveValue('Brouillon');

    await user.click(screen.getByRole('link', { name: 'Inbox' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave without saving' }),
    );
    expect(await screen.findByRole('heading', { name: 'Inbox page' })).toBeInTheDocument();
  });

  it('leaves without asking when nothing changed, and warns the browser on unload only when dirty', async () => {
    const { router } = openPage();
    const user = userEvent.setup();
    await screen.findByLabelText('Description in French');
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    await user.type(screen.getByLabelText('Description in French'), 'x');
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
    await user.clear(screen.getByLabelText('Description in French'));
    await user.click(screen.getByRole('link', { name: 'Inbox' }));
    expect(await screen.findByRole('heading', { name: 'Inbox page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/seller-centre/inbox');
  });
});
