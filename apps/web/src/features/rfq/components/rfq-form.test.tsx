import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { renderWithProviders } from '../../../test/render';
import { clearToasts } from '../../../lib/toast-store';
import { RfqForm, type RfqCategoryOption } from './rfq-form';

afterEach(() => clearToasts());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const categories: RfqCategoryOption[] = [
  { id: '12', slug: 'metal-fabrication', name: 'Metal fabrication', kind: 'product' },
  { id: '40', slug: 'machining', name: 'Machining services', kind: 'service' },
];
const created = {
  rfq: { id: '7c9e6679-7425-40de-944b-e07fc1f90ae7' },
  sentTo: [{ storefrontId: '5' }, { storefrontId: '9' }],
};

function mockServer(answer: () => Response) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    if (String(input).endsWith('/api/v1/rfqs')) return answer();
    return json(401, { error: { code: 'UNAUTHENTICATED', message: 'Please login first to continue' } });
  });
}
const posts = (fetchMock: ReturnType<typeof mockServer>) =>
  fetchMock.mock.calls.filter(
    ([url, init]) => String(url).endsWith('/api/v1/rfqs') && init?.method === 'POST',
  );

function renderForm(language: 'en' | 'fr' = 'en') {
  const onSent = vi.fn();
  renderWithProviders(
    <MemoryRouter>
      <RfqForm categories={categories} onSent={onSent} />
    </MemoryRouter>,
    { language },
  );
  return { form: screen.getByRole('form'), onSent };
}

async function fill(form: HTMLElement, postalCode = 'H2X 1Y4') {
  const user = userEvent.setup();
  await user.type(within(form).getByLabelText(/^Title/), 'Laser-cut brackets');
  await user.selectOptions(within(form).getByLabelText(/^Category/), '12');
  await user.type(within(form).getByLabelText(/^Description/), '200 brackets, 3 mm steel');
  await user.type(within(form).getByLabelText(/^Quantity/), '200');
  await user.type(within(form).getByLabelText(/^Answers by/), '2099-01-15');
  await user.selectOptions(within(form).getByLabelText(/^Delivery province/), 'QC');
  await user.type(within(form).getByLabelText(/^Delivery postal code/), postalCode);
}

describe('the new request for quotes form', () => {
  it('says what is wrong on each field, the postal code against the province, without sending', async () => {
    const fetchMock = mockServer(() => json(201, created));
    const { form } = renderForm();
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Send the request' }));
    expect(
      await within(form).findByText('Give the request a title of 3 to 120 characters.'),
    ).toBeInTheDocument();
    expect(within(form).getByText('Choose the category of what you need.')).toBeInTheDocument();
    expect(within(form).getByText('Enter a whole quantity from 1 to 10,000,000.')).toBeInTheDocument();
    expect(within(form).getByText('Choose the last day suppliers may answer.')).toBeInTheDocument();
    expect(within(form).getByLabelText(/^Title/)).toHaveAttribute('aria-invalid', 'true');

    await fill(form, 'M5V 2T6');
    await user.click(within(form).getByRole('button', { name: 'Send the request' }));
    expect(
      await within(form).findByText('This postal code does not belong to the selected province.'),
    ).toBeInTheDocument();
    // Named suppliers: at least one is needed.
    await user.clear(within(form).getByLabelText(/^Delivery postal code/));
    await user.type(within(form).getByLabelText(/^Delivery postal code/), 'H2X 1Y4');
    await user.click(within(form).getByLabelText(/Suppliers I name/));
    await user.click(within(form).getByRole('button', { name: 'Send the request' }));
    expect(
      await within(form).findByText('Add at least one supplier, or let us choose them for you.'),
    ).toBeInTheDocument();
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it('shows the limit the server answers in the page’s language, and keeps one key for a retry', async () => {
    let answer = json(429, { error: { code: 'RFQ_OPEN_LIMIT', message: 'Too many open requests' } });
    const fetchMock = mockServer(() => answer.clone());
    const { form, onSent } = renderForm('fr');
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText(/^Titre/), 'Supports découpés au laser');
    await user.selectOptions(within(form).getByLabelText(/^Catégorie/), '12');
    await user.type(within(form).getByLabelText(/^Description/), '200 supports, acier 3 mm');
    await user.type(within(form).getByLabelText(/^Quantité/), '200');
    await user.type(within(form).getByLabelText(/^Réponses d’ici le/), '2099-01-15');
    await user.selectOptions(within(form).getByLabelText(/^Province ou territoire/), 'QC');
    await user.type(within(form).getByLabelText(/^Code postal/), 'h2x1y4');
    await user.click(within(form).getByLabelText(/Demande privée/));
    await user.click(within(form).getByRole('button', { name: 'Envoyer la demande' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Vous avez 10 demandes de prix ouvertes : fermez-en une avant d’en envoyer une autre.',
    );
    expect(onSent).not.toHaveBeenCalled();

    answer = json(201, created);
    await user.click(within(form).getByRole('button', { name: 'Envoyer la demande' }));
    await waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    const [first, second] = posts(fetchMock);
    const body = JSON.parse(String(second![1]!.body)) as Record<string, unknown>;
    expect(body).toMatchObject({
      title: 'Supports découpés au laser',
      categoryId: 12,
      quantity: 200,
      targetUnitPriceCents: null,
      deliveryProvince: 'QC',
      deliveryPostalCode: 'H2X 1Y4',
      storefrontIds: [],
      private: true,
    });
    // The retry of the same filled form is the same request for the server.
    const key = (call: typeof first) => new Headers(call![1]!.headers).get('Idempotency-Key');
    expect(key(second)).toBe(key(first));
    expect(key(first)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('points to the profile when the e-mail is not verified', async () => {
    mockServer(() =>
      json(403, { error: { code: 'RFQ_EMAIL_NOT_VERIFIED', message: 'Verify your e-mail first' } }),
    );
    const { form } = renderForm();
    await fill(form);
    await userEvent.click(within(form).getByRole('button', { name: 'Send the request' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('Verify your e-mail before sending a request for quotes.');
    expect(within(alert).getByRole('link', { name: 'Verify your e-mail in your profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
  });
});
