import { vi } from 'vitest';
import type { ChatDetailResponse, ChatListItem, ChatMessage } from '@maplesource/contracts/chat';
import { createStore } from '../../lib/create-store';
import type { ConnectionState, ServerEventName, SocketConnection } from '../../lib/socket';

/** Test fixtures of the chat feature (imported by tests only). */
export const buyerId = '00000000-0000-4000-8000-000000000001';
export const sellerId = '00000000-0000-4000-8000-000000000002';
export const chatId = '10000000-0000-4000-8000-000000000000';

export function message(seq: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: `00000000-0000-4000-9000-${String(seq).padStart(12, '0')}`,
    chatId,
    seq,
    clientMessageId: `client-${seq}`,
    senderId: buyerId,
    text: `message ${seq}`,
    attachments: [],
    businessAction: null,
    businessPayload: null,
    createdAt: '2026-11-23T10:00:00.000Z',
    status: 'sent',
    ...overrides,
  };
}

export function chatItem(overrides: Partial<ChatListItem> = {}): ChatListItem {
  const buyer = { id: buyerId, name: 'Bea Buyer', avatarUrl: null };
  const seller = { id: sellerId, name: 'Sam Seller', avatarUrl: null };
  return {
    id: chatId,
    subject: { kind: 'product', id: 7, name: 'Aluminum extrusion', nameFr: null },
    buyer,
    seller,
    myRole: 'buyer',
    otherParty: seller,
    phase: 'inquiry',
    status: 'active',
    quotationId: 'q1',
    quantity: 500,
    invoiceId: null,
    orderId: null,
    lastSeq: 0,
    lastMessage: null,
    unreadCount: 0,
    createdAt: '2026-11-23T09:00:00.000Z',
    updatedAt: '2026-11-23T09:00:00.000Z',
    ...overrides,
  };
}

export function chatDetail(overrides: Partial<ChatListItem> = {}): ChatDetailResponse {
  return {
    chat: chatItem(overrides),
    quotation: {
      quotationId: 'q1',
      requestId: 'RQ-1001',
      subjectName: 'Aluminum extrusion',
      quantity: 500,
      deadline: '2026-12-31',
      minPriceCents: 1000,
      maxPriceCents: 2500,
      deliveryProvince: 'ON',
      deliveryPostalCode: 'K1A0B1',
      leadDays: 14,
      description: 'Anodized, 6063-T5',
      additionalRequirements: null,
      decision: 'pending',
      timeline: { submittedAt: '2026-11-23T09:00:00.000Z', acceptedAt: null, rejectedAt: null },
    },
  };
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Answers fetch calls by `METHOD path?query` through `answer`; records every call. */
export function routeFetch(
  answer: (method: string, url: URL, init?: RequestInit) => Response | Promise<Response> | undefined,
) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const response = await answer(method, url, init);
    return (
      response ?? json(401, { error: { code: 'UNAUTHENTICATED', message: 'Please login first to continue' } })
    );
  });
}

export type SentEvent = { event: string; payload: unknown; ack?: ((response: unknown) => void) | undefined };

/** A socket connection the test drives: connect, disconnect, deliver server events, answer acks. */
export function fakeConnection() {
  const status = createStore<ConnectionState>({ status: 'connecting', problem: null });
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  const sent: SentEvent[] = [];
  let connected = false;
  const connection: SocketConnection = {
    acquire: () => () => undefined,
    reconnect: vi.fn(() => true),
    send: (event, payload, ack) => {
      if (!connected) return false;
      sent.push({ event, payload, ack });
      return true;
    },
    on: (event: ServerEventName, handler) => {
      let set = handlers.get(event);
      if (!set) handlers.set(event, (set = new Set()));
      set.add(handler);
      return () => set.delete(handler);
    },
    status,
    dispose: () => undefined,
  };
  return {
    connection,
    sent,
    /** A new status; `problem` says why it is not connected (none when connected). */
    setStatus(next: ConnectionState['status'], problem: ConnectionState['problem'] = null) {
      connected = next === 'connected';
      status.setState({ status: next, problem: connected ? null : problem });
    },
    emit(event: string, payload: unknown) {
      handlers.get(event)?.forEach((handler) => handler(payload));
    },
    sentOf(event: string) {
      return sent.filter((s) => s.event === event);
    },
  };
}
