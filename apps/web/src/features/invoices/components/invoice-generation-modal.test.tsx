import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { computeCanadianTax } from '@maplesource/contracts/canadian-tax';
import { renderApp, renderWithProviders } from '../../../test/render';
import { clearToasts } from '../../../lib/toast-store';
import { invoiceDateToday } from '../model/money-input';
import { json, makeInvoice } from '../test-support';
import { InvoiceGenerationModal, type InvoiceChat } from './invoice-generation-modal';

afterEach(() => clearToasts());

const chat: InvoiceChat = {
  kind: 'product',
  chatId: '10000000-0000-4000-8000-000000000000',
  subjectName: 'Aluminum extrusion',
  quantity: 500,
  deliveryProvince: 'ON',
  leadDays: 14,
};

function open(overrides: Partial<InvoiceChat> = {}) {
  const onClose = vi.fn();
  const result = renderWithProviders(
    <InvoiceGenerationModal chat={{ ...chat, ...overrides }} onClose={onClose} />,
  );
  return { ...result, onClose, dialog: screen.getByRole('dialog', { name: 'Issue invoice' }) };
}

const registered = {
  sellerId: 7,
  slug: 'maple-metal',
  name: 'Maple Metal',
  legalName: 'Maple Metal Inc.',
  gstHstNumber: '123456789RT0001',
  qstNumber: null,
  smallSupplier: false,
};

/** The modal on a page of a memory router that also has the tax registration page (its link's target). */
function openRouted(storefronts: object[], overrides: Partial<InvoiceChat> = {}) {
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
    String(input).includes('/seller/me')
      ? json(200, { storefronts })
      : json(422, {
          error: { code: 'INVOICE_SELLER_TAX_NUMBER_REQUIRED', message: 'Add your GST/HST number' },
        }),
  );
  const onClose = vi.fn();
  const result = renderApp('/seller-centre/inbox', {
    routes: [
      {
        path: '/seller-centre/inbox',
        element: <InvoiceGenerationModal chat={{ ...chat, ...overrides }} onClose={onClose} />,
      },
      { path: '/seller-centre/tax-registration', element: <h1>Tax registration page</h1> },
    ],
  });
  return { ...result, fetchMock, onClose };
}

const issueCalls = (mock: { mock: { calls: unknown[][] } }) =>
  mock.mock.calls.filter(([url]) => String(url).includes('/invoices'));

