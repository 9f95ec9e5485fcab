import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@maplesource/contracts/orders';
import { renderApp } from '../../test/render';
import { failedOrder, json, makeOrder, ORDER_ID, paidOrder, sessionUser } from '../../test/order-fixtures';
import { markSignedIn, forgetSession } from '../../test/session';

const CONFIRM_URL = 'http://localhost:3000/sandbox-pay/intents/pi_1/confirm';
const intent = (status = 'requires_payment_method', failureCode: string | null = null) => ({
  intentId: 'pi_1',
  clientSecret: 'pi_1_secret_abc',
  amountCents: 120_724,
  currency: 'cad',
  provider: 'sandbox',
  status,
  confirmUrl: CONFIRM_URL,
  failureCode,
});
const paid = (order: Order) => paidOrder(order);
const failed = failedOrder;

type Step = { order: Order; intentStatus?: string; intentFailure?: string | null };

/**
 * A fake backend: the provider's endpoint answers `confirmAnswers` in turn; each confirm moves the order to the
 * next `settlements` state after it has been read once more (the webhook arrives a little later).
 */
function backend(initial: Order, confirmAnswers: object[], settlements: Step[]) {
  const log: { url: URL; body: string }[] = [];
  let order = initial;
  let intentState = { status: 'requires_payment_method', failure: null as string | null };
  let pending: Step | null = null;
  let readsSinceConfirm = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      log.push({ url, body: typeof init?.body === 'string' ? init.body : '' });
      if (url.pathname.endsWith('auth/verify-tokens') || url.pathname.endsWith('/api/v1/profile'))
        return json({ user: sessionUser });
      if (url.href === CONFIRM_URL) {
        const answer = confirmAnswers.shift()!;
        pending = settlements.shift() ?? null;
        readsSinceConfirm = 0;
        intentState = { status: 'processing', failure: null };
        return json(answer);
      }
      if (url.pathname.endsWith('/payment/create-order-intent')) {
        return json(intent(intentState.status, intentState.failure));
      }
      if (url.pathname.endsWith(`/orders/${ORDER_ID}`)) {
        if (pending && ++readsSinceConfirm > 1) {
          order = pending.order;
          intentState = {
            status: pending.intentStatus ?? 'succeeded',
            failure: pending.intentFailure ?? null,
          };
          pending = null;
        }
        return json({ order });
      }
      return json({ items: [], total: 0, page: 1, pageSize: 10, unreadTotal: 0 });
    }),
  );
  return log;
}

async function payWith(ui: ReturnType<typeof userEvent.setup>, number: string) {
  await ui.type(await screen.findByLabelText(/Card number/), number);
  await ui.type(screen.getByLabelText(/Expiry date/), '1230');
  await ui.type(screen.getByLabelText(/Security code/), '123');
  await ui.type(screen.getByLabelText(/Billing postal code/), 'H2X 1Y4');
  await ui.click(screen.getByRole('button', { name: /^Pay / }));
}

beforeEach(markSignedIn);
afterEach(forgetSession);

