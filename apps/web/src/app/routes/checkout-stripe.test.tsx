import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@maplesource/contracts/orders';
import { PAYMENTS_MODE_META } from '@maplesource/contracts/page-data';
import { renderApp } from '../../test/render';
import { failedOrder, json, makeOrder, ORDER_ID, paidOrder, sessionUser } from '../../test/order-fixtures';
import { markSignedIn, forgetSession } from '../../test/session';

/**
 * The Stripe path of /checkout (decision 165). Stripe.js cannot load here (no internet), so the loader of
 * `@stripe/stripe-js` is replaced by a fake Stripe object with the methods React Stripe.js calls; our code and
 * React Stripe.js run as in the browser.
 */
type Handler = (event: unknown) => void;
const fake = vi.hoisted(() => ({
  loadStripe: null as unknown as (key: string) => Promise<unknown>,
}));
vi.mock('@stripe/stripe-js', () => ({ loadStripe: (key: string) => fake.loadStripe(key) }));

function fakeStripe(confirmAnswers: unknown[]) {
  const handlers = new Map<string, Set<Handler>>();
  const element = {
    mount: vi.fn(),
    on: vi.fn((event: string, handler: Handler) => {
      handlers.set(event, (handlers.get(event) ?? new Set()).add(handler));
    }),
    off: vi.fn((event: string, handler: Handler) => handlers.get(event)?.delete(handler)),
    update: vi.fn(),
    focus: vi.fn(),
    destroy: vi.fn(),
  };
  const elements = { create: vi.fn(() => element), getElement: vi.fn(() => element), update: vi.fn() };
  const stripe = {
    elements: vi.fn(() => elements),
    createToken: vi.fn(),
    createPaymentMethod: vi.fn(),
    confirmCardPayment: vi.fn(async () => confirmAnswers.shift()),
  };
  /** What Stripe's card frame would report: ready, then each change of the buyer's typing. */
  const emit = (event: string, payload: unknown = {}) =>
    act(() => {
      for (const handler of handlers.get(event) ?? []) handler(payload);
    });
  const mounted = () => waitFor(() => expect(handlers.get('ready')?.size ?? 0).toBeGreaterThan(0));
  return { stripe, elements, element, emit, mounted };
}

const stripeIntent = (status = 'requires_payment_method') => ({
  intentId: 'pi_3Stripe',
  clientSecret: 'pi_3Stripe_secret_xyz',
  amountCents: 120_724,
  currency: 'cad',
  provider: 'stripe',
  status,
  confirmUrl: null,
  failureCode: null,
});
const paid = (order: Order) => paidOrder(order, '3155');
const failed = failedOrder;

/** Our API: the order (which `settle()` moves on, as the webhook would), the order's one intent, the provider. */
function backend(
  initial: Order,
  provider: object = { provider: 'stripe', publishableKey: 'pk_test_51Maple' },
) {
  const log: { method: string; url: URL; body: string }[] = [];
  const state = { order: initial, intentStatus: 'requires_payment_method' };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      log.push({ method: init?.method ?? 'GET', url, body: typeof init?.body === 'string' ? init.body : '' });
      if (url.pathname.endsWith('auth/verify-tokens') || url.pathname.endsWith('/api/v1/profile'))
        return json({ user: sessionUser });
      if (url.pathname.endsWith('/payment/provider')) return json(provider);
      if (url.pathname.endsWith('/payment/create-order-intent'))
        return json(stripeIntent(state.intentStatus));
      if (url.pathname.endsWith(`/orders/${ORDER_ID}`)) return json({ order: state.order });
      return json({ items: [], total: 0, page: 1, pageSize: 10, unreadTotal: 0 });
    }),
  );
  const settle = (order: Order, intentStatus: string) => {
    state.order = order;
    state.intentStatus = intentStatus;
  };
  return { log, settle };
}

async function fillAndPay(ui: ReturnType<typeof userEvent.setup>, card: ReturnType<typeof fakeStripe>) {
  card.emit('change', { complete: true, empty: false, error: undefined, elementType: 'card' });
  const postal = screen.getByLabelText(/Billing postal code/);
  await ui.clear(postal);
  await ui.type(postal, 'h2x 1y4');
  await ui.click(screen.getByRole('button', { name: /^Pay / }));
}

