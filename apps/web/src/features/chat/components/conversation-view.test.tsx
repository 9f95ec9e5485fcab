import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { ChatMessage } from '@maplesource/contracts/chat';
import { renderWithProviders } from '../../../test/render';
import { clearToasts } from '../../../lib/toast-store';
import {
  buyerId,
  chatDetail,
  chatId,
  fakeConnection,
  json,
  message,
  routeFetch,
  sellerId,
} from '../test-support';
import { ConversationView, type ConversationPanel } from './conversation-view';

afterEach(() => {
  vi.useRealTimers();
  clearToasts();
});

/** The chat backend: the conversation, its latest messages, and what came after a seq. */
function chatServer(history: ChatMessage[], after: Record<number, ChatMessage[]> = {}) {
  const afterCalls: number[] = [];
  const fetchMock = routeFetch((method, url) => {
    if (method === 'GET' && url.pathname.endsWith(`/chats/${chatId}`)) return json(200, chatDetail());
    if (method === 'GET' && url.pathname.endsWith('/messages')) {
      const afterSeq = url.searchParams.get('afterSeq');
      if (afterSeq === null)
        return json(200, { items: history, hasMore: false, lastSeq: history.at(-1)?.seq ?? 0 });
      afterCalls.push(Number(afterSeq));
      const items = after[Number(afterSeq)] ?? [];
      return json(200, { items, hasMore: false, lastSeq: items.at(-1)?.seq ?? Number(afterSeq) });
    }
    return undefined;
  });
  return { fetchMock, afterCalls };
}

function renderConversation(socket: ReturnType<typeof fakeConnection>) {
  return renderWithProviders(
    <ConversationView kind="product" chatId={chatId} meId={buyerId} connection={socket.connection} />,
  );
}