describe('checkout', () => {
  it('says "missing checkout data" without an order, and for an order that is not the buyer’s', async () => {
    backend(makeOrder(), [], []);
    const first = renderApp('/checkout');
    expect(
      await screen.findByRole('heading', { name: 'Missing checkout data, try again' }),
    ).toBeInTheDocument();
    first.unmount();

    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        if (url.includes('auth/verify-tokens') || url.endsWith('/api/v1/profile'))
          return json({ user: sessionUser });
        if (url.includes(`/orders/${ORDER_ID}`))
          return json({ error: { code: 'ORDER_NOT_FOUND', message: 'x' } }, 404);
        return json({ items: [], total: 0, page: 1, pageSize: 10, unreadTotal: 0 });
      }),
    );
    renderApp(`/checkout?order=${ORDER_ID}&kind=product`);
    expect(
      await screen.findByRole('heading', { name: 'Missing checkout data, try again' }),
    ).toBeInTheDocument();
  });

  it('shows each field’s problem inline and sends nothing while the card is invalid', async () => {
    const log = backend(makeOrder(), [], []);
    const ui = userEvent.setup();
    renderApp(`/checkout?order=${ORDER_ID}&kind=product`);
    const number = await screen.findByLabelText(/Card number/);
    expect(number).toHaveAttribute('autocomplete', 'cc-number');
    expect(number).toHaveAttribute('inputmode', 'numeric');
    await ui.type(number, '4242424242424241');
    await ui.type(screen.getByLabelText(/Expiry date/), '0120');
    await ui.click(screen.getByRole('button', { name: /^Pay / }));
    expect(screen.getByText('This card number is not valid.')).toBeInTheDocument();
    expect(screen.getByText('This card has expired.')).toBeInTheDocument();
    expect(screen.getByText('Enter the security code.')).toBeInTheDocument();
    expect(screen.getByText('Enter the billing postal code.')).toBeInTheDocument();
    expect(number).toHaveFocus();
    expect(log.some((call) => call.url.href === CONFIRM_URL)).toBe(false);
  });

  it('pays with 4242: the card goes to the provider only, then the countdown, then success with the order link', async () => {
    const order = makeOrder();
    const log = backend(
      order,
      [{ intentId: 'pi_1', status: 'processing', failureCode: null, challengeUrl: null, card: null }],
      [{ order: paid(order) }],
    );
    const ui = userEvent.setup();
    renderApp(`/checkout?order=${ORDER_ID}&kind=product`);
    expect(await screen.findByTestId('checkout-total')).toHaveTextContent('1,207.24');
    await payWith(ui, '4242 4242 4242 4242');
    expect(await screen.findByTestId('checkout-countdown')).toBeInTheDocument();
    expect(await screen.findByText('Payment successful', { selector: 'h2' })).toBeInTheDocument();
    expect(screen.getByText(/Visa card ending in 4242/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View the order' })).toHaveAttribute(
      'href',
      `/order/${ORDER_ID}`,
    );

    const confirm = log.find((call) => call.url.href === CONFIRM_URL)!;
    expect(JSON.parse(confirm.body)).toMatchObject({
      clientSecret: 'pi_1_secret_abc',
      cardNumber: '4242424242424242',
    });
    // The card number never reaches our API.
    for (const call of log.filter((c) => c.url.pathname.includes('/api/'))) {
      expect(call.url.href + call.body).not.toContain('4242424242424242');
    }
  });

  it('shows the decline, then a retry on the same intent succeeds (no second order, no second intent)', async () => {
    const order = makeOrder();
    const log = backend(
      order,
      [
        { intentId: 'pi_1', status: 'processing', failureCode: null, challengeUrl: null, card: null },
        { intentId: 'pi_1', status: 'processing', failureCode: null, challengeUrl: null, card: null },
      ],
      [
        {
          order: failed(order, 'card_declined'),
          intentStatus: 'requires_payment_method',
          intentFailure: 'card_declined',
        },
        { order: paid(order) },
      ],
    );
    const ui = userEvent.setup();
    renderApp(`/checkout?order=${ORDER_ID}&kind=product`);
    await payWith(ui, '4000 0000 0000 0002');
    const failure = await screen.findByText('Payment failed, try again', { selector: 'h2' });
    expect(screen.getByTestId('checkout-failure-reason')).toHaveTextContent('Your card was declined.');
    await ui.click(within(failure.closest('section')!).getByRole('button', { name: 'Try again' }));
    // The number typed for the failed attempt is gone.
    expect(await screen.findByLabelText(/Card number/)).toHaveValue('');
    await payWith(ui, '4242 4242 4242 4242');
    expect(await screen.findByText('Payment successful', { selector: 'h2' })).toBeInTheDocument();

    const confirms = log.filter((call) => call.url.href === CONFIRM_URL);
    expect(confirms).toHaveLength(2);
    expect(new Set(confirms.map((c) => JSON.parse(c.body).clientSecret))).toEqual(
      new Set(['pi_1_secret_abc']),
    );
    const intentBodies = log.filter((c) => c.url.pathname.endsWith('create-order-intent')).map((c) => c.body);
    expect(new Set(intentBodies)).toEqual(new Set([JSON.stringify({ orderId: ORDER_ID })]));
  });

  it('opens the provider’s authentication page in the same tab, with the way back to this checkout', async () => {
    const order = makeOrder();
    const log = backend(
      order,
      [
        {
          intentId: 'pi_1',
          status: 'requires_action',
          failureCode: null,
          challengeUrl: 'http://localhost:3000/sandbox-pay/intents/pi_1/challenge?token=x',
          card: null,
        },
      ],
      [],
    );
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const ui = userEvent.setup();
    renderApp(`/checkout?order=${ORDER_ID}&kind=product`);
    await payWith(ui, '4000 0025 0000 3155');
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('http://localhost:3000/sandbox-pay/intents/pi_1/challenge?token=x'),
    );
    const confirm = log.find((call) => call.url.href === CONFIRM_URL)!;
    expect(JSON.parse(confirm.body).returnPath).toBe(
      `/checkout?order=${ORDER_ID}&kind=product&authenticated=1`,
    );
  });

  it('after the authentication step, waits for the webhook with the countdown', async () => {
    const order = makeOrder({ payment: { ...makeOrder().payment, status: 'requires_action' } });
    backend(order, [], []);
    renderApp(`/checkout?order=${ORDER_ID}&kind=product&authenticated=1`);
    expect(await screen.findByText('Processing your payment…', { selector: 'h2' })).toBeInTheDocument();
    expect(screen.getByTestId('checkout-countdown')).toHaveTextContent(/^\d+$/);
  });

  it('never says "Payment successful" for a payment that went back, or for a cancelled order (EN and FR)', async () => {
    const paidOnce = paid(makeOrder());
    const refunded: Order = {
      ...paidOnce,
      payment: { ...paidOnce.payment, status: 'refunded', refundedCents: 120_724 },
    };
    const cases: Array<{ order: Order; en: [string, RegExp]; fr: [string, RegExp] }> = [
      {
        order: refunded,
        en: ['Payment refunded', /\$1,207\.24 went back to your card/],
        fr: ['Paiement remboursé', /1\s207,24\s\$ ont été recrédités sur votre carte/],
      },
      {
        order: {
          ...refunded,
          payment: { ...refunded.payment, status: 'partially_refunded', refundedCents: 20_000 },
        },
        en: ['Payment partly refunded', /\$200\.00 of this order’s payment went back/],
        fr: ['Paiement remboursé en partie', /200,00\s\$ du paiement de cette commande/],
      },
      {
        order: { ...refunded, status: 'cancelled', cancelledAt: '2026-11-27T15:00:00.000Z' },
        en: ['Payment refunded', /This order was cancelled and its payment refunded/],
        fr: ['Paiement remboursé', /Cette commande a été annulée et son paiement remboursé/],
      },
      {
        order: makeOrder({ status: 'cancelled', cancelledAt: '2026-11-27T15:00:00.000Z' }),
        en: ['Order cancelled', /there is nothing to pay/],
        fr: ['Commande annulée', /il n’y a rien à payer/],
      },
      {
        // Paid in the seconds after the cancellation (decision 166): refunded by MapleSource, not a success.
        order: { ...paidOnce, status: 'cancelled', cancelledAt: '2026-11-27T15:00:00.000Z' },
        en: ['Order cancelled', /MapleSource refunds it to your card in full/],
        fr: ['Commande annulée', /MapleSource vous le rembourse en entier/],
      },
    ];
    for (const { order, en, fr } of cases) {
      const log = backend(order, [], []);
      const view = renderApp(`/checkout?order=${ORDER_ID}&kind=product`);
      const heading = await screen.findByRole('heading', { name: en[0] });
      const state = heading.closest('section')!;
      expect(state).toHaveTextContent(en[1]);
      expect(screen.queryByText('Payment successful')).toBeNull();
      expect(within(state).getByRole('link', { name: 'View the order' })).toHaveAttribute(
        'href',
        `/order/${ORDER_ID}`,
      );
      // Nothing to pay: no card form, and no intent asked for.
      expect(screen.queryByLabelText(/Card number/)).toBeNull();
      expect(log.some((call) => call.url.pathname.endsWith('create-order-intent'))).toBe(false);

      await act(() => view.i18n.changeLanguage('fr'));
      const french = await screen.findByRole('heading', { name: fr[0] });
      expect(french.closest('section')).toHaveTextContent(fr[1]);
      expect(screen.queryByText('Paiement réussi')).toBeNull();
      view.unmount();
    }
  });

  it("names the item of the summary in the reader's language (decision 232)", async () => {
    backend(makeOrder(), [], []);
    const view = renderApp(`/checkout?order=${ORDER_ID}&kind=product`);
    expect(await screen.findByText('Steel brackets')).toBeInTheDocument();
    await act(() => view.i18n.changeLanguage('fr'));
    expect(await screen.findByText('Supports en acier')).toBeInTheDocument();
    expect(screen.queryByText('Steel brackets')).not.toBeInTheDocument();
  });

  it('shows the cancellation when the order is cancelled while the payment is awaited', async () => {
    const order = makeOrder();
    backend(
      order,
      [{ intentId: 'pi_1', status: 'processing', failureCode: null, challengeUrl: null, card: null }],
      [{ order: { ...paid(order), status: 'cancelled', cancelledAt: '2026-11-27T15:00:00.000Z' } }],
    );
    const ui = userEvent.setup();
    renderApp(`/checkout?order=${ORDER_ID}&kind=product`);
    await payWith(ui, '4242 4242 4242 4242');
    expect(await screen.findByRole('heading', { name: 'Order cancelled' })).toBeInTheDocument();
    expect(screen.queryByText('Payment successful')).toBeNull();
  });
});
