import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render';
import {
  json,
  makeOrder,
  ORDER_ID,
  paidOrder,
  paymentReviewFixture,
  sessionUser,
} from '../../test/order-fixtures';
import { markSignedIn, forgetSession } from '../../test/session';

type Handler = (url: URL, init: RequestInit | undefined) => Response | undefined;
let calls: URL[];

function serve(handler: Handler) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push(url);
      if (url.pathname.endsWith('auth/verify-tokens') || url.pathname.endsWith('/api/v1/profile'))
        return json({ user: sessionUser });
      return handler(url, init) ?? json({ items: [], total: 0, page: 1, pageSize: 10, unreadTotal: 0 });
    }),
  );
}

/** The lines of the postal address in `scope`, as its line breaks cut them. */
function addressLines(scope: HTMLElement) {
  const lines = [''];
  for (const node of scope.querySelector('address')!.childNodes) {
    if (node.nodeName === 'BR') lines.push('');
    else lines[lines.length - 1] += node.textContent;
  }
  return lines.map((line) => line.trim());
}

/** The value (`<dd>`) of the row named `term` in `scope`. */
const row = (scope: HTMLElement, term: string) =>
  within(within(scope).getByText(term, { selector: 'dt' }).parentElement!).getByRole('definition');

const orderCalls = () => calls.filter((url) => url.pathname.endsWith('/api/v1/orders'));

beforeEach(markSignedIn);
afterEach(forgetSession);

