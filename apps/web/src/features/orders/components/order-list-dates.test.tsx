import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeOrder } from '../../../test/order-fixtures';
import { renderApp, renderWithProviders } from '../../../test/render';
import { MyOrdersScreen } from './my-orders-screen';
import { SellerOrderRow } from './seller-order-row';

/**
 * The order lists write the day an order was placed in the order's time zone, named, as the order page does
 * (decisions 248 and 265) — not in the reader's browser zone, nor UTC.
 */
// 02:00 UTC on Nov 21 is still Nov 20 in Vancouver (6 p.m. PT) and in Toronto (9 p.m. ET).
const lateEvening = makeOrder({ placedAt: '2026-11-21T02:00:00.000Z', timeZone: 'America/Vancouver' });
const links = { order: () => '/order/x', checkout: () => '/checkout/x' };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('dates on the order lists', () => {
  it("the seller's list writes the order's day in its zone, in English and French", () => {
    const english = renderWithProviders(
      <ul>
        <SellerOrderRow order={lateEvening} />
      </ul>,
      { language: 'en' },
    );
    expect(screen.getByText('Placed Nov 20, 2026 (PT)')).toBeInTheDocument();
    english.unmount();
    renderWithProviders(
      <ul>
        <SellerOrderRow order={{ ...lateEvening, timeZone: 'America/Toronto' }} />
      </ul>,
      { language: 'fr' },
    );
    expect(screen.getByText('Passée le 20 nov. 2026 (HE)')).toBeInTheDocument();
  });

  it("the buyer's list writes the order's day in its zone", async () => {
    // Just after midnight in Halifax is still the day before in Toronto: the order's zone decides.
    const halifax = makeOrder({
      id: '9b0c7f1e-2d3a-4b5c-9d6e-7f8091a2b3c4',
      placedAt: '2026-03-08T04:30:00.000Z',
      timeZone: 'America/Halifax',
    });
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ items: [lateEvening, halifax], total: 2, page: 1, pageSize: 10 }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/my-orders', {
      routes: [{ path: '/my-orders', element: <MyOrdersScreen links={links} /> }],
    });
    expect(await screen.findByText('Placed Nov 20, 2026 (PT)')).toBeInTheDocument();
    expect(screen.getByText('Placed Mar 8, 2026 (AT)')).toBeInTheDocument();
  });
});
