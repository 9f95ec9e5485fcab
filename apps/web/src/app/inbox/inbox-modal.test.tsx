import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/render';
import { sessionStore } from '../../lib/session-store';
import { buyerId, chatDetail, chatItem, json, routeFetch } from '../../features/chat/test-support';

afterEach(() => {
  sessionStore.reset();
  document.cookie = 'ms_has_session=; path=/; max-age=0';
});

const notification = {
  id: '30000000-0000-4000-8000-000000000000',
  sender: { model: 'seller', id: null, name: 'Sam Seller' },
  recipientId: buyerId,
  type: 'chat_message',
  message: 'You have a new message',
  isRead: false,
  isArchived: false,
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
  metadata: { chatId: chatItem().id, subjectKind: 'product', subjectName: 'Steel brackets' },
};

function server() {
  return routeFetch((method, url) => {
    const path = url.pathname.replace(/^.*\/api\/v1\//, '');
    if (path === 'auth/verify-tokens')
      return json(200, { user: { id: buyerId, fullName: 'Bea Buyer', avatar: null } });
    if (path === 'chats') {
      return json(200, {
        items: [chatItem({ unreadCount: 2 })],
        total: 1,
        page: 1,
        pageSize: 20,
        unreadTotal: 2,
      });
    }
    if (path === 'service-chats')
      return json(200, { items: [], total: 0, page: 1, pageSize: 20, unreadTotal: 0 });
    if (path === 'notifications' && method === 'GET') {
      return json(200, { items: [notification], total: 1, page: 1, pageSize: 20, unreadCount: 1 });
    }
    if (path === `notifications/${notification.id}` && method === 'PATCH') {
      return json(200, { notification: { ...notification, isRead: true } });
    }
    if (path === `chats/${chatItem().id}`) return json(200, chatDetail());
    if (path === 'messages') return json(200, { items: [], hasMore: false, lastSeq: 0 });
    return undefined;
  });
}

describe('the inbox (docs/product.md §2)', () => {
  it('shows unread counts on the header icon, opens on Notifications, and a chat notification opens its conversation', async () => {
    document.cookie = 'ms_has_session=1; path=/'; // the app then checks the session (verify-tokens)
    const fetchMock = server();
    renderApp('/terms-and-condition');
    await waitFor(() => expect(sessionStore.getState().isLoggedIn).toBe(true));
    const [inbox] = await screen.findAllByRole('button', { name: 'Inbox, 3 unread' });
    await userEvent.click(inbox!);
    const dialog = await screen.findByRole('dialog', { name: 'Inbox' });
    expect(within(dialog).getByRole('tab', { name: 'Notifications' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await userEvent.click(
      await within(dialog).findByRole('button', {
        name: /Sam Seller sent you a message about Steel brackets/,
      }),
    );
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(true));
    expect(within(dialog).getByRole('tab', { name: 'Chats' })).toHaveAttribute('aria-selected', 'true');
    expect(
      await within(dialog).findByRole('region', { name: 'Conversation with Sam Seller' }),
    ).toBeInTheDocument();
  });
});
