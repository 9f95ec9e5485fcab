import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render';
import { chatItem, json, routeFetch } from '../test-support';
import { ChatList } from './chat-list';

const list = (items: ReturnType<typeof chatItem>[]) =>
  json(200, { items, total: items.length, page: 1, pageSize: 20, unreadTotal: 3 });

describe('the chat list', () => {
  it('says "try again later" when loading fails, and retry loads the conversations with unread counts', async () => {
    let fail = true;
    const fetchMock = routeFetch((method, url) => {
      if (!url.pathname.endsWith('/chats')) return undefined;
      if (fail) return json(500, { error: { code: 'GENERIC', message: 'down' } });
      return list([
        chatItem({
          unreadCount: 3,
          lastMessage: {
            seq: 4,
            senderId: '00000000-0000-4000-8000-000000000002',
            text: 'We can ship Monday',
            hasAttachments: false,
            businessAction: null,
            createdAt: '2026-11-23T10:00:00.000Z',
          },
        }),
      ]);
    });
    const onSelect = vi.fn();
    renderWithProviders(<ChatList kind="product" as="buyer" selectedId={null} onSelect={onSelect} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    const alert = await screen.findByRole('alert');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    const item = await screen.findByRole('button', { name: /Sam Seller/ });
    expect(item).toHaveTextContent('We can ship Monday');
    expect(within(item).getByText('3 unread messages')).toBeInTheDocument();
    await userEvent.click(item);
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: chatItem().id }));
    const url = new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://localhost');
    expect(url.searchParams.get('as')).toBe('buyer');
    expect(url.searchParams.get('status')).toBe('all');
  });

  it('filters by conversation status and shows the empty state', async () => {
    const fetchMock = routeFetch((_method, url) =>
      url.pathname.endsWith('/service-chats') ? list([]) : undefined,
    );
    renderWithProviders(<ChatList kind="service" selectedId={null} onSelect={vi.fn()} />);
    expect(await screen.findByText('No conversations yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancelled' }));
    expect(screen.getByRole('button', { name: 'Cancelled' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([input]) => new URL(String(input), 'http://localhost').searchParams.get('status') === 'cancelled',
        ),
      ).toBe(true),
    );
  });
});
