import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { Providers } from '../../../app/providers';
import { createI18n } from '../../../lib/i18n';
import { clearToasts } from '../../../lib/toast-store';
import { buyerId, json, makeInvoice, sellerUserId, token } from '../test-support';
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
        element: <InvoiceReviewPanel token={token} kind="product" meId={meId} onLeave={onLeave} />,
      },
      { path: '/invoice/:invoiceToken', element: <Probe /> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <Providers i18n={createI18n(language)}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { onLeave };
}

describe('the chat invoice review panel (spec §2)', () => {
  it('labels a pending invoice "pending review" and sends the buyer to the accept flow', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json(200, { invoice: makeInvoice() }));
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
          : json(200, { invoice: makeInvoice() }),
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
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json(200, { invoice: makeInvoice() }));
    renderPanel(sellerUserId);
    expect(await screen.findByText('Pending review')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept and continue' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View invoice' })).toHaveAttribute('href', `/invoice/${token}`);
  });

  it('speaks French', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json(200, { invoice: makeInvoice() }));
    renderPanel(buyerId, 'fr');
    expect(await screen.findByText('En attente d’examen')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accepter et continuer' })).toBeInTheDocument();
  });
});
