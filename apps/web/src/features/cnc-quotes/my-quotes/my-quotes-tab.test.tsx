import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { renderWithProviders } from '../../../test/render';
import { sessionStore } from '../../../lib/session-store';
import { clearToasts } from '../../../lib/toast-store';
import { withQuantity } from './my-quotes-logic';
import { MyCncQuotes } from './my-quotes-tab';
import { testQuote } from './test-quote';

let signedIn = false;
afterEach(() => {
  clearToasts();
  signedIn = false;
  document.cookie = 'ms_has_session=; Max-Age=0; path=/';
  act(() => sessionStore.reset());
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;
function server(handler: Handler) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/auth/verify-tokens'))
      return signedIn
        ? json(200, { user: { id: 'buyer-1', fullName: 'Test Buyer', avatar: null } })
        : json(401, { error: { code: 'UNAUTHENTICATED', message: 'Please login first' } });
    return (await handler(url, init)).clone();
  });
}
const calls = (mock: ReturnType<typeof server>, method: string, path: string) =>
  mock.mock.calls.filter(
    ([input, init]) =>
      (init?.method ?? 'GET') === method &&
      new URL(String(input), 'http://localhost').pathname.endsWith(path),
  );

/** A buyer whose session the start-up check confirms (the session hint cookie, then verify-tokens). */
function signIn() {
  signedIn = true;
  document.cookie = 'ms_has_session=1; path=/';
}

function renderTab(language: 'en' | 'fr' = 'en') {
  return renderWithProviders(
    <MemoryRouter>
      <MyCncQuotes />
    </MemoryRouter>,
    { language },
  );
}

const card = async (fileName: string) =>
  (await screen.findByRole('heading', { level: 3, name: fileName })).closest('article')!;
const fact = (article: HTMLElement, label: string) =>
  within(article).getByText(label, { selector: 'dt' }).nextElementSibling!.textContent;

