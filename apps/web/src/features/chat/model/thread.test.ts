import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@maplesource/contracts/chat';
import { emptyThread, lastSeq, threadReducer, type ThreadState } from './thread';

const me = '00000000-0000-4000-8000-000000000001';
const other = '00000000-0000-4000-8000-000000000002';

function message(seq: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    chatId: '10000000-0000-4000-8000-000000000000',
    seq,
    clientMessageId: `client-${seq}`,
    senderId: me,
    text: `message ${seq}`,
    attachments: [],
    businessAction: null,
    businessPayload: null,
    createdAt: '2026-11-23T10:00:00.000Z',
    status: 'sent',
    ...overrides,
  };
}

describe('threadReducer', () => {
  it('keeps each stored message once, in seq order, whatever order and repeats they arrive in', () => {
    let state: ThreadState = emptyThread;
    state = threadReducer(state, { type: 'received', messages: [message(3), message(1)] });
    state = threadReducer(state, { type: 'received', messages: [message(2), message(3), message(1)] });
    expect(state.messages.map((m) => m.seq)).toEqual([1, 2, 3]);
    expect(lastSeq(state)).toBe(3);
  });

  it('replaces a pending message by the stored one with the same client message id', () => {
    let state = threadReducer(emptyThread, {
      type: 'sending',
      message: { clientMessageId: 'client-1', text: 'hi', attachments: [], status: 'sending', createdAt: '' },
    });
    expect(state.pending).toHaveLength(1);
    state = threadReducer(state, { type: 'received', messages: [message(1)] });
    expect(state.pending).toEqual([]);
    expect(state.messages).toHaveLength(1);
  });

  it('marks a refused send failed, and sending again on retry', () => {
    let state = threadReducer(emptyThread, {
      type: 'sending',
      message: { clientMessageId: 'client-9', text: 'hi', attachments: [], status: 'sending', createdAt: '' },
    });
    state = threadReducer(state, { type: 'failed', clientMessageId: 'client-9' });
    expect(state.pending[0]?.status).toBe('failed');
    state = threadReducer(state, { type: 'retrying', clientMessageId: 'client-9' });
    expect(state.pending[0]?.status).toBe('sending');
  });

  it('moves my messages up to a seq to delivered then seen, never back, and leaves the other party’s alone', () => {
    let state = threadReducer(emptyThread, {
      type: 'received',
      messages: [message(1), message(2, { senderId: other }), message(3)],
    });
    state = threadReducer(state, { type: 'status', senderId: me, upToSeq: 3, status: 'seen' });
    state = threadReducer(state, { type: 'status', senderId: me, upToSeq: 3, status: 'delivered' });
    expect(state.messages.map((m) => m.status)).toEqual(['seen', 'sent', 'seen']);
    // A late copy of a message from the server does not undo what the client already learned.
    state = threadReducer(state, { type: 'received', messages: [message(1, { status: 'sent' })] });
    expect(state.messages[0]?.status).toBe('seen');
  });
});