describe('a conversation (spec §2 chat screen)', () => {
  it('shows the header, the quotation and the history, and on every connect asks for what came (and what changed status) while away', async () => {
    const server = chatServer(
      [message(1, { senderId: sellerId, text: 'Welcome' }), message(2, { text: 'Hi there' })],
      {
        // From before my first message not yet seen: its status catches up with the messages after it.
        1: [
          message(2, { text: 'Hi there', status: 'seen' }),
          message(3, { senderId: sellerId, text: 'While you were away' }),
        ],
      },
    );
    const socket = fakeConnection();
    renderConversation(socket);

    expect(await screen.findByRole('heading', { name: 'Sam Seller' })).toBeInTheDocument();
    expect(screen.getByText('RQ-1001')).toBeInTheDocument();
    expect(screen.getByText('Inquiry')).toBeInTheDocument();
    expect(await screen.findByText('Hi there')).toBeInTheDocument();
    expect(screen.getByText('Connecting…')).toBeInTheDocument();

    act(() => socket.setStatus('connected'));
    expect(await screen.findByText('While you were away')).toBeInTheDocument();
    expect(server.afterCalls).toEqual([1]);
    expect(screen.getByText('Seen')).toBeInTheDocument();
    expect(socket.sentOf('openChat')[0]?.payload).toEqual({ chatId });
    // The client tells the server it holds, and has seen, the other party's messages.
    await waitFor(() => expect(socket.sentOf('markAsRead').at(-1)?.payload).toEqual({ chatId, upToSeq: 3 }));
    expect(socket.sentOf('messageDelivered').at(-1)?.payload).toEqual({ chatId, upToSeq: 3 });
    // New messages from the other party are announced politely.
    expect(screen.getByText('New message: While you were away').closest('[aria-live]')).toHaveAttribute(
      'aria-live',
      'polite',
    );

    act(() => socket.setStatus('disconnected'));
    expect(await screen.findByText(/Connection lost/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reconnect' }));
    expect(socket.connection.reconnect).toHaveBeenCalled();
    act(() => socket.setStatus('connected'));
    await waitFor(() => expect(server.afterCalls).toEqual([1, 3]));
    // Each message once, in seq order.
    const log = screen.getByRole('log');
    expect(
      within(log)
        .getAllByText(/Welcome|Hi there|While you were away/)
        .map((n) => n.textContent),
    ).toEqual(['Welcome', 'Hi there', 'While you were away']);
  });

  it('moves a sent message through sending, sent, delivered and seen', async () => {
    chatServer([]);
    const socket = fakeConnection();
    socket.setStatus('connected');
    renderConversation(socket);
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'Can you do 600?{Enter}');

    const [send] = socket.sentOf('sendMessage');
    expect(send?.payload).toMatchObject({
      chatId,
      receiverId: sellerId,
      text: 'Can you do 600?',
      attachmentIds: [],
    });
    expect(screen.getByText('Sending')).toBeInTheDocument();
    const clientMessageId = (send!.payload as { clientMessageId: string }).clientMessageId;
    act(() => send!.ack?.({ ok: true, message: message(1, { clientMessageId, text: 'Can you do 600?' }) }));
    expect(await screen.findByText('Sent')).toBeInTheDocument();

    act(() =>
      socket.emit('messageDelivered', { chatId, receiverId: sellerId, upToSeq: 1, status: 'delivered' }),
    );
    expect(await screen.findByText('Delivered')).toBeInTheDocument();
    act(() => socket.emit('messageDelivered', { chatId, receiverId: sellerId, upToSeq: 1, status: 'seen' }));
    expect(await screen.findByText('Seen')).toBeInTheDocument();
    expect(screen.getAllByText('Can you do 600?')).toHaveLength(1);
  });

  it('keeps a message sent without a connection as failed, sends it again by itself after the next connect, and Retry after a refusal sends the same client message id', async () => {
    chatServer([]);
    const socket = fakeConnection();
    socket.setStatus('disconnected');
    renderConversation(socket);
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'Are you there?{Enter}');
    expect(await screen.findByText('Failed to send')).toBeInTheDocument();
    expect(screen.getAllByText(/Connection lost/).length).toBeGreaterThan(0);
    expect(socket.sentOf('sendMessage')).toHaveLength(0);

    act(() => socket.setStatus('connected'));
    await waitFor(() => expect(socket.sentOf('sendMessage')).toHaveLength(1));
    const [first] = socket.sentOf('sendMessage');
    expect(first?.payload).toMatchObject({ text: 'Are you there?' });
    act(() => first!.ack?.({ ok: false, error: { code: 'MESSAGE_SEND_FAILED', message: 'no' } }));
    expect(await screen.findByText('Failed to send')).toBeInTheDocument();
    expect(screen.getByText('Failed to send message.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(socket.sentOf('sendMessage')).toHaveLength(2));
    const [again, second] = socket.sentOf('sendMessage');
    expect((second?.payload as { clientMessageId: string }).clientMessageId).toBe(
      (again?.payload as { clientMessageId: string }).clientMessageId,
    );
  });

  it('sends one message at a time in order; a drop before the ack fails them, and the next connect sends again only what the server does not hold, exactly once each', async () => {
    const server = chatServer([message(1, { senderId: sellerId, text: 'Hello' })]);
    const socket = fakeConnection();
    socket.setStatus('connected');
    renderConversation(socket);
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'first{Enter}');
    await userEvent.type(box, 'second{Enter}');
    // The second waits for the first one's ack.
    expect(socket.sentOf('sendMessage').map((s) => (s.payload as { text: string }).text)).toEqual(['first']);
    const ids = () =>
      socket.sentOf('sendMessage').map((s) => (s.payload as { clientMessageId: string }).clientMessageId);

    // The server stores `first`, but the connection drops before its ack arrives.
    const [firstId] = ids();
    act(() => socket.setStatus('connecting'));
    expect(await screen.findAllByText('Failed to send')).toHaveLength(2);

    // Back: the catch-up fetch brings `first` (stored), so only `second` goes out again.
    server.afterCalls.length = 0;
    const stored = message(2, { clientMessageId: firstId!, text: 'first' });
    vi.mocked(globalThis.fetch).mockImplementationOnce(async () =>
      json(200, { items: [stored], hasMore: false, lastSeq: 2 }),
    );
    act(() => socket.setStatus('connected'));
    await waitFor(() => expect(socket.sentOf('sendMessage')).toHaveLength(2));
    const [, secondId] = ids();
    expect((socket.sentOf('sendMessage')[1]?.payload as { text: string }).text).toBe('second');
    act(() =>
      socket.sentOf('sendMessage')[1]!.ack?.({
        ok: true,
        message: message(3, { clientMessageId: secondId!, text: 'second' }),
      }),
    );
    await waitFor(() => expect(screen.queryByText('Failed to send')).not.toBeInTheDocument());
    const log = screen.getByRole('log');
    expect(
      within(log)
        .getAllByText(/^(Hello|first|second)$/)
        .map((n) => n.textContent),
    ).toEqual(['Hello', 'first', 'second']);
  });

  it('Shift+Enter makes a new line; typing notices go out; the other party’s typing indicator disappears by itself within 6 s; image uploads are shown', async () => {
    chatServer([]);
    const socket = fakeConnection();
    socket.setStatus('connected');
    renderConversation(socket);
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'line one{Shift>}{Enter}{/Shift}line two');
    expect(box).toHaveValue('line one\nline two');
    expect(socket.sentOf('sendMessage')).toHaveLength(0);
    expect(socket.sentOf('userTyping')[0]?.payload).toEqual({ chatId, receipentId: sellerId });
    expect(socket.sentOf('userTyping')).toHaveLength(1); // throttled: one every 3 s

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    act(() => socket.emit('startTyping', { chatId, receipentId: buyerId, senderId: sellerId }));
    expect(screen.getByText('Sam Seller is typing…')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(5_900));
    expect(screen.getByText('Sam Seller is typing…')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Sam Seller is typing…')).not.toBeInTheDocument();

    act(() => socket.emit('startTyping', { chatId, receipentId: buyerId, senderId: sellerId }));
    act(() => socket.emit('stopTyping', { chatId, receipentId: buyerId, senderId: sellerId }));
    expect(screen.queryByText('Sam Seller is typing…')).not.toBeInTheDocument();

    const upload = { chatId, receiverId: buyerId, senderId: sellerId };
    act(() => socket.emit('image_upload_start', { ...upload, count: 2 }));
    expect(screen.getByText('Sam Seller is sending images…')).toBeInTheDocument();
    act(() => socket.emit('image_upload_complete', { ...upload, ok: true, attachments: [] }));
    expect(screen.queryByText('Sam Seller is sending images…')).not.toBeInTheDocument();
  });

  it('keeps the header and the invoice panel on the newest invoice when an older one’s expiry arrives after it', async () => {
    const invoice = (seq: number, action: 'invoice_sent' | 'invoice_expired', id: string, issuedAt: string) =>
      message(seq, {
        senderId: sellerId,
        text: '',
        businessAction: action,
        businessPayload: {
          invoiceId: `INV-${id}`,
          invoiceToken: `tok_${id}_00000000000000000000`,
          kind: 'product',
          totalCents: 9_000,
          expiresAt: '2026-11-30T10:00:00.000Z',
          issuedAt,
        },
      });
    chatServer([
      invoice(1, 'invoice_sent', 'OLD', '2026-11-20T10:00:00.000Z'),
      invoice(2, 'invoice_sent', 'NEW', '2026-11-24T10:00:00.000Z'),
    ]);
    const socket = fakeConnection();
    const shown: Array<string | null> = [];
    const panel: ConversationPanel = ({ latestInvoice }) => {
      shown.push(latestInvoice?.invoiceId ?? null);
      return null;
    };
    // Invoice cards link to the invoice page.
    renderWithProviders(
      <MemoryRouter>
        <ConversationView
          kind="product"
          chatId={chatId}
          meId={buyerId}
          connection={socket.connection}
          panel={panel}
        />
      </MemoryRouter>,
    );
    expect(await screen.findByText('INV-NEW')).toBeInTheDocument();
    act(() => socket.setStatus('connected'));
    // The older invoice's expiry, told by a subscriber after the newer invoice was issued.
    act(() =>
      socket.emit('messageReceived', {
        chatId,
        receiverId: buyerId,
        message: invoice(3, 'invoice_expired', 'OLD', '2026-11-20T10:00:00.000Z'),
      }),
    );
    expect(await screen.findByText(/Invoice expired/)).toBeInTheDocument();
    expect(screen.getByText('INV-NEW')).toBeInTheDocument();
    expect(screen.queryByText('INV-OLD')).toBeNull();
    expect(shown.at(-1)).toBe('INV-NEW');
    expect(shown).not.toContain('INV-OLD');
  });
});
