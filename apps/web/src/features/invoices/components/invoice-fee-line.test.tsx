import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render';
import { clearToasts } from '../../../lib/toast-store';
import { json } from '../test-support';
import { InvoiceGenerationModal, type InvoiceChat } from './invoice-generation-modal';

afterEach(() => clearToasts());

const chat: InvoiceChat = {
  kind: 'product',
  chatId: '10000000-0000-4000-8000-000000000000',
  subjectName: 'Corrugated boxes',
  quantity: 500,
  deliveryProvince: 'ON',
  leadDays: 14,
};
const storefront = {
  sellerId: 7,
  slug: 'maple-boxes',
  name: 'Maple Boxes',
  legalName: 'Maple Boxes Inc.',
  gstHstNumber: '123456789RT0001',
  qstNumber: null,
  smallSupplier: false,
};

function openWithFee(overrides: Partial<InvoiceChat>) {
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (url.includes('/seller/me')) return json(200, { storefronts: [storefront] });
    if (url.includes('/platform-fee'))
      return json(200, { rateBps: 600, feeCents: 6_780, feeTaxCents: 881, sellerShareCents: 105_339 });
    return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
  renderWithProviders(<InvoiceGenerationModal chat={{ ...chat, ...overrides }} onClose={vi.fn()} />);
  return { fetchMock, dialog: screen.getByRole('dialog', { name: 'Issue invoice' }) };
}

describe('the platform fee line of the invoice form (decision 296)', () => {
  it('shows the fee, the GST/HST on it and the seller’s net for the invoice total before issuing', async () => {
    const { fetchMock, dialog } = openWithFee({ sellerId: 7, category: 'Packaging' });
    expect(within(dialog).queryByText(/Platform fee/)).not.toBeInTheDocument();
    await userEvent.setup().type(within(dialog).getByLabelText(/Negotiated price/), '1000');
    expect(await within(dialog).findByText('Platform fee (6 %)')).toBeInTheDocument();
    expect(within(dialog).getByTestId('invoice-platform-fee')).toHaveTextContent('−$67.80');
    expect(within(dialog).getByText('GST/HST on the platform fee')).toBeInTheDocument();
    expect(within(dialog).getByTestId('invoice-seller-net')).toHaveTextContent('$1,053.39');
    // Asked for the invoice's total ($1,000 + 13 % HST) in its category, for the issuing storefront.
    const feeAsked = (url: string) => {
      const asked = new URL(url, 'http://localhost');
      return (
        asked.pathname.endsWith('/seller/7/platform-fee') &&
        asked.searchParams.get('grossCents') === '113000' &&
        asked.searchParams.get('category') === 'Packaging'
      );
    };
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => feeAsked(String(url)))).toBe(true));
  });

  it('uses the seller’s only storefront when the conversation does not name one', async () => {
    const { fetchMock, dialog } = openWithFee({});
    await userEvent.setup().type(within(dialog).getByLabelText(/Negotiated price/), '1000');
    expect(await within(dialog).findByTestId('invoice-seller-net')).toHaveTextContent('$1,053.39');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/seller/7/platform-fee?'))).toBe(true);
  });
});
