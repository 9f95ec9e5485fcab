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

/**
 * The chat backend: the conversation, its latest messages, what came after a seq, and POST messages (the send
 * over HTTP, decision 244) answered by `send` (stored with the next seq by default).
 */
function chatServer(
  history: ChatMessage[],
  after: Record<number, ChatMessage[]> = {},
  send?: (body: { clientMessageId: string; text: string }) => Response | undefined,
) {
  const afterCalls: number[] = [];
  const posted: Array<{ clientMessageId: string; text: string }> = [];
  const fetchMock = routeFetch((method, url, init) => {
    if (method === 'GET' && url.pathname.endsWith(`/chats/${chatId}`)) return json(200, chatDetail());
    if (method === 'POST' && url.pathname.endsWith('/messages')) {
      const body = JSON.parse(String(init?.body)) as { clientMessageId: string; text: string };
      posted.push(body);
      return (
        send?.(body) ??
        json(201, {
          message: message(100 + posted.length, { clientMessageId: body.clientMessageId, text: body.text }),
        })
      );
    }
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
  return { fetchMock, afterCalls, posted };
}

function renderConversation(socket: ReturnType<typeof fakeConnection>) {
  return renderWithProviders(
    <ConversationView kind="product" chatId={chatId} meId={buyerId} connection={socket.connection} />,
  );
}

describe('a conversation (docs/product.md §2 chat screen)', () => {
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

  it('without a connection says why and sends over HTTP; Retry after a refusal sends the same client message id', async () => {
    const server = chatServer([], {}, (body) =>
      body.text === 'Refused once' && server.posted.length === 1
        ? json(400, { error: { code: 'MESSAGE_SEND_FAILED', message: 'no' } })
        : undefined,
    );
    const socket = fakeConnection();
    socket.setStatus('connecting', 'refused');
    renderConversation(socket);
    const why = await screen.findByText('The live connection is not allowed from this address.');
    const banner = why.closest('[role="status"]');
    expect(banner).toHaveTextContent('Connecting…');
    expect(banner).toHaveTextContent('Your messages are still sent');

    const box = await screen.findByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'Refused once{Enter}');
    expect(await screen.findByText('Failed to send')).toBeInTheDocument();
    expect(screen.getByText('Failed to send message.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(server.posted).toHaveLength(2));
    expect(server.posted[1]!.clientMessageId).toBe(server.posted[0]!.clientMessageId);
    expect(await screen.findByText('Sent')).toBeInTheDocument();
    expect(screen.queryByText('Failed to send')).not.toBeInTheDocument();
    expect(socket.sentOf('sendMessage')).toHaveLength(0);
    expect(server.posted[0]).toMatchObject({ chatId, receiverId: sellerId, text: 'Refused once' });
  });

  it('a message that cannot reach the server fails, and goes again by itself (same id, once) when the server answers', async () => {
    let reachable = false;
    const server = chatServer([message(1, { senderId: sellerId, text: 'Hello' })], {}, () =>
      reachable
        ? undefined
        : (() => {
            throw new TypeError('Failed to fetch');
          })(),
    );
    const socket = fakeConnection();
    socket.setStatus('error', 'unreachable');
    renderConversation(socket);
    expect(await screen.findByText(/The live connection could not be opened/)).toBeInTheDocument();
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'Are you there?{Enter}');
    expect(await screen.findByText('Failed to send')).toBeInTheDocument();
    expect(server.posted).toHaveLength(1);

    // The next poll (3 s) reaches the chat backend: the failed message goes out again with the same id.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    act(() => socket.setStatus('connecting', 'unreachable')); // a reconnection attempt: polling starts over
    reachable = true;
    server.afterCalls.length = 0;
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(server.afterCalls).toEqual([1]);
    expect(server.posted).toHaveLength(2);
    expect(server.posted[1]!.clientMessageId).toBe(server.posted[0]!.clientMessageId);
    expect(screen.queryByText('Failed to send')).not.toBeInTheDocument();
    expect(screen.getAllByText('Are you there?')).toHaveLength(1);
    expect(socket.sentOf('sendMessage')).toHaveLength(0);
  });

  it('without a connection asks for new messages every few seconds, shows them once and marks them read over HTTP', async () => {
    const after: Record<number, ChatMessage[]> = {};
    const server = chatServer([message(1, { senderId: sellerId, text: 'Hello' })], after);
    const socket = fakeConnection();
    socket.setStatus('connected');
    renderConversation(socket);
    expect(await screen.findByText('Hello')).toBeInTheDocument();
    await waitFor(() => expect(server.afterCalls).toEqual([1]));
    server.afterCalls.length = 0;
    // The socket drops; the seller's next message is stored while it is down.
    after[1] = [message(2, { senderId: sellerId, text: 'Polled in' })];
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    act(() => socket.setStatus('disconnected'));
    await act(() => vi.advanceTimersByTimeAsync(2_900));
    expect(server.afterCalls).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(100));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(server.afterCalls).toEqual([1]);
    expect(screen.getByText('Polled in')).toBeInTheDocument();
    const reads = server.fetchMock.mock.calls.filter(
      ([url, init]) => init?.method === 'POST' && String(url).includes(`/chats/${chatId}/read`),
    );
    expect(JSON.parse(String(reads.at(-1)?.[1]?.body))).toEqual({ upToSeq: 2 });
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(server.afterCalls).toEqual([1, 2]);
    expect(screen.getAllByText('Polled in')).toHaveLength(1);

    // Connected: no more polling (the socket brings what comes).
    act(() => socket.setStatus('connected'));
    vi.useRealTimers();
    await waitFor(() => expect(server.afterCalls).toEqual([1, 2, 2]));
  });

  it('shows a message refused for its rate as failed with the wait, holds the next one, and sends both again by themselves after the wait (decision 242)', async () => {
    chatServer([]);
    const socket = fakeConnection();
    socket.setStatus('connected');
    renderConversation(socket);
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'too fast{Enter}');
    await userEvent.type(box, 'behind it{Enter}');
    const [refused] = socket.sentOf('sendMessage');
    const refusedId = (refused!.payload as { clientMessageId: string }).clientMessageId;

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    act(() =>
      refused!.ack?.({
        ok: false,
        error: { code: 'RATE_LIMITED', message: 'Too many events', retryAfterSeconds: 3 },
      }),
    );
    expect(screen.getByText('Failed to send')).toBeInTheDocument();
    expect(
      screen.getByText('Too many messages in a short time. It will be sent again by itself in 3 s.'),
    ).toHaveAttribute('role', 'status');
    // Nothing else goes out during the wait.
    act(() => vi.advanceTimersByTime(2_900));
    expect(socket.sentOf('sendMessage')).toHaveLength(1);

    act(() => vi.advanceTimersByTime(100));
    expect(socket.sentOf('sendMessage')).toHaveLength(2);
    const again = socket.sentOf('sendMessage')[1]!;
    expect((again.payload as { clientMessageId: string }).clientMessageId).toBe(refusedId);
    act(() =>
      again.ack?.({ ok: true, message: message(1, { clientMessageId: refusedId, text: 'too fast' }) }),
    );
    expect(socket.sentOf('sendMessage')).toHaveLength(3);
    expect((socket.sentOf('sendMessage')[2]!.payload as { text: string }).text).toBe('behind it');
    expect(screen.queryByText('Failed to send')).not.toBeInTheDocument();
  });

  it('sends one message at a time in order; a drop before the ack sends them again over HTTP with the same ids, exactly once each', async () => {
    const server = chatServer([message(1, { senderId: sellerId, text: 'Hello' })]);
    const socket = fakeConnection();
    socket.setStatus('connected');
    renderConversation(socket);
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'first{Enter}');
    await userEvent.type(box, 'second{Enter}');
    // The second waits for the first one's ack.
    expect(socket.sentOf('sendMessage').map((s) => (s.payload as { text: string }).text)).toEqual(['first']);
    const [firstId] = socket
      .sentOf('sendMessage')
      .map((s) => (s.payload as { clientMessageId: string }).clientMessageId);

    // The connection drops before the ack: the same message goes over HTTP, then the next one.
    act(() => socket.setStatus('connecting', 'unreachable'));
    await waitFor(() => expect(server.posted.map((p) => p.text)).toEqual(['first', 'second']));
    expect(server.posted[0]!.clientMessageId).toBe(firstId);
    await waitFor(() => expect(screen.getAllByText('Sent')).toHaveLength(2));
    expect(screen.queryByText('Failed to send')).not.toBeInTheDocument();
    const log = screen.getByRole('log');
    expect(
      within(log)
        .getAllByText(/^(Hello|first|second)$/)
        .map((n) => n.textContent),
    ).toEqual(['Hello', 'first', 'second']);
    expect(socket.sentOf('sendMessage')).toHaveLength(1);
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
