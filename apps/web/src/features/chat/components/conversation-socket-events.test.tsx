import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ChatListResponse } from '@maplesource/contracts/chat';
import { renderWithProviders } from '../../../test/render';
import { clearToasts } from '../../../lib/toast-store';
import {
  buyerId,
  chatDetail,
  chatId,
  chatItem,
  fakeConnection,
  json,
  message,
  routeFetch,
  sellerId,
} from '../test-support';
import { chatKeys } from '../api/get-chats';
import { ChatScreen } from './chat-screen';
import { ConversationView, type HeaderReview } from './conversation-view';

afterEach(() => clearToasts());

const otherChatId = '10000000-0000-4000-8000-000000000009';

/** The chat backend: any of the buyer's conversations, an empty history and nothing new after a seq. */
function chatServer() {
  return routeFetch((method, url) => {
    const path = url.pathname.replace(/^.*\/api\/v1\//, '');
    if (method === 'GET' && path === 'chats')
      return json(200, {
        items: [chatItem(), chatItem({ id: otherChatId })],
        total: 2,
        page: 1,
        pageSize: 20,
        unreadTotal: 0,
      });
    const detail = /^chats\/([^/]+)$/.exec(path);
    if (method === 'GET' && detail) return json(200, chatDetail({ id: detail[1]! }));
    if (method === 'GET' && path === 'messages') return json(200, { items: [], hasMore: false, lastSeq: 0 });
    return undefined;
  });
}

/** Captures the app's query client, so a test can seed and read the caches the events change. */
function CacheProbe({ into }: { into: { client?: QueryClient } }) {
  into.client = useQueryClient();
  return null;
}

const review: HeaderReview = ({ orderId }) => <span>review of {orderId}</span>;

function renderConversation(socket: ReturnType<typeof fakeConnection>, probe = {}) {
  return renderWithProviders(
    <>
      <CacheProbe into={probe} />
      <ConversationView
        kind="product"
        chatId={chatId}
        meId={buyerId}
        connection={socket.connection}
        headerReview={review}
      />
    </>,
  );
}

describe('the socket events of docs/product.md §7 that the conversation uses', () => {
  it('messageFailed marks the message it names failed, with Retry, even when no ack comes', async () => {
    chatServer();
    const socket = fakeConnection();
    socket.setStatus('connected');
    renderConversation(socket);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Message' }), 'Can you do 600?{Enter}');
    const [send] = socket.sentOf('sendMessage');
    const { clientMessageId } = send!.payload as { clientMessageId: string };
    expect(screen.getByText('Sending')).toBeInTheDocument();
    // Refused for the message itself (decision 252): it waits for the user's Retry.
    act(() =>
      socket.emit('messageFailed', {
        chatId,
        clientMessageId,
        error: { code: 'CHAT_CLOSED', message: 'closed' },
      }),
    );
    expect(await screen.findByText('Failed to send')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(socket.sentOf('sendMessage')).toHaveLength(2));
    expect(socket.sentOf('sendMessage')[1]!.payload).toMatchObject({ clientMessageId });
    // Another conversation's failure changes nothing here.
    act(() =>
      socket.emit('messageFailed', {
        chatId: otherChatId,
        clientMessageId,
        error: { code: 'CHAT_CLOSED', message: 'closed' },
      }),
    );
    expect(screen.getByText('Sending')).toBeInTheDocument();
  });

  it('a rate-limited messageFailed says the wait beside the message', async () => {
    chatServer();
    const socket = fakeConnection();
    socket.setStatus('connected');
    renderConversation(socket);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Message' }), 'One more{Enter}');
    const { clientMessageId } = socket.sentOf('sendMessage')[0]!.payload as { clientMessageId: string };
    act(() =>
      socket.emit('messageFailed', {
        chatId,
        clientMessageId,
        error: { code: 'RATE_LIMITED', message: 'slow down', retryAfterSeconds: 30 },
      }),
    );
    expect(await screen.findByText(/30 s/)).toBeInTheDocument();
  });

  it('chatOpened brings the header up to date and clears the conversation’s unread count in the lists', async () => {
    chatServer();
    const socket = fakeConnection();
    const probe: { client?: QueryClient } = {};
    renderConversation(socket, probe);
    expect(await screen.findByRole('heading', { name: 'Sam Seller' })).toBeInTheDocument();
    const listKey = chatKeys.list({ kind: 'product', status: 'all' });
    const list: ChatListResponse = {
      items: [chatItem({ unreadCount: 2 }), chatItem({ id: otherChatId, unreadCount: 1 })],
      total: 2,
      page: 1,
      pageSize: 20,
      unreadTotal: 3,
    };
    act(() => probe.client!.setQueryData(listKey, list));
    expect(screen.getByText('Offline')).toBeInTheDocument();
    act(() => socket.setStatus('connected'));
    act(() =>
      socket.emit('chatOpened', {
        chatId,
        chat: chatItem({
          phase: 'invoiced',
          invoiceId: 'a1b2c3d4-0000-4000-8000-000000000000',
          unreadCount: 2,
        }),
        otherPartyOnline: true,
      }),
    );
    expect(await screen.findByText('Invoiced')).toBeInTheDocument();
    expect(screen.getByText('Online')).toBeInTheDocument();
    const after = probe.client!.getQueryData<ChatListResponse>(listKey)!;
    expect(after.unreadTotal).toBe(1);
    expect(after.items.map((item) => [item.id, item.unreadCount])).toEqual([
      [chatId, 0],
      [otherChatId, 1],
    ]);
  });

  it('order-created shows the new order’s review in the header at once', async () => {
    chatServer();
    const socket = fakeConnection();
    socket.setStatus('connected');
    renderConversation(socket);
    const header = await screen.findByRole('heading', { name: 'Sam Seller' });
    const bar = header.closest('div')!.parentElement!;
    expect(within(bar).getByText('Review:')).toBeInTheDocument();
    expect(within(bar).getAllByText('None yet')).toHaveLength(2); // invoice and review
    act(() => socket.emit('order-created', { chatId: otherChatId, receiverId: sellerId, orderId: 'ord-x' }));
    expect(screen.queryByText('review of ord-x')).not.toBeInTheDocument();
    act(() => socket.emit('order-created', { chatId, receiverId: sellerId, orderId: 'ord-1' }));
    expect(await within(bar).findByText('review of ord-1')).toBeInTheDocument();
  });

  it('the header shows the review of the order the server says the conversation led to', async () => {
    routeFetch((method, url) => {
      const path = url.pathname.replace(/^.*\/api\/v1\//, '');
      if (path === `chats/${chatId}`) return json(200, chatDetail({ orderId: 'ord-7', phase: 'ordered' }));
      if (path === 'messages') return json(200, { items: [message(1)], hasMore: false, lastSeq: 1 });
      return undefined;
    });
    renderConversation(fakeConnection());
    expect(await screen.findByText('review of ord-7')).toBeInTheDocument();
  });
});

describe('switchChat (docs/product.md §7)', () => {
  it('opens the first conversation with openChat and tells the server switchChat when the user changes conversation', async () => {
    chatServer();
    const socket = fakeConnection();
    socket.setStatus('connected');
    function Inbox() {
      const [selected, setSelected] = useState(chatId);
      return (
        <>
          <button type="button" onClick={() => setSelected(otherChatId)}>
            other conversation
          </button>
          <ChatScreen
            kind="product"
            meId={buyerId}
            selectedChatId={selected}
            onSelect={() => undefined}
            connection={socket.connection}
          />
        </>
      );
    }
    renderWithProviders(<Inbox />);
    await waitFor(() => expect(socket.sentOf('openChat').map((s) => s.payload)).toEqual([{ chatId }]));
    expect(socket.sentOf('switchChat')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'other conversation' }));
    await waitFor(() =>
      expect(socket.sentOf('switchChat').map((s) => s.payload)).toEqual([{ chatId: otherChatId }]),
    );
    expect(socket.sentOf('openChat')).toHaveLength(1);
    // After a reconnect the socket is new: the open conversation is opened on it, not switched to.
    act(() => socket.setStatus('disconnected'));
    act(() => socket.setStatus('connected'));
    await waitFor(() => expect(socket.sentOf('openChat')).toHaveLength(2));
    expect(socket.sentOf('openChat')[1]!.payload).toEqual({ chatId: otherChatId });
    expect(socket.sentOf('switchChat')).toHaveLength(1);
  });

  it('a message of mine stored after one of theirs this client never got fetches the missing one at once', async () => {
    const asked: string[] = [];
    let sellerReplied = false;
    routeFetch((method, url) => {
      const path = url.pathname.replace(/^.*\/api\/v1\//, '');
      if (method === 'GET' && /^chats\/[^/]+$/.exec(path)) return json(200, chatDetail());
      if (method !== 'GET' || path !== 'messages') return undefined;
      const after = url.searchParams.get('afterSeq');
      asked.push(after ?? 'latest');
      if (after === '1' && sellerReplied)
        return json(200, {
          items: [message(2, { senderId: sellerId, text: 'Sent while you were away' }), message(3)],
          hasMore: false,
          lastSeq: 3,
        });
      return json(200, { items: after === null ? [message(1)] : [], hasMore: false, lastSeq: 1 });
    });
    const socket = fakeConnection();
    socket.setStatus('connected');
    renderConversation(socket);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Message' }), 'Still there?{Enter}');
    await waitFor(() => expect(socket.sentOf('sendMessage')).toHaveLength(1));
    const [send] = socket.sentOf('sendMessage');
    const { clientMessageId } = send!.payload as { clientMessageId: string };
    await waitFor(() => expect(asked).toEqual(['latest', '0'])); // the first page and the connect's catch-up
    asked.length = 0;
    // Stored at seq 3: the seller's seq 2 was stored in between, and its live event never came.
    sellerReplied = true;
    act(() =>
      (send!.ack as (ack: unknown) => void)({
        ok: true,
        message: message(3, { clientMessageId, text: 'Still there?' }),
      }),
    );
    expect(await screen.findByText('Sent while you were away')).toBeInTheDocument();
    expect(asked).toContain('1');
  });
});
