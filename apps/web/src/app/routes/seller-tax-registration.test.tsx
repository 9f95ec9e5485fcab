import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/render';
import { myStorefront } from '../../test/seller-fixtures';
import SellerTaxRegistrationPage from './seller-tax-registration';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const storefront = myStorefront;

/** The page in a memory router; `put` answers the PUT, `seller/me` answers the given storefronts. */
function openPage(
  options: { storefronts?: object[]; put?: (body: unknown) => Response; language?: 'fr' } = {},
) {
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    if (String(input).includes('/seller/me'))
      return json(200, { storefronts: options.storefronts ?? [storefront] });
    const body: unknown = JSON.parse(String(init?.body));
    return options.put ? options.put(body) : json(200, { profile: { ...storefront, ...(body as object) } });
  });
  const result = renderApp('/seller-centre/tax-registration', {
    routes: [
      { path: '/seller-centre/tax-registration', element: <SellerTaxRegistrationPage /> },
      { path: '/seller-centre/inbox', element: <h1>Inbox page</h1> },
    ],
  });
  const puts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');
  return { ...result, fetchMock, puts };
}

describe('the seller centre tax registration form', () => {
  it('refuses malformed numbers and a registrant without a GST/HST number, without calling the server', async () => {
    const { puts } = openPage();
    const form = await screen.findByRole('form', { name: 'Maple Metal' });
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Save tax registration' }));
    expect(
      await within(form).findByText('Enter your GST/HST number, or declare that you are a small supplier.'),
    ).toBeInTheDocument();
    await user.type(within(form).getByLabelText('GST/HST number'), '12345');
    await user.type(within(form).getByLabelText('QST number (Quebec)'), '99TQ');
    await user.click(within(form).getByRole('button', { name: 'Save tax registration' }));
    expect(await within(form).findByText('A GST/HST number looks like 123456789RT0001.')).toBeInTheDocument();
    expect(within(form).getByText('A QST number looks like 1234567890TQ0001.')).toBeInTheDocument();
    expect(within(form).getByLabelText('GST/HST number')).toHaveAttribute('aria-invalid', 'true');
    expect(puts()).toHaveLength(0);
  });

  it('explains the formats and the small-supplier exemption, saves with the keyboard and confirms', async () => {
    const { puts } = openPage();
    const form = await screen.findByRole('form', { name: 'Maple Metal' });
    expect(within(form).getByText(/123456789RT0001/)).toBeInTheDocument();
    expect(within(form).getByText(/1234567890TQ0001/)).toBeInTheDocument();
    const smallSupplier = within(form).getByRole('checkbox', { name: /small supplier/ });
    expect(smallSupplier).toHaveAccessibleDescription(/no more than \$30,000 of taxable sales/);
    const user = userEvent.setup();
    await user.clear(within(form).getByLabelText(/Legal business name/));
    await user.type(within(form).getByLabelText(/Legal business name/), 'Maple Metal Fabrication Inc.');
    await user.type(within(form).getByLabelText('GST/HST number'), '123 456 789 rt 0001');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Tax registration saved for Maple Metal.')).toBeInTheDocument();
    expect(puts()).toHaveLength(1);
    const [url, init] = puts()[0]! as [string, RequestInit];
    expect(url).toContain('/api/v1/seller/42/tax-profile');
    expect(new Headers(init.headers).get('role')).toBe('seller');
    expect(JSON.parse(String(init.body))).toEqual({
      legalName: 'Maple Metal Fabrication Inc.',
      gstHstNumber: '123456789RT0001',
      qstNumber: null,
      smallSupplier: false,
      address: null,
    });
  });

  it('saves the business address printed on invoices, and refuses half of one', async () => {
    const { puts } = openPage({ storefronts: [{ ...storefront, smallSupplier: true }] });
    const form = await screen.findByRole('form', { name: 'Maple Metal' });
    const address = within(form).getByRole('group', { name: /Business address/ });
    expect(address).toHaveAccessibleDescription(/Leave all four fields empty/);
    const user = userEvent.setup();
    await user.type(within(address).getByLabelText('Street address'), '1200 Industrial Rd');
    await user.click(within(form).getByRole('button', { name: 'Save tax registration' }));
    expect(await within(address).findByText('City is required.')).toBeInTheDocument();
    expect(within(address).getByText(/Enter a Canadian postal code/)).toBeInTheDocument();
    expect(within(address).getByLabelText('Province or territory')).toHaveAttribute('aria-invalid', 'true');
    expect(puts()).toHaveLength(0);
    await user.type(within(address).getByLabelText('City'), 'Hamilton');
    await user.selectOptions(within(address).getByLabelText('Province or territory'), 'ON');
    await user.type(within(address).getByLabelText('Postal code'), 'l8p4r5');
    await user.click(within(form).getByRole('button', { name: 'Save tax registration' }));
    expect(await screen.findByText('Tax registration saved for Maple Metal.')).toBeInTheDocument();
    expect(JSON.parse(String((puts()[0]![1] as RequestInit).body))).toMatchObject({
      address: { street: '1200 Industrial Rd', city: 'Hamilton', province: 'ON', postalCode: 'L8P 4R5' },
    });
  });

  it('saves a small supplier without a number', async () => {
    const { puts } = openPage();
    const form = await screen.findByRole('form', { name: 'Maple Metal' });
    const user = userEvent.setup();
    await user.click(within(form).getByRole('checkbox', { name: /small supplier/ }));
    await user.click(within(form).getByRole('button', { name: 'Save tax registration' }));
    expect(await screen.findByText('Tax registration saved for Maple Metal.')).toBeInTheDocument();
    expect(JSON.parse(String((puts()[0]![1] as RequestInit).body))).toMatchObject({
      gstHstNumber: null,
      smallSupplier: true,
    });
  });

  it("shows the server's refusal by its code", async () => {
    openPage({
      put: () => json(404, { error: { code: 'SELLER_NOT_FOUND', message: 'Seller not found' } }),
    });
    const form = await screen.findByRole('form', { name: 'Maple Metal' });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('GST/HST number'), '123456789RT0001');
    await user.click(within(form).getByRole('button', { name: 'Save tax registration' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Seller not found.');
  });

  it('says so when the seller owns no storefront, and links the seller centre sections', async () => {
    openPage({ storefronts: [] });
    expect(await screen.findByText(/You do not own a storefront yet/)).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Seller centre' });
    expect(within(nav).getByRole('link', { name: 'Tax registration' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Inbox' })).toHaveAttribute('href', '/seller-centre/inbox');
  });

  it('is in French', async () => {
    const { i18n } = openPage();
    await i18n.changeLanguage('fr');
    const form = await screen.findByRole('form', { name: 'Maple Metal' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Inscription aux taxes' }),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText('Numéro de TPS/TVH')).toBeInTheDocument();
    expect(within(form).getByRole('checkbox', { name: /petit fournisseur/ })).toBeInTheDocument();
  });
});
