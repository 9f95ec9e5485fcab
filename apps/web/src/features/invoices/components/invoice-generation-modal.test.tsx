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

/** The platform fee line's answer (the form asks for it once the total is known). */
const feeQuote = { rateBps: 500, feeCents: 100, feeTaxCents: 13, sellerShareCents: 1_000 };

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

describe('the invoice generation modal (docs/product.md §2, §5)', () => {
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
    // The table's rate needs no reason: the picker appears once a rate differs.
    expect(within(dialog).queryByRole('radiogroup')).not.toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/HST rate/));
    await user.type(within(dialog).getByLabelText(/HST rate/), '0');
    expect(
      within(dialog).getByRole('radiogroup', { name: 'Reason shown on the invoice' }),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Issue invoice' }));
    expect(await within(dialog).findByText('Shipping cannot be negative.')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'Choose why the tax differs: zero-rated supply, exempt supply, export or the buyer’s exemption certificate.',
      ),
    ).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/Shipping/));
    await user.type(within(dialog).getByLabelText(/Shipping/), '12.345');
    await user.click(within(dialog).getByRole('button', { name: 'Issue invoice' }));
    expect(await within(dialog).findByText('Amounts are in whole cents.')).toBeInTheDocument();
    expect(issueCalls(fetchMock)).toHaveLength(0);
  });

  it('refuses a rate the law does not allow and a certificate without its number, in the field (decision 241)', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    const { dialog } = open();
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText(/Negotiated price/), '100');
    await user.click(within(dialog).getByRole('checkbox', { name: /Change the tax/ }));
    const rate = within(dialog).getByLabelText(/HST rate/);
    expect(rate).toHaveValue('13');
    expect(rate).toHaveAccessibleDescription(/13 % or 0 %/);
    await user.clear(rate);
    await user.type(rate, '99.999');
    await user.click(within(dialog).getByRole('radio', { name: 'Zero-rated supply' }));
    await user.click(within(dialog).getByRole('button', { name: 'Issue invoice' }));
    expect(
      await within(dialog).findByText('Use the province’s rate or 0 %; no other rate is allowed.'),
    ).toBeInTheDocument();
    expect(rate).toHaveAttribute('aria-invalid', 'true');

    await user.clear(rate);
    await user.type(rate, '0');
    await user.click(within(dialog).getByRole('radio', { name: 'Buyer’s exemption certificate' }));
    const certificate = within(dialog).getByLabelText(/Exemption certificate number/);
    await user.click(within(dialog).getByRole('button', { name: 'Issue invoice' }));
    expect(
      await within(dialog).findByText('Enter the number of the buyer’s exemption certificate.'),
    ).toBeInTheDocument();
    expect(certificate).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByText(/no other rate is allowed/)).not.toBeInTheDocument();
    expect(issueCalls(fetchMock)).toHaveLength(0);
  });

  it('sends a BC exemption certificate for PST with its number, GST still charged at its amount', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (input) =>
        String(input).includes('/seller/me')
          ? json(200, { storefronts: [registered] })
          : String(input).includes('/platform-fee')
            ? json(200, feeQuote)
            : json(201, { invoice: makeInvoice() }),
      );
    const { dialog, onClose } = open({ deliveryProvince: 'BC' });
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText(/Negotiated price/), '1000');
    await user.click(within(dialog).getByRole('checkbox', { name: /Change the tax/ }));
    await user.clear(within(dialog).getByLabelText(/PST rate/));
    await user.type(within(dialog).getByLabelText(/PST rate/), '0');
    await user.click(within(dialog).getByRole('radio', { name: 'Buyer’s exemption certificate' }));
    await user.type(within(dialog).getByLabelText(/Exemption certificate number/), 'PST-EX 1234');
    expect(within(dialog).getByTestId('invoice-total')).toHaveTextContent('$1,050.00');
    await user.click(within(dialog).getByRole('button', { name: 'Issue invoice' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const [, init] = issueCalls(fetchMock)[0]! as [string, RequestInit];
    expect(JSON.parse(String(init.body)).taxOverride).toEqual({
      reason: 'exemptionCertificate',
      certificateNumber: 'PST-EX 1234',
      lines: [
        { code: 'GST', ratePercent: '5', amountCents: 5_000 },
        { code: 'PST', ratePercent: '0', amountCents: 0 },
      ],
    });
  });

  it('shows the reasons and the field errors in French', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    const { i18n } = renderWithProviders(<InvoiceGenerationModal chat={chat} onClose={() => undefined} />);
    await i18n.changeLanguage('fr');
    const dialog = await screen.findByRole('dialog', { name: 'Émettre une facture' });
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText(/Prix négocié/), '100');
    await user.click(within(dialog).getByRole('checkbox', { name: /Modifier les taxes/ }));
    await user.clear(within(dialog).getByLabelText(/Taux de TVH/));
    await user.type(within(dialog).getByLabelText(/Taux de TVH/), '0');
    const reasons = within(dialog).getByRole('radiogroup', { name: 'Motif indiqué sur la facture' });
    for (const name of [
      'Fourniture détaxée',
      'Fourniture exonérée',
      'Exportation',
      'Certificat d’exemption de l’acheteur',
    ])
      expect(within(reasons).getByRole('radio', { name })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Émettre la facture' }));
    expect(await within(dialog).findByText(/Choisissez pourquoi la taxe diffère/)).toBeInTheDocument();
    expect(issueCalls(fetchMock)).toHaveLength(0);
  });

  it('shows no total while the price or the shipping is not a valid amount (EN and FR)', async () => {
    for (const language of ['en', 'fr'] as const) {
      const { dialog, unmount } = (() => {
        const onClose = vi.fn();
        const result = renderWithProviders(<InvoiceGenerationModal chat={chat} onClose={onClose} />, {
          language,
        });
        return { ...result, dialog: screen.getByRole('dialog') };
      })();
      const user = userEvent.setup();
      const total = within(dialog).getByTestId('invoice-total');
      const hint =
        language === 'en'
          ? 'The total appears once the price and the shipping are valid amounts.'
          : 'Le total s’affiche dès que le prix et la livraison sont des montants valides.';
      const price = within(dialog).getByLabelText(language === 'en' ? /Negotiated price/ : /Prix négocié/);
      const shipping = within(dialog).getByLabelText(language === 'en' ? /Shipping/ : /Livraison/);
      // Nothing typed yet: no total.
      expect(total).toHaveTextContent(/^—$/);
      expect(within(dialog).getByText(hint)).toBeInTheDocument();
      await user.type(price, '10');
      await user.clear(shipping);
      await user.type(shipping, '-120');
      // 10 − 120 would be −110: no total, no tax, no negative amount anywhere in the summary.
      expect(total).toHaveTextContent(/^—$/);
      expect(dialog.textContent).not.toMatch(/-\s?\$|-110|−110/);
      await user.clear(shipping);
      await user.type(shipping, '12.345');
      expect(total).toHaveTextContent(/^—$/);
      await user.clear(shipping);
      await user.type(shipping, '5');
      // Ontario HST 13 % on $15.00.
      expect(total).toHaveTextContent(language === 'en' ? '$16.95' : /16,95\s\$/);
      expect(within(dialog).queryByText(hint)).not.toBeInTheDocument();
      await user.clear(price);
      expect(total).toHaveTextContent(/^—$/);
      unmount();
    }
  });

  it('computes the tax and the total live from the delivery province and today’s rate', async () => {
    const { dialog } = open({ deliveryProvince: 'QC' });
    const user = userEvent.setup();
    expect(within(dialog).getByTestId('invoice-total')).toHaveTextContent('—');
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
    // The override starts at the table's rates; at 0 % the total is the taxable amount.
    expect(within(dialog).getByTestId('invoice-total')).toHaveTextContent(
      `$${((105_000 + expected.totalCents) / 100).toLocaleString('en-CA', { minimumFractionDigits: 2 })}`,
    );
    for (const code of ['GST', 'QST']) {
      await user.clear(within(dialog).getByLabelText(new RegExp(`${code} rate`)));
      await user.type(within(dialog).getByLabelText(new RegExp(`${code} rate`)), '0');
    }
    expect(within(dialog).getByTestId('invoice-total')).toHaveTextContent('$1,050.00');
  });

  it('sends cents once per form with an Idempotency-Key and shows the server’s refusal by its code', async () => {
    let issueAttempts = 0;
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      if (String(input).includes('/seller/me')) return json(200, { storefronts: [registered] });
      if (String(input).includes('/platform-fee')) return json(200, feeQuote);
      issueAttempts += 1;
      return issueAttempts === 1
        ? json(409, { error: { code: 'INVOICE_ALREADY_PENDING', message: 'pending' } })
        : json(201, { invoice: makeInvoice() });
    });
    const { dialog, onClose } = open();
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText(/Negotiated price/), '1 250,5');
    await user.click(within(dialog).getByRole('checkbox', { name: /Change the tax/ }));
    await user.clear(within(dialog).getByLabelText(/HST rate/));
    await user.type(within(dialog).getByLabelText(/HST rate/), '0');
    await user.click(within(dialog).getByRole('radio', { name: 'Export' }));
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
        reason: 'export',
        certificateNumber: null,
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
