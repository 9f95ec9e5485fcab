import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { Invoice } from '@maplesource/contracts/invoices';
import { renderWithProviders } from '../../../test/render';
import { clearToasts } from '../../../lib/toast-store';
import { json, makeInvoice, token } from '../test-support';
import type { InvoiceChat } from './invoice-generation-modal';
import { SellerInvoiceActions } from './seller-invoice-actions';

afterEach(() => clearToasts());

const chatId = '10000000-0000-4000-8000-000000000000';
const quotationChat: InvoiceChat = {
  kind: 'product',
  chatId,
  subjectName: 'Aluminum extrusion',
  quantity: 500,
  deliveryProvince: 'ON',
  leadDays: 14,
};
const storefront = {
  sellerId: 7,
  slug: 'north-metal',
  name: 'North Metal',
  legalName: 'North Metal Works Ltd.',
  gstHstNumber: '123456789RT0001',
  qstNumber: null,
  smallSupplier: false,
};

/**
 * The server as the panel sees it: the conversation's invoices (`versions`, changed by the test as the server's
 * state changes), the seller's storefronts, and `post` answering POSTs by path. Every call is recorded.
 */
function serve(state: { versions: Invoice[] }, post: (path: string, body: unknown) => Response) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if ((init?.method ?? 'GET') === 'POST')
      return post(url.pathname.replace('/api/v1/', ''), JSON.parse(String(init?.body)));
    if (url.pathname.endsWith(`/chats/${chatId}/invoices`)) return json(200, { items: state.versions });
    if (url.pathname.includes('/seller/me')) return json(200, { storefronts: [storefront] });
    return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
}

const posts = (mock: ReturnType<typeof serve>, path: string) =>
  mock.mock.calls
    .filter(([input, init]) => init?.method === 'POST' && String(input).endsWith(path))
    .map(([, init]) => ({
      body: JSON.parse(String(init!.body)) as Record<string, unknown>,
      headers: new Headers(init!.headers),
    }));

const listCalls = (mock: ReturnType<typeof serve>) =>
  mock.mock.calls.filter(
    ([input, init]) => (init?.method ?? 'GET') === 'GET' && String(input).includes('/invoices'),
  ).length;

function renderActions(language: 'en' | 'fr' = 'en') {
  return renderWithProviders(
    <MemoryRouter>
      <SellerInvoiceActions
        kind="product"
        chatId={chatId}
        hasInvoice
        seen={null}
        quotationChat={quotationChat}
      />
    </MemoryRouter>,
    { language },
  );
}