describe('My quotes (the CNC quotes page’s tab)', () => {
  it('asks a visitor to sign in, in the sign-in dialog', async () => {
    const fetchMock = server(() => json(500, {}));
    renderTab();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(sessionStore.getState().isAuthModalOpen).toBe(true);
    expect(calls(fetchMock, 'GET', '/cnc-quotes')).toHaveLength(0);
  });

  it('shows the empty state with a way to the instant quote, and an error with a retry', async () => {
    signIn();
    let fail = true;
    server(() =>
      fail ? json(503, { error: { code: 'SERVICE_UNAVAILABLE', message: 'x' } }) : json(200, { items: [] }),
    );
    renderTab();
    const alert = await screen.findByRole('alert');
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You have no saved quote yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get an instant quote' })).toHaveAttribute(
      'href',
      '/cnc-fabrication-quotes/instant-quote',
    );
  });

  it('lists each quote with its figures, a link to re-open it and one to the request already sent', async () => {
    signIn();
    const sent = testQuote(
      { material: 'brass', finish: 'as-machined', quantity: 10 },
      {
        id: '42',
        fileName: 'housing.stl',
        notes: [],
        rfqId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      },
    );
    server(() => json(200, { items: [sent, testQuote()] }));
    renderTab();
    const bracket = await card('bracket.step');
    const asked = testQuote().prices.find((p) => p.quantity === 25)!;
    expect(fact(bracket, 'Material')).toBe('Aluminium 6061');
    expect(fact(bracket, 'Quantity')).toBe('25');
    expect(fact(bracket, 'Unit price')).toBe(`$${(asked.unitCents / 100).toFixed(2)}`);
    expect(fact(bracket, 'Total price')).toBe(
      `$${(asked.totalCents / 100).toLocaleString('en-CA', { minimumFractionDigits: 2 })}`,
    );
    expect(fact(bracket, 'Rates of')).toBe('Nov 28, 2026');
    expect(fact(bracket, 'Manufacturing notes')).toBe('1 note');
    expect(within(bracket).getByRole('link', { name: 'Re-open' })).toHaveAttribute(
      'href',
      '/cnc-fabrication-quotes/instant-quote?quote=41',
    );
    expect(within(bracket).getByRole('button', { name: 'Request firm quotes' })).toBeInTheDocument();

    const housing = await card('housing.stl');
    expect(fact(housing, 'Manufacturing notes')).toBe('None');
    expect(within(housing).getByRole('link', { name: 'See the request and its quotes' })).toHaveAttribute(
      'href',
      '/global-quote?rfq=7c9e6679-7425-40de-944b-e07fc1f90ae7',
    );
    expect(within(housing).queryByRole('button', { name: 'Request firm quotes' })).toBeNull();
  });

  it('writes prices and dates in French on a French page', async () => {
    signIn();
    server(() => json(200, { items: [testQuote()] }));
    renderTab('fr');
    const bracket = await card('bracket.step');
    expect(fact(bracket, 'Matériau')).toBe('Aluminium 6061');
    expect(fact(bracket, 'Prix total')).toMatch(/^\d[\d\u00a0]*,\d\d\u00a0\$$/);
    expect(within(bracket).getByRole('button', { name: 'Changer la quantité' })).toBeInTheDocument();
  });

  it('changes the quantity at once, and puts it back when the server refuses', async () => {
    signIn();
    const quote = testQuote();
    let answerPatch: (response: Response) => void = () => {};
    const fetchMock = server((url, init) => {
      if (init?.method === 'PATCH') return new Promise<Response>((resolve) => (answerPatch = resolve));
      return json(200, { items: [quote] });
    });
    renderTab();
    const user = userEvent.setup();
    const bracket = await card('bracket.step');
    await user.click(within(bracket).getByRole('button', { name: 'Change quantity' }));
    const field = within(bracket).getByLabelText('New quantity');
    await user.clear(field);
    await user.type(field, '0');
    await user.click(within(bracket).getByRole('button', { name: 'Save the quantity' }));
    expect(within(bracket).getByText('Enter a whole number of parts from 1 to 10,000.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.clear(field);
    await user.type(field, '40');
    await user.click(within(bracket).getByRole('button', { name: 'Save the quantity' }));

    // Shown at once, priced from the quote's own terms, before the server answers.
    expect(fact(bracket, 'Quantity')).toBe('40');
    const at40 = withQuantity(quote, 40).prices.find((p) => p.quantity === 40)!;
    expect(fact(bracket, 'Unit price')).toBe(`$${(at40.unitCents / 100).toFixed(2)}`);
    expect(within(bracket).getByRole('button', { name: 'Change quantity' })).toHaveFocus();
    const [, init] = calls(fetchMock, 'PATCH', '/cnc-quotes/41')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ quantity: 40 });

    act(() => answerPatch(json(404, { error: { code: 'CNC_QUOTE_NOT_FOUND', message: 'x' } })));
    expect(await within(bracket).findByRole('alert')).toHaveTextContent(
      'The quantity was not changed: This quote does not exist.',
    );
    expect(fact(bracket, 'Quantity')).toBe('25');
  });

  it('keeps the server’s answer once it accepts the new quantity', async () => {
    signIn();
    const quote = testQuote();
    const saved = withQuantity(quote, 40);
    let patched = false;
    server((_url, init) => {
      if (init?.method === 'PATCH') {
        patched = true;
        return json(200, saved);
      }
      return json(200, { items: [patched ? saved : quote] });
    });
    renderTab();
    const user = userEvent.setup();
    const bracket = await card('bracket.step');
    await user.click(within(bracket).getByRole('button', { name: 'Change quantity' }));
    await user.clear(within(bracket).getByLabelText('New quantity'));
    await user.type(within(bracket).getByLabelText('New quantity'), '40{Enter}');
    expect(await within(bracket).findByText(/Quantity changed to 40/)).toHaveAttribute('role', 'status');
    expect(fact(bracket, 'Quantity')).toBe('40');
  });

  it('duplicates in another material, once per intent, saying the anodizing goes', async () => {
    signIn();
    const quote = testQuote();
    const copy = testQuote({ material: 'stainless-304', finish: 'as-machined' }, { id: '57' });
    let copied = false;
    const fetchMock = server((url, init) => {
      if (init?.method === 'POST' && url.pathname.endsWith('/copies')) {
        copied = true;
        return json(201, copy);
      }
      return json(200, { items: copied ? [copy, quote] : [quote] });
    });
    renderTab();
    const user = userEvent.setup();
    const bracket = await card('bracket.step');
    await user.click(within(bracket).getByRole('button', { name: 'Duplicate' }));
    await user.selectOptions(within(bracket).getByLabelText('Material of the copy'), 'stainless-304');
    expect(within(bracket).getByText(/Anodizing suits aluminium only/)).toBeInTheDocument();
    await user.click(within(bracket).getByRole('button', { name: 'Save the copy' }));
    expect(
      await within(bracket).findByText('Copy saved as quote no. 57 in Stainless steel 304.'),
    ).toBeInTheDocument();
    const [[, init]] = calls(fetchMock, 'POST', '/cnc-quotes/41/copies') as [[unknown, RequestInit]];
    expect(JSON.parse(String(init.body))).toEqual({ material: 'stainless-304', finish: 'as-machined' });
    expect(new Headers(init.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findAllByRole('heading', { level: 3, name: 'bracket.step' })).toHaveLength(2);
  });

  it('requests firm quotes: the fields checked as /global-quote checks them, then a link to the request', async () => {
    signIn();
    const quote = testQuote();
    const fetchMock = server((url, init) => {
      if (init?.method === 'POST' && url.pathname.endsWith('/rfq'))
        return json(201, { rfqId: '7c9e6679-7425-40de-944b-e07fc1f90ae7', created: true });
      return json(200, { items: [quote] });
    });
    renderTab();
    const user = userEvent.setup();
    const bracket = await card('bracket.step');
    await user.click(within(bracket).getByRole('button', { name: 'Request firm quotes' }));
    const form = within(bracket).getByRole('form', { name: 'Request firm quotes from CNC shops' });
    await user.click(within(form).getByRole('button', { name: 'Send to CNC shops' }));
    expect(await within(form).findByText('Choose the day shops can answer by.')).toBeInTheDocument();
    await user.type(within(form).getByLabelText(/^Answers by/), '2099-01-15');
    await user.selectOptions(within(form).getByLabelText(/^Delivery province/), 'ON');
    await user.type(within(form).getByLabelText(/^Delivery postal code/), 'H2X 1Y4');
    await user.click(within(form).getByRole('button', { name: 'Send to CNC shops' }));
    expect(
      await within(form).findByText('This postal code does not belong to the selected province.'),
    ).toBeInTheDocument();
    expect(calls(fetchMock, 'POST', '/cnc-quotes/41/rfq')).toHaveLength(0);
    await user.clear(within(form).getByLabelText(/^Delivery postal code/));
    await user.type(within(form).getByLabelText(/^Delivery postal code/), 'm5v2t6');
    await user.click(within(form).getByLabelText('Private request'));
    await user.click(within(form).getByRole('button', { name: 'Send to CNC shops' }));
    const link = await within(bracket).findByRole('link', { name: 'See the request and its quotes' });
    expect(link).toHaveAttribute('href', '/global-quote?rfq=7c9e6679-7425-40de-944b-e07fc1f90ae7');
    const [[, init]] = calls(fetchMock, 'POST', '/cnc-quotes/41/rfq') as [[unknown, RequestInit]];
    expect(JSON.parse(String(init.body))).toEqual({
      deadline: new Date('2099-01-15T23:59:59').toISOString(),
      deliveryProvince: 'ON',
      deliveryPostalCode: 'M5V 2T6',
      private: true,
      language: 'en',
    });
  });

  it('says why firm quotes were refused, with a way to verify the e-mail', async () => {
    signIn();
    server((url, init) => {
      if (init?.method === 'POST')
        return json(403, { error: { code: 'RFQ_EMAIL_NOT_VERIFIED', message: 'Verify your e-mail' } });
      return json(200, { items: [testQuote()] });
    });
    renderTab();
    const user = userEvent.setup();
    const bracket = await card('bracket.step');
    await user.click(within(bracket).getByRole('button', { name: 'Request firm quotes' }));
    await user.type(within(bracket).getByLabelText(/^Answers by/), '2099-01-15');
    await user.selectOptions(within(bracket).getByLabelText(/^Delivery province/), 'QC');
    await user.type(within(bracket).getByLabelText(/^Delivery postal code/), 'H2X 1Y4');
    await user.click(within(bracket).getByRole('button', { name: 'Send to CNC shops' }));
    const alert = await within(bracket).findByRole('alert');
    expect(alert).toHaveTextContent('Verify your e-mail before sending a request for quotes.');
    expect(within(alert).getByRole('link', { name: 'Verify your e-mail in your profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
  });
});
