import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render';
import { clearToasts } from '../../../lib/toast-store';
import { InquiryModal } from './inquiry-modal';

afterEach(() => clearToasts());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const chatId = '10000000-0000-4000-8000-000000000000';

function mockServer(first: Response) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (url.endsWith('/quotation') || url.endsWith('/service-quotation')) return first.clone();
    return json(401, { error: { code: 'UNAUTHENTICATED', message: 'Please login first to continue' } });
  });
}

async function fill(dialog: HTMLElement, values: { quantity: string; min: string; max: string }) {
  const user = userEvent.setup();
  await user.type(within(dialog).getByLabelText(/Quantity/), values.quantity);
  await user.type(within(dialog).getByLabelText(/Min price/), values.min);
  await user.type(within(dialog).getByLabelText(/Max price/), values.max);
  await user.type(within(dialog).getByLabelText(/Deadline/), '2099-01-15');
  await user.selectOptions(within(dialog).getByLabelText(/Delivery province/), 'ON');
  await user.type(within(dialog).getByLabelText(/Delivery post code/), 'k1a 0b1');
  await user.type(within(dialog).getByLabelText(/Message for seller/), 'Anodized please');
}

describe('the inquiry modal (docs/product.md §2, §5)', () => {
  it('shows the spec’s messages for missing and wrong values without calling the server', async () => {
    const fetchMock = mockServer(json(200, {}));
    renderWithProviders(
      <InquiryModal
        subject={{ kind: 'product', id: 7, name: 'Aluminum extrusion', leadDays: 14 }}
        onClose={() => undefined}
        onSent={() => undefined}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Send inquiry' });
    expect(within(dialog).getByText('Aluminum extrusion')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send inquiry' }));
    expect(await within(dialog).findByText('Quantity is required.')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Price is required.')).toHaveLength(2);
    expect(within(dialog).getByText('Deadline is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('Province is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('Post code is required.')).toBeInTheDocument();

    await fill(dialog, { quantity: '0', min: '20', max: '10' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send inquiry' }));
    expect(await within(dialog).findByText('Quantity must be at least 1.')).toBeInTheDocument();
    expect(within(dialog).getByText('Max price must be greater than min price.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/quotation'))).toHaveLength(0);
  });

  it('sends the inquiry once per form with an Idempotency-Key, the same key on a retry, and lands in the conversation', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementationOnce(async () => json(503, { error: { code: 'GENERIC', message: 'busy' } }))
      .mockImplementation(async () =>
        json(201, { quotationId: 'q1', requestId: 'RQ-1', chatId, chatCreated: true }),
      );
    const onSent = vi.fn();
    renderWithProviders(
      <InquiryModal
        subject={{ kind: 'service', id: 9, name: 'CNC machining', leadDays: null }}
        onClose={() => undefined}
        onSent={onSent}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Send inquiry' });
    await fill(dialog, { quantity: '500', min: '10', max: '25.5' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send inquiry' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Something went wrong');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send inquiry' }));
    await vi.waitFor(() => expect(onSent).toHaveBeenCalledWith(expect.objectContaining({ chatId })));

    const posts = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/service-quotation'));
    expect(posts).toHaveLength(2);
    const keys = posts.map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
    expect(JSON.parse(String(posts[1]![1]?.body))).toEqual({
      serviceId: 9,
      leadDays: null,
      quantity: 500,
      minPrice: 10,
      maxPrice: 25.5,
      deadline: '2099-01-15',
      deliveryProvince: 'ON',
      deliveryPostalCode: 'K1A0B1',
      message: 'Anodized please',
    });
    expect(await screen.findByText('Inquiry sent. You can now chat with the seller.')).toBeInTheDocument();
  });
});
