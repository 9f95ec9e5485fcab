import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { renderWithProviders } from '../../../test/render';
import { clearToasts } from '../../../lib/toast-store';
import { buyerId, json, makeInvoice, sellerUserId, token } from '../test-support';

const chatId = '10000000-0000-4000-8000-000000000000';
const list = (...items: unknown[]) => json(200, { items });
import { InvoiceReviewPanel } from './invoice-review-panel';

afterEach(() => clearToasts());

function Probe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function renderPanel(meId: string, language: 'en' | 'fr' = 'en') {
  const onLeave = vi.fn();
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <InvoiceReviewPanel
            kind="product"
            chatId={chatId}
            hasInvoice
            seen={null}
            meId={meId}
            onLeave={onLeave}
          />
        ),
      },
      { path: '/invoice/:invoiceToken', element: <Probe /> },
    ],
    { initialEntries: ['/'] },
  );
  renderWithProviders(<RouterProvider router={router} />, { language });
  return { onLeave };
}

describe('the chat invoice review panel (docs/product.md §2)', () => {
  it('shows the newest of the conversation’s invoices', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () =>
        list(
          makeInvoice({ id: 'INV-OLD', status: 'rejected', createdAt: '2026-11-20T10:00:00.000Z' }),
          makeInvoice({ id: 'INV-NEW', totalCents: 50_000, createdAt: '2026-11-22T10:00:00.000Z' }),
        ),
      );
    renderPanel(buyerId);
    expect(await screen.findByText(/\$500\.00/)).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]![0])).toContain(`/api/v1/chats/${chatId}/invoices`);
  });

  it('asks nothing for a conversation that never had an invoice', () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    renderWithProviders(
      <InvoiceReviewPanel kind="product" chatId={chatId} hasInvoice={false} seen={null} meId={buyerId} />,
    );
    expect(fetchMock.mock.calls.filter(([u]) => String(u).includes('/invoices'))).toHaveLength(0);
  });

  it('labels a pending invoice "pending review" and sends the buyer to the accept flow', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => list(makeInvoice()));
    const { onLeave } = renderPanel(buyerId);
    expect(await screen.findByText('Pending review')).toBeInTheDocument();
    expect(screen.getByText(/\$1,186\.50/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Accept and continue' }));
    expect(onLeave).toHaveBeenCalled();
    expect(await screen.findByTestId('location')).toHaveTextContent(`/invoice/${token}?step=accept`);
  });

  it('requires a reason before rejecting, then rejects with it', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (input) =>
        String(input).includes('/invoice/reject')
          ? json(200, { invoice: makeInvoice({ status: 'rejected', rejectionReason: 'Lead time too long' }) })
          : list(makeInvoice()),
      );
    renderPanel(buyerId);
    await userEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    await userEvent.click(screen.getByRole('button', { name: 'Reject invoice' }));
    expect(
      await screen.findByText('Give a reason for the rejection (3 to 1000 characters).'),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([u]) => String(u).includes('/invoice/reject'))).toHaveLength(0);
    await userEvent.type(screen.getByLabelText(/Reason for rejecting/), 'Lead time too long');
    await userEvent.click(screen.getByRole('button', { name: 'Reject invoice' }));
    expect(await screen.findByText('Invoice rejected.')).toBeInTheDocument();
  });

  it('shows the seller the status without buyer actions', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => list(makeInvoice()));
    renderPanel(sellerUserId);
    expect(await screen.findByText('Pending review')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept and continue' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View invoice' })).toHaveAttribute('href', `/invoice/${token}`);
  });

  it('speaks French', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => list(makeInvoice()));
    renderPanel(buyerId, 'fr');
    expect(await screen.findByText('En attente d’examen')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accepter et continuer' })).toBeInTheDocument();
  });
});
