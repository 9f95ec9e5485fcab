import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { invoiceAcceptanceTerms } from '@maplesource/contracts/invoice-terms';
import { clearToasts } from '../../../lib/toast-store';
import { sessionActions } from '../../../lib/session-store';
import { buyerId, json, makeInvoice, renderInvoicePage, sellerUserId, token } from '../test-support';

afterEach(() => {
  clearToasts();
  sessionActions.loggedOut();
});

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;
function server(handler: Handler) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    return (await handler(url, init)).clone();
  });
}
const calls = (mock: ReturnType<typeof server>, path: string) =>
  mock.mock.calls.filter(([input]) => new URL(String(input), 'http://localhost').pathname.endsWith(path));

function loginAs(id: string) {
  act(() => sessionActions.loggedIn({ id, fullName: 'Test User' }));
}

/** The buyer on an open invoice with its reject dialog open; the server answers the rejection with `rejected`. */
async function openRejectDialog(rejected: Response) {
  const fetchMock = server((url) =>
    url.pathname.endsWith('/invoice/reject') ? rejected : json(200, { invoice: makeInvoice() }),
  );
  renderInvoicePage(`/invoice/${token}?kind=product`);
  await screen.findByRole('heading', { name: 'Invoice INV-1001' });
  loginAs(buyerId);
  await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
  return { fetchMock, dialog: screen.getByRole('dialog', { name: 'Reject this invoice?' }) };
}