beforeEach(markSignedIn);
afterEach(forgetSession);

describe('checkout with Stripe', () => {
  it('loads Stripe.js with the publishable key, confirms with Stripe.js, then waits for the webhook → success', async () => {
    const order = makeOrder();
    const api = backend(order);
    const card = fakeStripe([{ paymentIntent: { id: 'pi_3Stripe', status: 'succeeded' } }]);
    const loader = vi.fn(async () => card.stripe);
    fake.loadStripe = loader;
    const ui = userEvent.setup();
    renderApp(`/checkout?order=${ORDER_ID}&kind=product`);

    await card.mounted();
    expect(loader).toHaveBeenCalledWith('pk_test_51Maple');
    expect(card.stripe.elements).toHaveBeenCalledWith(expect.objectContaining({ locale: 'en' }));
    expect(card.elements.create).toHaveBeenCalledWith(
      'card',
      expect.objectContaining({ hidePostalCode: true }),
    );
    // The card fields are Stripe's frame: no card number, expiry or CVC input of ours.
    expect(screen.queryByLabelText(/Card number/)).toBeNull();
    expect(screen.queryByLabelText(/Security code/)).toBeNull();
    expect(screen.getByRole('group', { name: /Card details/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Pay / })).toBeDisabled();
    card.emit('ready');
    expect(screen.getByRole('button', { name: /^Pay / })).toBeEnabled();

    await fillAndPay(ui, card);
    expect(card.stripe.confirmCardPayment).toHaveBeenCalledTimes(1);
    expect(card.stripe.confirmCardPayment).toHaveBeenCalledWith('pi_3Stripe_secret_xyz', {
      payment_method: {
        card: card.element,
        billing_details: { address: { postal_code: 'H2X 1Y4', country: 'CA' } },
      },
    });
    // Stripe took it; the order is paid only when the webhook lands: the processing state and its countdown.
    expect(await screen.findByTestId('checkout-countdown')).toBeInTheDocument();
    api.settle(paid(order), 'succeeded');
    expect(await screen.findByText('Payment successful', { selector: 'h2' })).toBeInTheDocument();
    expect(screen.getByText(/Visa card ending in 3155/)).toBeInTheDocument();
    // Nothing went to the sandbox's card endpoint, and the intent was asked for once.
    expect(api.log.some((call) => call.url.pathname.includes('/sandbox-pay/'))).toBe(false);
    expect(api.log.filter((call) => call.url.pathname.endsWith('/payment/create-order-intent'))).toHaveLength(
      1,
    );
  });

  it('shows a decline from Stripe, then a retry on the same intent succeeds', async () => {
    const order = makeOrder();
    const api = backend(order);
    const card = fakeStripe([
      {
        error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'insufficient_funds',
          message: 'x',
        },
      },
      { paymentIntent: { id: 'pi_3Stripe', status: 'processing' } },
    ]);
    fake.loadStripe = async () => card.stripe;
    const ui = userEvent.setup();
    renderApp(`/checkout?order=${ORDER_ID}&kind=product`);
    await card.mounted();
    card.emit('ready');
    await fillAndPay(ui, card);
    const failure = await screen.findByText('Payment failed, try again', { selector: 'h2' });
    expect(screen.getByTestId('checkout-failure-reason')).toHaveTextContent('insufficient funds');
    api.settle(failed(order, 'insufficient_funds'), 'requires_payment_method'); // the webhook of the decline

    await ui.click(within(failure.closest('section')!).getByRole('button', { name: 'Try again' }));
    await card.mounted();
    card.emit('ready');
    await fillAndPay(ui, card);
    expect(await screen.findByTestId('checkout-countdown')).toBeInTheDocument();
    // The order still reads `failed` from the first attempt: that is not this attempt's failure.
    expect(screen.queryByText('Payment failed, try again')).toBeNull();
    api.settle(paid(order), 'succeeded');
    expect(await screen.findByText('Payment successful', { selector: 'h2' })).toBeInTheDocument();

    const secrets = card.stripe.confirmCardPayment.mock.calls.map((call) => (call as unknown[])[0]);
    expect(secrets).toEqual(['pi_3Stripe_secret_xyz', 'pi_3Stripe_secret_xyz']);
    const intents = api.log.filter((call) => call.url.pathname.includes('/payment/create-'));
    expect(intents.every((call) => call.url.pathname.endsWith('/payment/create-order-intent'))).toBe(true);
  });

  it('sends nothing while the card is incomplete or the postal code invalid, and shows Stripe.js refusals inline', async () => {
    backend(makeOrder());
    const card = fakeStripe([
      {
        error: {
          type: 'validation_error',
          code: 'incomplete_zip',
          message: 'Your card number is incomplete.',
        },
      },
    ]);
    fake.loadStripe = async () => card.stripe;
    const ui = userEvent.setup();
    renderApp(`/checkout?order=${ORDER_ID}&kind=product`);
    await card.mounted();
    card.emit('ready');
    await ui.click(screen.getByRole('button', { name: /^Pay / }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Complete the card number, expiry date and security code.',
    );
    expect(card.element.focus).toHaveBeenCalled();

    card.emit('change', { complete: true, empty: false, error: undefined, elementType: 'card' });
    await ui.type(screen.getByLabelText(/Billing postal code/), '12345');
    await ui.click(screen.getByRole('button', { name: /^Pay / }));
    expect(screen.getByText('Enter a Canadian postal code (A1A 1A1).')).toBeInTheDocument();
    expect(screen.getByLabelText(/Billing postal code/)).toHaveFocus();
    expect(card.stripe.confirmCardPayment).not.toHaveBeenCalled();

    await fillAndPay(ui, card);
    expect(await screen.findByText('Your card number is incomplete.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Pay / })).toBeEnabled();
  });

  it('says "Error during checkout" when Stripe.js cannot load, and retries the load', async () => {
    backend(makeOrder());
    const card = fakeStripe([]);
    const loader = vi
      .fn<(key: string) => Promise<unknown>>()
      .mockRejectedValueOnce(new Error('Failed to load Stripe.js'))
      .mockResolvedValue(card.stripe);
    fake.loadStripe = loader;
    const ui = userEvent.setup();
    renderApp(`/checkout?order=${ORDER_ID}&kind=product`);
    expect(await screen.findByText('Error during checkout', { selector: 'h2' })).toBeInTheDocument();
    expect(screen.getByText(/secure card form could not be loaded/)).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Try again' }));
    await card.mounted();
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it('never loads Stripe.js nor asks for the provider with the sandbox', async () => {
    const order = makeOrder();
    const log: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://localhost');
        log.push(url.pathname);
        if (url.pathname.endsWith('auth/verify-tokens') || url.pathname.endsWith('/api/v1/profile'))
          return json({ user: sessionUser });
        if (url.pathname.endsWith('/payment/create-order-intent'))
          return json({
            ...stripeIntent(),
            provider: 'sandbox',
            confirmUrl: '/sandbox-pay/intents/pi_1/confirm',
          });
        if (url.pathname.endsWith(`/orders/${ORDER_ID}`)) return json({ order });
        return json({ items: [], total: 0, page: 1, pageSize: 10, unreadTotal: 0 });
      }),
    );
    const loader = vi.fn();
    fake.loadStripe = loader;
    // As our server serves the page: it says test payments itself (decision 238), so the banner asks nothing either.
    const meta = document.createElement('meta');
    meta.name = PAYMENTS_MODE_META;
    meta.content = 'test';
    document.head.append(meta);
    try {
      renderApp(`/checkout?order=${ORDER_ID}&kind=product`);
      expect(await screen.findByLabelText(/Card number/)).toBeInTheDocument();
      expect(loader).not.toHaveBeenCalled();
      expect(log.some((path) => path.endsWith('/payment/provider'))).toBe(false);
    } finally {
      meta.remove();
    }
  });
});