describe('the invoice generation modal (spec §2, §5)', () => {
  it('requires a price, refuses negative shipping and needs a reason to change the tax, without calling the server', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    const { dialog } = open();
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Issue invoice' }));
    expect(
      await within(dialog).findByText('Enter a negotiated price of at least $0.01.'),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Negotiated price/), '1000');
    await user.clear(within(dialog).getByLabelText(/Shipping/));
    await user.type(within(dialog).getByLabelText(/Shipping/), '-5');
    await user.click(within(dialog).getByRole('checkbox', { name: /Change the tax/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Issue invoice' }));
    expect(await within(dialog).findByText('Shipping cannot be negative.')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Give a reason (at least 3 characters) for changing the tax.'),
    ).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/Shipping/));
    await user.type(within(dialog).getByLabelText(/Shipping/), '12.345');
    await user.click(within(dialog).getByRole('button', { name: 'Issue invoice' }));
    expect(await within(dialog).findByText('Amounts are in whole cents.')).toBeInTheDocument();
    expect(issueCalls(fetchMock)).toHaveLength(0);
  });

  it('computes the tax and the total live from the delivery province and today’s rate', async () => {
    const { dialog } = open({ deliveryProvince: 'QC' });
    const user = userEvent.setup();
    expect(within(dialog).getByTestId('invoice-total')).toHaveTextContent('$0.00');
    await user.type(within(dialog).getByLabelText(/Negotiated price/), '1000');
    await user.clear(within(dialog).getByLabelText(/Shipping/));
    await user.type(within(dialog).getByLabelText(/Shipping/), '50');
    const expected = computeCanadianTax({ province: 'QC', date: invoiceDateToday(), taxableCents: 105_000 });
    const lines = within(dialog).getByRole('list', { name: 'Tax by tax' });
    expect(within(lines).getByText('GST (5 %)')).toBeInTheDocument();
    expect(within(lines).getByText('QST (9.975 %)')).toBeInTheDocument();
    expect(within(lines).getByText('$104.74')).toBeInTheDocument();
    expect(within(dialog).getByTestId('invoice-total')).toHaveTextContent(
      `$${((105_000 + expected.totalCents) / 100).toLocaleString('en-CA', { minimumFractionDigits: 2 })}`,
    );
    await user.click(within(dialog).getByRole('checkbox', { name: /Change the tax/ }));
    expect(within(dialog).getByTestId('invoice-total')).toHaveTextContent('$1,050.00');
  });

  it('sends cents once per form with an Idempotency-Key and shows the server’s refusal by its code', async () => {
    let issueAttempts = 0;
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      if (String(input).includes('/seller/me')) return json(200, { storefronts: [registered] });
      issueAttempts += 1;
      return issueAttempts === 1
        ? json(409, { error: { code: 'INVOICE_ALREADY_PENDING', message: 'pending' } })
        : json(201, { invoice: makeInvoice() });
    });
    const { dialog, onClose } = open();
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText(/Negotiated price/), '1 250,5');
    await user.click(within(dialog).getByRole('checkbox', { name: /Change the tax/ }));
    await user.click(within(dialog).getByRole('radio', { name: 'Zero-rated' }));
    await user.type(within(dialog).getByLabelText(/Reason shown on the invoice/), 'Exported outside Canada');
    await user.type(within(dialog).getByLabelText(/Payment terms/), 'Card on acceptance');
    await user.click(within(dialog).getByRole('button', { name: 'Issue invoice' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This conversation already has a pending invoice',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Issue invoice' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText('Invoice sent to the buyer.')).toBeInTheDocument();

    const calls = issueCalls(fetchMock);
    expect(calls).toHaveLength(2);
    const [url, init] = calls[1]! as [string, RequestInit];
    expect(url).toContain(`/api/v1/chats/${chat.chatId}/invoices`);
    const keys = calls.map(([, i]) => new Headers((i as RequestInit).headers).get('Idempotency-Key'));
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
    expect(new Headers(init.headers).get('role')).toBe('seller');
    expect(JSON.parse(String(init.body))).toMatchObject({
      negotiatedPriceCents: 125_050,
      shippingCents: 0,
      leadDays: 14,
      expiresInHours: 168,
      paymentTerms: 'Card on acceptance',
      taxOverride: {
        reason: 'Exported outside Canada',
        lines: [{ code: 'HST', ratePercent: '0', amountCents: 0 }],
      },
    });
  });

  it('is in French', async () => {
    const { i18n } = renderWithProviders(<InvoiceGenerationModal chat={chat} onClose={() => undefined} />);
    await i18n.changeLanguage('fr');
    expect(await screen.findByRole('dialog', { name: 'Émettre une facture' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Prix négocié/)).toBeInTheDocument();
  });

  it("names the product in the reader's language (decision 233)", async () => {
    const named = { ...chat, subjectNameFr: 'Profilé d’aluminium' };
    const { i18n } = renderWithProviders(<InvoiceGenerationModal chat={named} onClose={() => undefined} />);
    await i18n.changeLanguage('fr');
    const dialog = await screen.findByRole('dialog', { name: 'Émettre une facture' });
    expect(within(dialog).getByText('Profilé d’aluminium')).toBeInTheDocument();
    expect(within(dialog).queryByText('Aluminum extrusion')).not.toBeInTheDocument();
    await i18n.changeLanguage('en');
    expect(await within(dialog).findByText('Aluminum extrusion')).toBeInTheDocument();
  });

  describe('before a seller without a tax registration fills it in', () => {
    it('explains what is missing and links to the tax registration form instead of the form', async () => {
      const { fetchMock, onClose, router } = openRouted([
        { ...registered, gstHstNumber: null, legalName: 'Maple Metal' },
      ]);
      const notice = await screen.findByRole('alert');
      expect(notice).toHaveTextContent('Add your tax registration first');
      expect(notice).toHaveTextContent('Missing for: Maple Metal.');
      expect(screen.queryByLabelText(/Negotiated price/)).not.toBeInTheDocument();
      expect(new Headers((fetchMock.mock.calls[0]![1] as RequestInit).headers).get('role')).toBe('seller');
      const user = userEvent.setup();
      await user.click(within(notice).getByRole('link', { name: 'Open tax registration' }));
      expect(onClose).toHaveBeenCalled();
      expect(router.state.location.pathname).toBe('/seller-centre/tax-registration');
    });

    it('asks for the QST number only when the delivery is in Quebec, and keeps the form for a small supplier', async () => {
      const quebec = openRouted([registered], { deliveryProvince: 'QC' });
      expect(await screen.findByRole('alert')).toHaveTextContent('a QST number to deliver to Quebec');
      quebec.unmount();
      vi.restoreAllMocks();

      openRouted([{ ...registered, gstHstNumber: null, smallSupplier: true }], { deliveryProvince: 'QC' });
      expect(await screen.findByLabelText(/Negotiated price/)).toBeInTheDocument();
      await vi.waitFor(() => expect(globalThis.fetch).toHaveBeenCalled());
      expect(screen.queryByText('Add your tax registration first')).not.toBeInTheDocument();
    });

    it('with several storefronts, names the unregistered one above the form', async () => {
      openRouted([registered, { ...registered, sellerId: 8, name: 'Birch Works', gstHstNumber: null }]);
      const notice = await screen.findByRole('status');
      expect(notice).toHaveTextContent('Missing for: Birch Works.');
      expect(screen.getByLabelText(/Negotiated price/)).toBeInTheDocument();
    });

    it('still explains the server’s refusal with a link when the profile changed meanwhile', async () => {
      const { onClose } = openRouted([registered]);
      const user = userEvent.setup();
      await user.type(await screen.findByLabelText(/Negotiated price/), '100');
      await user.click(screen.getByRole('button', { name: 'Issue invoice' }));
      const alert = await screen.findByText(/Add your legal name and GST\/HST registration number/);
      await user.click(within(alert).getByRole('link', { name: 'Open tax registration' }));
      expect(onClose).toHaveBeenCalled();
    });
  });
});