describe('the invoice page (docs/product.md §2)', () => {
  it('records the buyer’s view with a POST (decision 246), once, and not for the seller', async () => {
    const fetchMock = server((url, init) =>
      json(200, {
        invoice: makeInvoice(
          init?.method === 'POST' && url.pathname.endsWith('/invoice/view')
            ? { viewedAt: '2026-11-20T10:00:00.000Z' }
            : {},
        ),
      }),
    );
    loginAs(sellerUserId);
    renderInvoicePage(`/invoice/${token}?kind=product`);
    await screen.findByRole('heading', { name: 'Invoice INV-1001' });
    expect(calls(fetchMock, '/invoice/view')).toHaveLength(0);
    loginAs(buyerId);
    await vi.waitFor(() => expect(calls(fetchMock, '/invoice/view')).toHaveLength(1));
    const [, init] = calls(fetchMock, '/invoice/view')[0]!;
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('role')).toBe('buyer');
    expect(JSON.parse(String(init?.body))).toEqual({ invoiceToken: token });
    // The details are loaded with GETs only.
    for (const [, detailsInit] of calls(fetchMock, '/invoice/details'))
      expect(detailsInit?.method).toBe('GET');
    await vi.waitFor(() => expect(calls(fetchMock, '/invoice/details').length).toBeGreaterThan(1));
    expect(calls(fetchMock, '/invoice/view')).toHaveLength(1);
  });

  it('shows "Invoice Not Found" when neither route knows the token (missing or someone else’s)', async () => {
    const fetchMock = server(() =>
      json(404, { error: { code: 'INVOICE_NOT_FOUND', message: 'Invoice not found' } }),
    );
    renderInvoicePage(`/invoice/${token}`);
    expect(await screen.findByRole('heading', { name: 'Invoice Not Found' })).toBeInTheDocument();
    expect(calls(fetchMock, '/invoice/details')).toHaveLength(1);
    expect(calls(fetchMock, '/service-invoice/details')).toHaveLength(1);
  });

  it('finds a service invoice by its token alone', async () => {
    server((url) =>
      url.pathname.endsWith('/service-invoice/details')
        ? json(200, {
            invoice: makeInvoice({
              kind: 'service',
              subject: {
                id: 3,
                name: 'CNC machining',
                nameFr: 'Usinage CNC',
                category: 'Machining',
                categoryFr: 'Usinage',
                quantity: 1,
                unit: null,
              },
            }),
          })
        : json(404, { error: { code: 'INVOICE_NOT_FOUND', message: 'Invoice not found' } }),
    );
    renderInvoicePage(`/invoice/${token}`);
    expect(await screen.findByRole('heading', { name: 'Service details' })).toBeInTheDocument();
  });

  it('says "failed to load invoice details" and loads again on retry', async () => {
    let fail = true;
    server(() =>
      fail
        ? json(503, { error: { code: 'SERVICE_UNAVAILABLE', message: 'busy' } })
        : json(200, { invoice: makeInvoice() }),
    );
    renderInvoicePage(`/invoice/${token}?kind=product`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load invoice details.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Invoice INV-1001' })).toBeInTheDocument();
  });

  it('shows the action banner, the time left, the tax by tax and the seller’s tax numbers to the buyer', async () => {
    server(() => json(200, { invoice: makeInvoice() }));
    renderInvoicePage(`/invoice/${token}?kind=product`);
    await screen.findByRole('heading', { name: 'Invoice INV-1001' });
    loginAs(buyerId);
    const banner = screen.getByRole('region', { name: 'Action required' });
    expect(within(banner).getByText('2 days 3 hours 5 minutes left')).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByText('HST (13 %)')).toBeInTheDocument();
    expect(screen.getByText('$136.50')).toBeInTheDocument();
    expect(screen.getAllByText('$1,186.50').length).toBeGreaterThan(0);
    expect(screen.getByText('123456789RT0001')).toBeInTheDocument();
    expect(screen.getByText('North Metal Works Ltd.')).toBeInTheDocument();
    // Unit and total price, due date and delivery deadline (decision 255), dates in the document's zone, named.
    expect(screen.getByText('Unit price').nextElementSibling).toHaveTextContent('$2.00');
    expect(screen.getByText('Total price').nextElementSibling).toHaveTextContent('$1,000.00');
    expect(screen.getByText('Due date').nextElementSibling).toHaveTextContent(/Nov 30, 2026.*ET/);
    expect(screen.getByText('Delivery deadline').nextElementSibling).toHaveTextContent(/Dec 15, 2026.*ET/);
    expect(screen.getByRole('button', { name: 'Accept' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      expect.stringContaining(`/api/v1/invoice/pdf?invoiceToken=${token}&lang=en`),
    );
  });

  it("shows both parties' addresses as they were when the invoice was issued (decision 315)", async () => {
    const base = makeInvoice();
    server(() =>
      json(200, {
        invoice: makeInvoice({
          seller: {
            ...base.seller,
            address: {
              street: '1200 Industrial Rd',
              city: 'Hamilton',
              province: 'ON',
              postalCode: 'L8P 4R5',
            },
          },
          buyer: {
            ...base.buyer,
            address: { street: '45 Rue Principale', city: 'Laval', province: 'QC', postalCode: 'H7N 1A1' },
          },
        }),
      }),
    );
    renderInvoicePage(`/invoice/${token}?kind=product`);
    await screen.findByRole('heading', { name: 'Invoice INV-1001' });
    expect(screen.getByText('Seller address').nextElementSibling).toHaveTextContent(
      '1200 Industrial Rd, Hamilton, Ontario L8P 4R5',
    );
    expect(screen.getByText('Buyer billing address').nextElementSibling).toHaveTextContent(
      '45 Rue Principale, Laval, Quebec H7N 1A1',
    );
  });

  it('disables accept and reject once expired and explains why', async () => {
    server(() =>
      json(200, { invoice: makeInvoice({ expiresAt: new Date(Date.now() - 60_000).toISOString() }) }),
    );
    renderInvoicePage(`/invoice/${token}?kind=product`);
    await screen.findByRole('heading', { name: 'Invoice INV-1001' });
    loginAs(buyerId);
    expect(screen.getByText('This invoice has expired', { selector: 'p.font-semibold' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeDisabled();
    expect(screen.queryByRole('region', { name: 'Action required' })).not.toBeInTheDocument();
  });

  it('never offers accept or reject to the seller', async () => {
    server(() => json(200, { invoice: makeInvoice() }));
    renderInvoicePage(`/invoice/${token}?kind=product`);
    await screen.findByRole('heading', { name: 'Invoice INV-1001' });
    loginAs(sellerUserId);
    expect(screen.getByRole('button', { name: 'Accept' })).toBeDisabled();
  });

  it('reads a Quebec invoice in French first in an English UI, with English on request', async () => {
    server(() =>
      json(200, {
        invoice: makeInvoice({
          deliveryProvince: 'QC',
          documentLanguage: 'fr',
          taxLines: [
            { code: 'GST', ratePercent: '5', amountCents: 5250 },
            { code: 'QST', ratePercent: '9.975', amountCents: 10474 },
          ],
          seller: {
            sellerId: 7,
            slug: 'n',
            name: 'North Metal',
            legalName: 'Métal Nord inc.',
            gstHstNumber: '123456789RT0001',
            qstNumber: '1234567890TQ0001',
          },
        }),
      }),
    );
    renderInvoicePage(`/invoice/${token}?kind=product`);
    expect(await screen.findByRole('heading', { name: 'Résumé' })).toBeInTheDocument();
    expect(screen.getByText('TVQ (9.975 %)')).toBeInTheDocument();
    expect(screen.getByText('1234567890TQ0001')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      expect.stringContaining('lang=fr'),
    );
    // The category in the document's language (decision 212).
    expect(screen.getByText('Métaux')).toBeInTheDocument();
    expect(screen.queryByText('Metals')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Read in English' }));
    expect(screen.getByRole('heading', { name: 'Summary' })).toBeInTheDocument();
    expect(screen.getByText('QST (9.975 %)')).toBeInTheDocument();
    expect(screen.getByText('Metals')).toBeInTheDocument();
    expect(screen.queryByText('Métaux')).not.toBeInTheDocument();
  });

  it("shows an older invoice's English category when it has no French name", async () => {
    const invoice = makeInvoice({ deliveryProvince: 'QC', documentLanguage: 'fr' });
    server(() => json(200, { invoice: { ...invoice, subject: { ...invoice.subject, categoryFr: null } } }));
    renderInvoicePage(`/invoice/${token}?kind=product`, 'fr');
    expect(await screen.findByRole('heading', { name: 'Résumé' })).toBeInTheDocument();
    expect(screen.getByText('Metals')).toBeInTheDocument();
  });

  it("names the product in the reader's language, and a Quebec invoice's in the language it is read in (decision 232)", async () => {
    server(() => json(200, { invoice: makeInvoice() }));
    const french = renderInvoicePage(`/invoice/${token}?kind=product`, 'fr');
    expect(await screen.findByRole('heading', { name: 'Résumé' })).toBeInTheDocument();
    // In the document and in the line under the title.
    expect(screen.getByText('Profilé d’aluminium')).toBeInTheDocument();
    expect(screen.getByText(/^Profilé d’aluminium · /)).toBeInTheDocument();
    expect(screen.queryByText(/Aluminum extrusion/)).not.toBeInTheDocument();
    french.unmount();

    server(() => json(200, { invoice: makeInvoice({ deliveryProvince: 'QC', documentLanguage: 'fr' }) }));
    renderInvoicePage(`/invoice/${token}?kind=product`);
    expect(await screen.findByRole('heading', { name: 'Résumé' })).toBeInTheDocument();
    expect(screen.getByText('Profilé d’aluminium')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Read in English' }));
    expect(screen.getByText('Aluminum extrusion')).toBeInTheDocument();
    expect(screen.queryByText(/Profilé d’aluminium/)).not.toBeInTheDocument();
  });

  it("shows an older invoice's English product name in French when it has no French name", async () => {
    const invoice = makeInvoice();
    server(() => json(200, { invoice: { ...invoice, subject: { ...invoice.subject, nameFr: null } } }));
    renderInvoicePage(`/invoice/${token}?kind=product`, 'fr');
    expect(await screen.findByRole('heading', { name: 'Résumé' })).toBeInTheDocument();
    expect(screen.getByText('Aluminum extrusion')).toBeInTheDocument();
  });

  it.each([
    {
      language: 'en' as const,
      quantity: '500 pieces',
      issued: 'Nov 27, 2026 (ET)',
      created: 'Created Nov 27, 2026, 8:02 p.m. ET',
    },
    {
      language: 'fr' as const,
      quantity: '500 pièces',
      issued: '27 nov. 2026 (HE)',
      created: /Créée le 27 nov\. 2026, 20\sh\s02 HE/,
    },
  ])(
    'dates the invoice and its timeline in its own zone, named, with units and a spaced postal code ($language)',
    async ({ language, quantity, issued, created }) => {
      const invoice = makeInvoice({
        issuedOn: '2026-11-27',
        createdAt: '2026-11-28T01:02:00.000Z',
        timeZone: 'America/Toronto',
        deliveryPostalCode: 'M5V2T6',
        subject: { ...makeInvoice().subject, unit: 'piece' },
      });
      server(() => json(200, { invoice }));
      renderInvoicePage(`/invoice/${token}?kind=product`, language);
      await screen.findByRole('heading', { name: language === 'en' ? 'Summary' : 'Résumé' });
      expect(screen.getByText(quantity)).toBeInTheDocument();
      expect(screen.getByText(issued)).toBeInTheDocument();
      expect(screen.getByText(created)).toBeInTheDocument();
      expect(screen.getByText('M5V 2T6')).toBeInTheDocument();
      expect(screen.queryByText('M5V2T6')).not.toBeInTheDocument();
      expect(document.body.textContent).not.toMatch(/Nov 28|28 nov/);
    },
  );

  it('names the invoice by its short reference, the same in the title and the document (decision 213)', async () => {
    const id = '3f2a9c01-7b6d-4e5f-8a9b-0c1d2e3f4a5b';
    server(() => json(200, { invoice: makeInvoice({ id }) }));
    renderInvoicePage(`/invoice/${token}?kind=product`);
    expect(await screen.findByRole('heading', { name: 'Invoice #3F2A9C01' })).toBeInTheDocument();
    expect(screen.getByText('#3F2A9C01')).toBeInTheDocument();
    expect(screen.queryByText(id)).not.toBeInTheDocument();
  });

  it('prints the invoice with the browser’s print', async () => {
    server(() => json(200, { invoice: makeInvoice() }));
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderInvoicePage(`/invoice/${token}?kind=product`);
    await screen.findByRole('heading', { name: 'Invoice INV-1001' });
    expect(print).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('prints like the PDF: no page header or buttons, a document header, the blocks in the PDF’s order (decision 293)', async () => {
    server(() => json(200, { invoice: makeInvoice() }));
    renderInvoicePage(`/invoice/${token}?kind=product`);
    await screen.findByRole('heading', { name: 'Invoice INV-1001' });
    const classes = (element: Element | null) => (element?.getAttribute('class') ?? '').split(/\s+/);
    // The page's own header and its buttons do not print (the site's chrome is dropped by index.css).
    expect(classes(screen.getByTestId('invoice-page-header'))).toContain('print:hidden');
    expect(classes(screen.getByTestId('invoice-actions'))).toContain('print:hidden');
    // The document header shows only on paper: seller, title, number, dates in the named zone.
    const printHeader = screen.getByTestId('invoice-print-header');
    expect(classes(printHeader)).toEqual(
      expect.arrayContaining(['hidden', 'print:flex', 'print:col-span-2']),
    );
    expect(printHeader).toHaveTextContent('INVOICE');
    expect(printHeader).toHaveTextContent('No. INV-1001');
    expect(printHeader).toHaveTextContent('All dates and times in ET');
    // Two columns on paper whatever its width, the blocks in the PDF's order.
    const document = screen.getByTestId('invoice-document');
    expect(classes(document)).toContain('print:grid-cols-2');
    const block = (name: string) => screen.getByRole('heading', { level: 2, name }).closest('section');
    expect(classes(block('Seller'))).toEqual(expect.arrayContaining(['print:order-1', 'print:col-span-2']));
    expect(classes(block('Product details'))).toEqual(
      expect.arrayContaining(['print:order-2', 'print:col-span-2']),
    );
    expect(classes(block('Summary'))).toEqual(expect.arrayContaining(['print:order-3', 'print:col-start-2']));
    expect(classes(block('Terms'))).toContain('print:order-4');
    expect(classes(block('Timeline'))).toContain('print:order-6');
  });

  it.each([
    { province: 'ON' as const, label: 'Tax changed by the seller', summary: 'Summary' },
    { province: 'QC' as const, label: 'Taxes modifiées par le vendeur', summary: 'Résumé' },
  ])(
    'shows the reason the seller gave for changing the tax ($province, in the document’s language)',
    async ({ province, label, summary }) => {
      const reason = 'Zero-rated: the goods are exported outside Canada.';
      server(() =>
        json(200, {
          invoice: makeInvoice({
            deliveryProvince: province,
            documentLanguage: province === 'QC' ? 'fr' : 'en',
            taxLines: [],
            taxCents: 0,
            totalCents: 105_000,
            taxOverrideReason: reason,
          }),
        }),
      );
      renderInvoicePage(`/invoice/${token}?kind=product`);
      const section = (await screen.findByRole('heading', { name: summary })).parentElement!;
      expect(within(section).getByText(label).nextElementSibling).toHaveTextContent(reason);
    },
  );

  it.each([
    {
      province: 'ON' as const,
      summary: 'Summary',
      label: 'Tax changed by the seller',
      reason: 'Buyer’s exemption certificate',
      number: 'Exemption certificate no.',
    },
    {
      province: 'QC' as const,
      summary: 'Résumé',
      label: 'Taxes modifiées par le vendeur',
      reason: 'Certificat d’exemption de l’acheteur',
      number: 'N° du certificat d’exemption',
    },
  ])(
    'prints the reason from the fixed list and the certificate number (decision 241, $province)',
    async ({ province, summary, label, reason, number }) => {
      server(() =>
        json(200, {
          invoice: makeInvoice({
            deliveryProvince: province,
            documentLanguage: province === 'QC' ? 'fr' : 'en',
            taxLines: [{ code: 'HST', ratePercent: '0', amountCents: 0 }],
            taxCents: 0,
            totalCents: 105_000,
            taxOverrideCode: 'exemptionCertificate',
            taxExemptionCertificate: 'PST-EX 1234',
          }),
        }),
      );
      renderInvoicePage(`/invoice/${token}?kind=product`);
      const section = (await screen.findByRole('heading', { name: summary })).parentElement!;
      expect(within(section).getByText(label).nextElementSibling).toHaveTextContent(reason);
      expect(within(section).getByText(number).nextElementSibling).toHaveTextContent('PST-EX 1234');
    },
  );

  it.each([
    ['zeroRated', 'Zero-rated supply'],
    ['exempt', 'Exempt supply'],
    ['export', 'Exported supply (zero-rated)'],
  ] as const)('prints the %s reason without a certificate line', async (code, text) => {
    server(() =>
      json(200, {
        invoice: makeInvoice({ taxLines: [], taxCents: 0, totalCents: 105_000, taxOverrideCode: code }),
      }),
    );
    renderInvoicePage(`/invoice/${token}?kind=product`);
    const section = (await screen.findByRole('heading', { name: 'Summary' })).parentElement!;
    expect(within(section).getByText('Tax changed by the seller').nextElementSibling).toHaveTextContent(text);
    expect(within(section).queryByText('Exemption certificate no.')).not.toBeInTheDocument();
  });

  it('shows no tax change when the seller kept the computed tax', async () => {
    server(() => json(200, { invoice: makeInvoice() }));
    renderInvoicePage(`/invoice/${token}?kind=product`);
    await screen.findByRole('heading', { name: 'Summary' });
    expect(screen.queryByText('Tax changed by the seller')).not.toBeInTheDocument();
  });

  it('is in French for a French UI (texts of the page, not-found and errors)', async () => {
    server(() => json(404, { error: { code: 'INVOICE_NOT_FOUND', message: 'Invoice not found' } }));
    renderInvoicePage(`/invoice/${token}?kind=product`, 'fr');
    expect(await screen.findByRole('heading', { name: 'Facture introuvable' })).toBeInTheDocument();
  });

  it('rejects only with a reason, and says so in a toast', async () => {
    const { fetchMock, dialog } = await openRejectDialog(
      json(200, { invoice: makeInvoice({ status: 'rejected', rejectionReason: 'Price too high' }) }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject invoice' }));
    expect(
      await within(dialog).findByText('Give a reason for the rejection (3 to 1000 characters).'),
    ).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Reason for rejecting/), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject invoice' }));
    expect(calls(fetchMock, '/invoice/reject')).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText(/Reason for rejecting/), 'Price too high');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject invoice' }));
    expect(await screen.findByText('Invoice rejected.')).toBeInTheDocument();
    const [, init] = calls(fetchMock, '/invoice/reject')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ invoiceToken: token, reason: 'Price too high' });
  });

  it('rejects with a counter-offer, refusing one with no price, quantity or date (decision 272)', async () => {
    const { fetchMock, dialog } = await openRejectDialog(
      json(200, { invoice: makeInvoice({ status: 'rejected', rejectionReason: 'Price too high' }) }),
    );
    await userEvent.type(within(dialog).getByLabelText(/Reason for rejecting/), 'Price too high');
    await userEvent.type(within(dialog).getByLabelText(/Note to the seller/), 'Cheaper please');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject invoice' }));
    expect(
      await within(dialog).findByText(
        'Give at least a price, a quantity or a delivery date for your counter-offer.',
      ),
    ).toBeInTheDocument();
    expect(calls(fetchMock, '/invoice/reject')).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText(/Price you would pay/), '850.50');
    await userEvent.type(within(dialog).getByLabelText(/^Quantity/), '450');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject invoice' }));
    expect(await screen.findByText('Invoice rejected.')).toBeInTheDocument();
    const [, init] = calls(fetchMock, '/invoice/reject')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({
      invoiceToken: token,
      reason: 'Price too high',
      counterOffer: {
        negotiatedPriceCents: 85_050,
        quantity: 450,
        deliveryDate: null,
        note: 'Cheaper please',
      },
    });
  });

  it('shows a revised version with what changed, old → new, and a link to the version before (decision 271)', async () => {
    server(() =>
      json(200, {
        invoice: makeInvoice({
          version: 2,
          previousInvoiceToken: 'tok_PREVIOUSAAAAAAAAAAAAAAAAAAA',
          changes: [
            { field: 'negotiatedPriceCents', from: 100_000, to: 90_000 },
            { field: 'quantity', from: 500, to: 450 },
            { field: 'paymentTerms', from: 'Net 30', to: 'Net 15' },
            { field: 'deadline', from: null, to: '2026-12-15' },
          ],
        }),
      }),
    );
    loginAs(buyerId);
    renderInvoicePage(`/invoice/${token}?kind=product`);
    const changes = await screen.findByRole('region', { name: 'What changed since version 1' });
    expect(within(changes).getByText('$1,000.00 → $900.00')).toBeInTheDocument();
    expect(within(changes).getByText('500 → 450')).toBeInTheDocument();
    expect(within(changes).getByText('Net 30 → Net 15')).toBeInTheDocument();
    expect(within(changes).getByText('none → Dec 15, 2026')).toBeInTheDocument();
    expect(within(changes).getByRole('link', { name: 'See version 1' })).toHaveAttribute(
      'href',
      '/invoice/tok_PREVIOUSAAAAAAAAAAAAAAAAAAA',
    );
    expect(screen.getByText(/Version 2/)).toBeInTheDocument();
  });

  it('says a withdrawn invoice was withdrawn and offers neither accept nor reject', async () => {
    server(() =>
      json(200, { invoice: makeInvoice({ status: 'withdrawn', withdrawnAt: '2026-11-20T10:00:00.000Z' }) }),
    );
    loginAs(buyerId);
    renderInvoicePage(`/invoice/${token}?kind=product`);
    expect(await screen.findByText(/The seller withdrew this invoice/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeDisabled();
    expect(screen.queryByRole('region', { name: /What changed/ })).not.toBeInTheDocument();
  });

  it('shows the server’s refusal when rejecting fails', async () => {
    const { dialog } = await openRejectDialog(
      json(409, { error: { code: 'INVOICE_EXPIRED', message: 'expired' } }),
    );
    await userEvent.type(within(dialog).getByLabelText(/Reason for rejecting/), 'Too late for us');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject invoice' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to accept or reject the invoice. This invoice has expired and can no longer be accepted or rejected.',
    );
  });
});

describe('the accept flow (docs/product.md §4)', () => {
  async function fillShipping(user: ReturnType<typeof userEvent.setup>, scope: HTMLElement) {
    await user.type(within(scope).getByLabelText(/Full name/), 'Marie Tremblay');
    await user.type(within(scope).getByLabelText(/Street address/), '100 King St W');
    await user.type(within(scope).getByLabelText(/^City/), 'Toronto');
    await user.selectOptions(within(scope).getByLabelText(/Province or territory/), 'ON');
    await user.type(within(scope).getByLabelText(/Postal code/), 'm5x1a9');
  }

  it('goes address → signature → confirmation, sends one request for a double click, then opens the checkout', async () => {
    const user = userEvent.setup();
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (release = resolve));
    let accepted = false;
    const fetchMock = server(async (url) => {
      if (url.pathname.endsWith('/invoice/accept')) {
        await answered;
        accepted = true;
        return json(200, { orderId: 'ord_1', kind: 'product' });
      }
      // Once accepted, the page's refetch no longer shows the flow: the navigation must not depend on it.
      return json(200, { invoice: makeInvoice(accepted ? { status: 'accepted', orderId: 'ord_1' } : {}) });
    });
    const getContext = vi
      .spyOn(HTMLCanvasElement.prototype, 'getContext')
      .mockImplementation(fakeCanvasContext);
    renderInvoicePage(`/invoice/${token}?kind=product&step=accept`);
    await screen.findByRole('heading', { name: 'Invoice INV-1001' });
    loginAs(buyerId);
    await screen.findByRole('heading', { name: 'Addresses' });

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Street address is required.')).toBeInTheDocument();
    const shipping = screen.getByRole('group', { name: 'Shipping address' });
    await fillShipping(user, shipping);
    await user.clear(within(shipping).getByLabelText(/Postal code/));
    await user.type(within(shipping).getByLabelText(/Postal code/), 'Z5X 1A9');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(/Enter a Canadian postal code/)).toBeInTheDocument();
    await user.clear(within(shipping).getByLabelText(/Postal code/));
    await user.type(within(shipping).getByLabelText(/Postal code/), 'm5x1a9');
    expect(screen.getByRole('checkbox', { name: 'Use the shipping address for billing' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { name: 'Signature' })).toHaveFocus();
    expect(screen.getByTestId('acceptance-terms')).toHaveTextContent(invoiceAcceptanceTerms.en);
    expect(screen.getByLabelText(/Your full name/)).toHaveValue('Marie Tremblay');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Tick the box to accept the terms.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Use my typed name as my signature' }));
    await user.click(screen.getByRole('checkbox', { name: /I have read the acceptance terms/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { name: 'Confirmation' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Signature of Marie Tremblay' })).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Accept invoice and go to payment' });
    await user.click(submit);
    await user.click(submit);
    release();
    expect(await screen.findByTestId('checkout')).toHaveTextContent('/checkout?order=ord_1&kind=product');
    const accepts = calls(fetchMock, '/invoice/accept');
    expect(accepts).toHaveLength(1);
    const [, init] = accepts[0]!;
    expect(new Headers(init?.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({
      invoiceToken: token,
      isBillingSameAsShipping: true,
      billingAddress: null,
      shippingAddress: {
        fullName: 'Marie Tremblay',
        province: 'ON',
        postalCode: 'M5X 1A9',
        country: 'CA',
        addressType: 'Shipping',
      },
      signature: { fullName: 'Marie Tremblay' },
      termsVersion: invoiceAcceptanceTerms.version,
      termsLanguage: 'en',
    });
    expect((body.signature as { svg: string }).svg).toMatch(/^<svg [^>]*>(<path [^>]*\/>)+<\/svg>$/);
    expect(await screen.findByText('Invoice accepted.')).toBeInTheDocument();
    getContext.mockRestore();
  });

  it('asks for a billing address once "use shipping for billing" is off', async () => {
    const user = userEvent.setup();
    server(() => json(200, { invoice: makeInvoice() }));
    renderInvoicePage(`/invoice/${token}?kind=product&step=accept`);
    await screen.findByRole('heading', { name: 'Invoice INV-1001' });
    loginAs(buyerId);
    await screen.findByRole('heading', { name: 'Addresses' });
    await fillShipping(user, screen.getByRole('group', { name: 'Shipping address' }));
    expect(screen.queryByRole('group', { name: 'Billing address' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Use the shipping address for billing' }));
    const billing = screen.getByRole('group', { name: 'Billing address' });
    expect(within(billing).getByLabelText(/Street address/)).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await within(billing).findByText('Street address is required.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Signature' })).not.toBeInTheDocument();
  });

  it('signs with the French terms for a Quebec delivery and sends termsLanguage fr', async () => {
    const user = userEvent.setup();
    server(() => json(200, { invoice: makeInvoice({ deliveryProvince: 'QC', documentLanguage: 'fr' }) }));
    renderInvoicePage(`/invoice/${token}?kind=product&step=accept`);
    await screen.findByRole('heading', { name: 'Invoice INV-1001' });
    loginAs(buyerId);
    await screen.findByRole('heading', { name: 'Addresses' });
    await fillShipping(user, screen.getByRole('group', { name: 'Shipping address' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Signature' });
    expect(screen.getByTestId('acceptance-terms')).toHaveTextContent(invoiceAcceptanceTerms.fr);
    expect(screen.getByTestId('acceptance-terms')).toHaveAttribute('lang', 'fr');
  });
});

/** A 2D context whose getImageData reports a block of ink, so the typed name can be drawn as paths. */
function fakeCanvasContext(this: HTMLCanvasElement): CanvasRenderingContext2D {
  const width = this.width;
  const height = this.height;
  return {
    font: '',
    textBaseline: 'alphabetic',
    fillStyle: '#000',
    measureText: () => ({ width: 100 }),
    fillText: () => undefined,
    getImageData: () => {
      const data = new Uint8ClampedArray(width * height * 4);
      for (let y = 20; y < 40; y++) for (let x = 10; x < 60; x++) data[(y * width + x) * 4 + 3] = 255;
      return { data, width, height };
    },
  } as unknown as CanvasRenderingContext2D;
}