describe('the seller’s invoice versions in the conversation (decisions 271, 272)', () => {
  it('withdraws a pending invoice after a confirmation that Escape cancels', async () => {
    const state = { versions: [makeInvoice()] };
    const fetchMock = serve(state, (path) => {
      state.versions = [makeInvoice({ status: 'withdrawn', withdrawnAt: new Date().toISOString() })];
      return path === 'invoice/withdraw'
        ? json(200, { invoice: state.versions[0] })
        : json(500, { error: { code: 'UNEXPECTED', message: path } });
    });
    renderActions();
    const user = userEvent.setup();
    expect(await screen.findByText('Version 1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Withdraw invoice' }));
    expect(screen.getByRole('dialog', { name: 'Withdraw version 1?' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posts(fetchMock, 'invoice/withdraw')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Withdraw invoice' }));
    const dialog = screen.getByRole('dialog', { name: 'Withdraw version 1?' });
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    // Withdrawn: the next version can be issued, nothing is left to withdraw.
    expect(await screen.findByRole('button', { name: 'Issue version 2' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw invoice' })).not.toBeInTheDocument();
    expect(screen.getByText('Invoice withdrawn.')).toBeInTheDocument();
    const [sent] = posts(fetchMock, 'invoice/withdraw');
    expect(sent!.body).toEqual({ invoiceToken: token });
    expect(sent!.headers.get('role')).toBe('seller');
  });

  it('revises a pending invoice: the modal starts from it and the next version is issued through revise', async () => {
    const state = { versions: [makeInvoice()] };
    const fetchMock = serve(state, (path, body) => {
      const v2 = makeInvoice({
        id: 'INV-1002',
        token: 'tok_BBBBBBBBBBBBBBBBBBBBBBBBBBBB',
        version: 2,
        previousInvoiceToken: token,
        notes: (body as { notes: string }).notes,
        createdAt: new Date().toISOString(),
      });
      state.versions = [makeInvoice({ status: 'withdrawn' }), v2];
      return path === 'invoice/revise'
        ? json(201, { invoice: v2 })
        : json(500, { error: { code: 'UNEXPECTED', message: path } });
    });
    renderActions();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Revise invoice' }));
    const dialog = screen.getByRole('dialog', { name: 'Issue version 2' });
    expect(within(dialog).getByText('Replaces version 1; the buyer sees what changed.')).toBeInTheDocument();
    // Amounts as the seller types them (dollars), the terms and quantity of version 1.
    expect(within(dialog).getByLabelText(/Negotiated price/)).toHaveValue('1000.00');
    expect(within(dialog).getByLabelText(/Shipping/)).toHaveValue('50.00');
    expect(within(dialog).getByLabelText(/Quantity/)).toHaveValue(500);
    expect(within(dialog).getByLabelText('Payment terms')).toHaveValue('Card on acceptance');
    expect(within(dialog).getByTestId('invoice-total')).toHaveTextContent('$1,186.50');
    await user.type(within(dialog).getByLabelText('Notes'), 'Colour confirmed');
    await user.click(within(dialog).getByRole('button', { name: 'Issue version 2' }));

    expect(await screen.findByText('Version 2')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Version 2 sent to the buyer.')).toBeInTheDocument();
    const [sent] = posts(fetchMock, 'invoice/revise');
    expect(sent!.body).toMatchObject({
      invoiceToken: token,
      negotiatedPriceCents: 100_000,
      shippingCents: 5_000,
      quantity: 500,
      paymentTerms: 'Card on acceptance',
      deliveryTerms: 'FOB Toronto',
      notes: 'Colour confirmed',
      deadline: '2026-12-15',
    });
    expect(sent!.headers.get('role')).toBe('seller');
    expect(sent!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(posts(fetchMock, `chats/${chatId}/invoices`)).toHaveLength(0);
  });

  it('shows the buyer’s counter-offer and issues the next invoice from it in one step', async () => {
    const offer = {
      negotiatedPriceCents: 80_000,
      quantity: 400,
      deliveryDate: '2027-06-10',
      note: 'Split in two shipments?',
    };
    const state = {
      versions: [makeInvoice({ status: 'rejected', rejectionReason: 'Too expensive', counterOffer: offer })],
    };
    const fetchMock = serve(state, (_path, body) =>
      json(201, { invoice: makeInvoice({ version: 2, ...(body as object) }) }),
    );
    renderActions();
    const user = userEvent.setup();
    const shown = await screen.findByRole('group', { name: 'The buyer’s counter-offer on version 1' });
    expect(within(shown).getByText('$800.00')).toBeInTheDocument();
    expect(within(shown).getByText('400')).toBeInTheDocument();
    expect(within(shown).getByText('Jun 10, 2027')).toBeInTheDocument();
    expect(within(shown).getByText('Split in two shipments?')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Issue invoice from counter-offer' }));
    const dialog = screen.getByRole('dialog', { name: 'Issue version 2' });
    expect(
      within(dialog).getByText('Prefilled with the buyer’s counter-offer on version 1.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Negotiated price/)).toHaveValue('800.00');
    expect(within(dialog).getByLabelText(/Quantity/)).toHaveValue(400);
    expect(within(dialog).getByLabelText(/Delivery deadline/)).toHaveValue('2027-06-10');
    await user.click(within(dialog).getByRole('button', { name: 'Issue version 2' }));
    await vi.waitFor(() => expect(posts(fetchMock, 'invoice/revise')).toHaveLength(1));
    expect(posts(fetchMock, 'invoice/revise')[0]!.body).toMatchObject({
      invoiceToken: token,
      negotiatedPriceCents: 80_000,
      quantity: 400,
      deadline: '2027-06-10',
    });
  });

  it('says in French that the buyer answered first and shows the conversation as it now is', async () => {
    const state = { versions: [makeInvoice()] };
    const fetchMock = serve(state, () => {
      // The buyer accepted between the seller's look and the click.
      state.versions = [makeInvoice({ status: 'accepted', acceptedAt: new Date().toISOString() })];
      return json(409, {
        error: { code: 'INVOICE_NOT_PENDING', message: 'The invoice is no longer pending' },
      });
    });
    renderActions('fr');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Retirer la facture' }));
    const dialog = screen.getByRole('dialog', { name: 'Retirer la version 1 ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Retirer' }));
    expect(await screen.findByRole('button', { name: 'Émettre une facture' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retirer la facture' })).not.toBeInTheDocument();
    expect(listCalls(fetchMock)).toBeGreaterThanOrEqual(2);
    expect(
      screen.getAllByText('Cette facture a déjà été acceptée ou refusée. La conversation a été actualisée.')
        .length,
    ).toBeGreaterThan(0);
  });

  it('closes the obsolete revision form and says why when the buyer accepted meanwhile', async () => {
    const state = { versions: [makeInvoice()] };
    serve(state, () => {
      state.versions = [makeInvoice({ status: 'accepted', acceptedAt: new Date().toISOString() })];
      return json(409, {
        error: { code: 'INVOICE_NOT_REVISABLE', message: 'An accepted invoice cannot be revised' },
      });
    });
    renderActions();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Revise invoice' }));
    const dialog = screen.getByRole('dialog', { name: 'Issue version 2' });
    await user.click(within(dialog).getByRole('button', { name: 'Issue version 2' }));
    expect(await screen.findByRole('button', { name: 'Issue invoice' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(
      'An accepted invoice cannot be revised. The conversation has been refreshed.',
    );
  });
});