describe('My orders', () => {
  it('keeps the status filter and the debounced search in the URL, and asks the server with them', async () => {
    serve((url) =>
      url.pathname.endsWith('/api/v1/orders')
        ? json({ items: [makeOrder()], total: 1, page: 1, pageSize: 10 })
        : undefined,
    );
    const ui = userEvent.setup();
    const { router } = renderApp('/my-orders');
    expect(await screen.findByText('Steel brackets')).toBeInTheDocument();

    await ui.selectOptions(screen.getByLabelText('Status'), 'Shipped');
    await waitFor(() => expect(router.state.location.search).toBe('?status=shipped'));
    await waitFor(() => expect(orderCalls().at(-1)?.searchParams.get('status')).toBe('shipped'));

    const before = orderCalls().length;
    await ui.type(screen.getByLabelText('Search orders'), 'acier');
    // Searches follow pauses in typing, not every key (5 keys here).
    await waitFor(() => expect(router.state.location.search).toBe('?q=acier&status=shipped'));
    await waitFor(() => expect(orderCalls().at(-1)?.searchParams.get('search')).toBe('acier'));
    expect(orderCalls().length - before).toBeLessThan(5);
    expect(orderCalls().some((url) => url.searchParams.get('search') === 'a')).toBe(false);
  });

  it('reads its filters and page from the URL', async () => {
    serve((url) =>
      url.pathname.endsWith('/api/v1/orders')
        ? json({ items: [makeOrder({ status: 'delivered' })], total: 25, page: 2, pageSize: 10 })
        : undefined,
    );
    renderApp('/my-orders?q=bracket&status=delivered&page=2');
    expect(await screen.findByText('Steel brackets')).toBeInTheDocument();
    const query = orderCalls().at(-1)!.searchParams;
    expect([query.get('search'), query.get('status'), query.get('page')]).toEqual([
      'bracket',
      'delivered',
      '2',
    ]);
    // Each order by its short reference (decision 213); the full id only in its address.
    expect(screen.getByText('Order #8B0C7F1E')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View order #8B0C7F1E' })).toHaveAttribute(
      'href',
      expect.stringContaining(ORDER_ID),
    );
    expect(screen.queryByText(ORDER_ID, { exact: false })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveValue('delivered');
    expect(screen.getByLabelText('Search orders')).toHaveValue('bracket');
    expect(screen.getByRole('navigation', { name: 'Order pages' })).toHaveTextContent('Page 2 of 3');
  });

  it.each([
    {
      language: 'English',
      path: '/my-orders',
      label: 'Status',
      options: [
        'All statuses',
        'Pending',
        'Confirmed',
        'Processing',
        'Ready to ship',
        'Shipped',
        'In transit',
        'Out for delivery',
        'Delivered',
        'Cancelled',
        'Returned',
      ],
    },
    {
      language: 'French',
      path: '/fr/my-orders',
      label: 'Statut',
      options: [
        'Tous les statuts',
        'En attente',
        'Confirmée',
        'En traitement',
        'Prête à expédier',
        'Expédiée',
        'En transit',
        'En cours de livraison',
        'Livrée',
        'Annulée',
        'Retournée',
      ],
    },
  ])('lists every order status of the spec in $language', async ({ path, label, options }) => {
    serve(() => undefined);
    renderApp(path);
    const select = await screen.findByLabelText(label);
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(options);
  });

  it('says "error loading orders" with a retry that asks again', async () => {
    let fail = true;
    serve((url) => {
      if (!url.pathname.endsWith('/api/v1/orders')) return undefined;
      if (fail) return json({ error: { code: 'INTERNAL', message: 'x' } }, 500);
      return json({ items: [makeOrder()], total: 1, page: 1, pageSize: 10 });
    });
    const ui = userEvent.setup();
    renderApp('/my-orders');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error loading orders');
    fail = false;
    await ui.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Steel brackets')).toBeInTheDocument();
  });
});

describe('order detail', () => {
  it('shows "Order Not Found" for a missing or foreign order', async () => {
    serve((url) =>
      url.pathname.endsWith(`/orders/${ORDER_ID}`)
        ? json({ error: { code: 'ORDER_NOT_FOUND', message: 'Order not found' } }, 404)
        : undefined,
    );
    renderApp(`/order/${ORDER_ID}`);
    expect(await screen.findByRole('heading', { name: 'Order Not Found' })).toBeInTheDocument();
    expect(
      screen.getByText('This order does not exist, or you do not have permission to see it.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to orders/ })).toHaveAttribute('href', '/my-orders');
  });

  it('shows both addresses, the seller and the way back to the orders', async () => {
    const order = makeOrder({
      billingAddress: {
        fullName: 'Comptabilité Roy inc.',
        line1: '400 Bay St',
        line2: 'Suite 1200',
        city: 'Toronto',
        province: 'ON',
        postalCode: 'M5H 2Y4',
        country: 'CA',
        phone: '+14165550100',
        addressType: 'Billing',
      },
    });
    serve((url) => (url.pathname.endsWith(`/orders/${ORDER_ID}`) ? json({ order }) : undefined));
    renderApp(`/order/${ORDER_ID}`);
    const shipping = await screen.findByRole('region', { name: 'Shipping address' });
    expect(addressLines(shipping)).toEqual([
      'Jeanne Roy',
      '12 rue Sainte-Catherine',
      'Montréal, Quebec H2X 1Y4',
      'Canada',
    ]);
    expect(addressLines(screen.getByRole('region', { name: 'Billing address' }))).toEqual([
      'Comptabilité Roy inc.',
      '400 Bay St',
      'Suite 1200',
      'Toronto, Ontario M5H 2Y4',
      'Canada',
      '+14165550100',
    ]);
    expect(row(screen.getByRole('region', { name: 'Product' }), 'Seller')).toHaveTextContent('Acier Québec');
    // The order's own copy of the terms it was accepted under (docs/product.md §3 Order).
    const terms = screen.getByRole('region', { name: 'Terms' });
    expect(row(terms, 'Payment terms')).toHaveTextContent('Paiement à l’acceptation');
    expect(row(terms, 'Delivery terms')).toHaveTextContent('FAB Montréal');
    expect(screen.getByRole('link', { name: /Back to orders/ })).toHaveAttribute('href', '/my-orders');
  });

  it.each([
    { path: `/order/${ORDER_ID}`, payment: 'Payment', refunded: 'Refunded', amount: '$250.00' },
    { path: `/fr/order/${ORDER_ID}`, payment: 'Paiement', refunded: 'Remboursé', amount: '250,00\u00a0$' },
  ])(
    'shows the refunded amount of a refunded order in CAD ($path)',
    async ({ path, payment, refunded, amount }) => {
      const order = makeOrder({
        status: 'delivered',
        payment: {
          ...paidOrder(makeOrder()).payment,
          status: 'partially_refunded',
          refundedCents: 25_000,
        },
      });
      serve((url) => (url.pathname.endsWith(`/orders/${ORDER_ID}`) ? json({ order }) : undefined));
      renderApp(path);
      const section = await screen.findByRole('region', { name: payment });
      expect(row(section, refunded).textContent).toBe(amount);
    },
  );

  it('shows payment, tracking, invoice link and timeline of a shipped order', async () => {
    const order = makeOrder({
      status: 'shipped',
      trackingNumber: '1Z999AA10123456784',
      carrier: 'Purolator',
      payment: {
        ...makeOrder().payment,
        status: 'paid',
        cardBrand: 'visa',
        cardLast4: '4242',
        paidAt: '2026-11-20T15:05:00.000Z',
      },
      timeline: [
        { status: 'pending', at: '2026-11-20T15:00:00.000Z', trackingNumber: null, carrier: null },
        { status: 'confirmed', at: '2026-11-20T15:05:00.000Z', trackingNumber: null, carrier: null },
        {
          status: 'shipped',
          at: '2026-11-21T10:00:00.000Z',
          trackingNumber: '1Z999AA10123456784',
          carrier: 'Purolator',
        },
      ],
    });
    serve((url) => (url.pathname.endsWith(`/orders/${ORDER_ID}`) ? json({ order }) : undefined));
    renderApp(`/order/${ORDER_ID}`);
    const tracking = await screen.findByTestId('order-tracking');
    expect(screen.getByText('#8B0C7F1E')).toHaveAttribute('title', ORDER_ID);
    expect(tracking).toHaveTextContent('1Z999AA10123456784');
    expect(tracking).toHaveTextContent('Purolator');
    expect(screen.getByText('Visa ending in 4242')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View the invoice' })).toHaveAttribute(
      'href',
      `/invoice/${order.invoiceToken}`,
    );
    const timeline = screen.getByTestId('order-timeline');
    expect(timeline).toHaveTextContent('Placed');
    expect(timeline).toHaveTextContent('Estimated delivery');
    expect(timeline).toHaveTextContent('Not yet');
    expect(screen.queryByRole('button', { name: 'Request a payment review' })).not.toBeInTheDocument();
  });

  it.each([
    {
      path: `/order/${ORDER_ID}`,
      payment: 'Payment',
      product: 'Product',
      quantity: 'Quantity',
      many: '50 pieces',
      one: '1 piece',
      cardTerm: 'Card',
      card: 'Mastercard ending in 4444',
      city: 'Montréal, Quebec H2X 1Y4',
    },
    {
      path: `/fr/order/${ORDER_ID}`,
      payment: 'Paiement',
      product: 'Produit',
      quantity: 'Quantité',
      many: '50 pièces',
      one: '1 pièce',
      cardTerm: 'Carte',
      card: 'Mastercard se terminant par 4444',
      city: 'Montréal, Québec H2X 1Y4',
    },
  ])(
    'writes units, card brands and postal codes as a reader expects them ($path)',
    async ({ path, payment, product, quantity, many, one, cardTerm, card, city }) => {
      const base = makeOrder();
      const order = (count: number) =>
        makeOrder({
          subject: { ...base.subject, quantity: count, unit: 'piece' },
          shippingAddress: { ...base.shippingAddress, postalCode: 'h2x1y4' },
          payment: { ...paidOrder(base).payment, cardBrand: 'mastercard', cardLast4: '4444' },
        });
      serve((url) => (url.pathname.endsWith(`/orders/${ORDER_ID}`) ? json({ order: order(50) }) : undefined));
      const first = renderApp(path);
      const section = await screen.findByRole('region', { name: product });
      expect(row(section, quantity).textContent).toBe(many);
      expect(row(screen.getByRole('region', { name: payment }), cardTerm).textContent).toBe(card);
      expect(addressLines(document.body)).toContain(city);
      expect(document.body.textContent).not.toMatch(/mastercard|H2X1Y4|h2x1y4/);
      first.unmount();
      serve((url) => (url.pathname.endsWith(`/orders/${ORDER_ID}`) ? json({ order: order(1) }) : undefined));
      renderApp(path);
      expect(row(await screen.findByRole('region', { name: product }), quantity).textContent).toBe(one);
    },
  );

  it('offers the payment review request only when the server says the order is eligible, and sends the reason', async () => {
    const order = makeOrder({ status: 'delivered', canRequestPaymentReview: true });
    let sent: unknown = null;
    serve((url, init) => {
      if (url.pathname.endsWith(`/orders/${ORDER_ID}/payment-review`) && init?.method === 'POST') {
        sent = JSON.parse(String(init.body));
        return json({ review: paymentReviewFixture() });
      }
      if (url.pathname.endsWith(`/orders/${ORDER_ID}`)) return json({ order });
      return undefined;
    });
    const ui = userEvent.setup();
    renderApp(`/order/${ORDER_ID}`);
    await ui.click(await screen.findByRole('button', { name: 'Request a payment review' }));
    await ui.type(screen.getByLabelText(/What went wrong/), 'bent');
    await ui.click(screen.getByRole('button', { name: 'Send the request' }));
    expect(await screen.findByText('Tell us what went wrong in at least 10 characters.')).toBeInTheDocument();
    expect(sent).toBeNull();
    await ui.type(screen.getByLabelText(/What went wrong/), ' — half the brackets');
    await ui.click(screen.getByRole('button', { name: 'Send the request' }));
    expect(await screen.findByText('Your payment review request was sent.')).toBeInTheDocument();
    expect(sent).toEqual({ reason: 'bent — half the brackets' });
  });
});

describe("the product or service name in the reader's language (decision 232)", () => {
  it('lists orders by their French name in French, and by the English one in English', async () => {
    serve((url) =>
      url.pathname.endsWith('/api/v1/orders')
        ? json({ items: [makeOrder()], total: 1, page: 1, pageSize: 10 })
        : undefined,
    );
    const french = renderApp('/fr/my-orders');
    expect(await screen.findByText('Supports en acier')).toBeInTheDocument();
    expect(screen.queryByText('Steel brackets')).not.toBeInTheDocument();
    french.unmount();
    renderApp('/my-orders');
    expect(await screen.findByText('Steel brackets')).toBeInTheDocument();
    expect(screen.queryByText('Supports en acier')).not.toBeInTheDocument();
  });

  it('shows the French name on the order and service order pages in French', async () => {
    serve((url) =>
      url.pathname.endsWith(`/orders/${ORDER_ID}`)
        ? json({ order: makeOrder() })
        : url.pathname.endsWith(`/service-orders/${ORDER_ID}`)
          ? json({
              order: makeOrder({
                kind: 'service',
                subject: { ...makeOrder().subject, name: 'CNC machining', nameFr: 'Usinage CNC' },
              }),
            })
          : undefined,
    );
    const product = renderApp(`/fr/order/${ORDER_ID}`);
    expect(await screen.findByText('Supports en acier')).toBeInTheDocument();
    expect(screen.queryByText('Steel brackets')).not.toBeInTheDocument();
    product.unmount();
    renderApp(`/fr/service-order/${ORDER_ID}`);
    expect(await screen.findByText('Usinage CNC')).toBeInTheDocument();
    expect(screen.queryByText('CNC machining')).not.toBeInTheDocument();
  });

  it('links a service order to its invoice as a service invoice (the invoice page asks the service route first)', async () => {
    const order = makeOrder({ kind: 'service' });
    serve((url) => (url.pathname.endsWith(`/service-orders/${ORDER_ID}`) ? json({ order }) : undefined));
    renderApp(`/service-order/${ORDER_ID}`);
    expect(await screen.findByRole('link', { name: 'View the invoice' })).toHaveAttribute(
      'href',
      `/invoice/${order.invoiceToken}?kind=service`,
    );
  });

  it('shows the English name an order has when it has no French one', async () => {
    const order = makeOrder({ subject: { ...makeOrder().subject, nameFr: null } });
    serve((url) =>
      url.pathname.endsWith('/api/v1/orders')
        ? json({ items: [order], total: 1, page: 1, pageSize: 10 })
        : undefined,
    );
    renderApp('/fr/my-orders');
    expect(await screen.findByText('Steel brackets')).toBeInTheDocument();
  });
});
