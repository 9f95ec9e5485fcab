import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/render';
import { sessionStore } from '../../lib/session-store';
import { clearToasts } from '../../lib/toast-store';
import SellerRfqsPage from './seller-rfqs';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const rfqId = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const rfq = {
  id: rfqId,
  title: 'Laser-cut brackets',
  categoryId: '12',
  description: '200 brackets, 3 mm steel',
  quantity: 200,
  targetUnitPriceCents: null,
  deadline: '2099-01-15T23:59:59.000Z',
  deliveryProvince: 'QC',
  deliveryPostalCode: 'H2X 1Y4',
  status: 'open',
  createdAt: '2026-11-29T12:00:00.000Z',
  private: true,
};
const anonymous = { name: null, province: 'QC', revealed: false };

afterEach(() => {
  clearToasts();
  sessionStore.setState({ isLoggedIn: false, userInfo: null });
});

function openPage(path: string) {
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.endsWith('/seller/me'))
      return json(200, { storefronts: [{ sellerId: 5, name: 'Atelier Nord' }] });
    if (url.endsWith('/seller/5/rfqs'))
      return json(200, { rfqs: [{ ...rfq, recipientStatus: 'invited', buyer: anonymous }], newCount: 1 });
    if (url.endsWith(`/seller/5/rfqs/${rfqId}`))
      return json(200, {
        rfq,
        status: 'invited',
        declineReason: null,
        versions: [],
        buyer: anonymous,
        attachments: [],
        chatId: null,
        chatKind: null,
      });
    if (url.endsWith(`/seller/5/rfqs/${rfqId}/quotes`) && init?.method === 'POST')
      return json(201, { quote: { version: 1 } });
    if (url.endsWith(`/seller/5/rfqs/${rfqId}/mute`) && init?.method === 'POST')
      return json(200, { ok: true });
    return json(404, { error: { code: 'NOT_FOUND', message: 'nope' } });
  });
  renderApp(path, { routes: [{ path: '/seller-centre/rfqs', element: <SellerRfqsPage /> }] });
  act(() => {
    sessionStore.setState({
      isLoggedIn: true,
      userInfo: { id: 'u1', fullName: 'Sam', roles: ['buyer', 'seller'] },
    });
  });
  const posts = (suffix: string) =>
    fetchMock.mock.calls.filter(([url, init]) => String(url).endsWith(suffix) && init?.method === 'POST');
  return { posts };
}

describe('the seller centre’s requests for quotes', () => {
  it('lists the requests with the number to answer in the navigation, a private buyer unnamed', async () => {
    openPage('/seller-centre/rfqs');
    const nav = screen.getByRole('navigation', { name: 'Seller centre' });
    expect(
      await within(nav).findByRole('link', { name: 'Requests for quotes 1 1 to answer' }),
    ).toHaveAttribute('href', '/seller-centre/rfqs');
    const list = await screen.findByRole('list', { name: 'Requests for quotes' });
    expect(within(list).getByRole('link', { name: /Laser-cut brackets/ })).toHaveAttribute(
      'href',
      `/seller-centre/rfqs?rfq=${rfqId}`,
    );
    expect(list).toHaveTextContent('A verified buyer in Quebec');
    expect(screen.getByText('1 open request waits for your answer.')).toBeInTheDocument();
  });

  it('checks the quote before sending it in cents, and mutes the buyer of the request', async () => {
    const { posts } = openPage(`/seller-centre/rfqs?rfq=${rfqId}`);
    const detail = await screen.findByRole('article');
    const form = await within(detail).findByRole('form', { name: 'Your quote' });
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Send my quote' }));
    expect(
      await within(form).findByText('Enter a price in dollars of at least $0.01, like 12.50.'),
    ).toBeVisible();
    expect(within(form).getByText('Enter a lead time of 1 to 365 days.')).toBeVisible();
    expect(within(form).getByText('Choose the last day your price holds.')).toBeVisible();
    expect(posts('/quotes')).toHaveLength(0);

    await user.type(within(form).getByLabelText(/^Unit price/), '12,50');
    await user.type(within(form).getByLabelText(/^Lead time/), '9');
    await user.type(within(form).getByLabelText(/^Shipping/), '80');
    await user.type(within(form).getByLabelText(/^Valid until/), '2099-01-31');
    await user.click(within(form).getByRole('button', { name: 'Add a quantity price' }));
    await user.type(within(form).getByLabelText('Tier 1: from quantity'), '100');
    await user.type(within(form).getByLabelText('Tier 1: unit price'), '11');
    await user.click(within(form).getByRole('button', { name: 'Send my quote' }));
    await waitFor(() => expect(posts('/quotes')).toHaveLength(1));
    expect(JSON.parse(String(posts('/quotes')[0]![1]!.body))).toEqual({
      unitPriceCents: 1250,
      tiers: [{ minQuantity: 100, unitPriceCents: 1100 }],
      leadDays: 9,
      shippingCents: 8000,
      validUntil: '2099-01-31',
      notes: '',
    });
    expect(await screen.findByText('Your quote is sent: the buyer is told.')).toBeInTheDocument();

    await user.click(within(detail).getByRole('button', { name: 'Stop receiving this buyer’s requests' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop receiving this buyer’s requests?' });
    expect(dialog).toHaveTextContent('requests for quotes from a verified buyer in Quebec.');
    await user.click(within(dialog).getByRole('button', { name: 'Stop receiving them' }));
    await waitFor(() => expect(posts('/mute')).toHaveLength(1));
    expect(posts('/mute')[0]![0]).toMatch(new RegExp(`/seller/5/rfqs/${rfqId}/mute$`));
  });
});
