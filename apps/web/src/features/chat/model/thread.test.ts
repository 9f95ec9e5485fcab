import { describe, expect, it } from 'vitest';
import {
  emptyThread,
  firstGapAfterSeq,
  lastSeq,
  lastSeqOfOtherParty,
  rateLimitedUntil,
  resyncAfterSeq,
  sendFailureOf,
  threadReducer,
  type PendingMessage,
  type ThreadState,
} from './thread';
import { buyerId, message, sellerId } from '../test-support';

const me = buyerId;
const other = sellerId;

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
    state = threadReducer(state, { type: 'failed', clientMessageId: 'client-9', reason: 'refused' });
    expect(state.pending[0]).toMatchObject({ status: 'failed', failure: 'refused' });
    // A refusal is not sent again by itself after a reconnect: the user decides.
    expect(threadReducer(state, { type: 'resendAfterReconnect' })).toBe(state);
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

  it('turns every message waiting for its ack failed when the connection drops, and sends them again, in order, after the next connect', () => {
    const pending = (id: string, status: PendingMessage['status']): PendingMessage => ({
      clientMessageId: id,
      text: id,
      attachments: [],
      status,
      createdAt: '',
    });
    let state: ThreadState = {
      messages: [],
      pending: [pending('a', 'sending'), pending('b', 'sending'), pending('c', 'failed')],
    };
    state = threadReducer(state, { type: 'failed', clientMessageId: 'c', reason: 'refused' });
    state = threadReducer(state, { type: 'connectionLost' });
    expect(state.pending.map((p) => [p.clientMessageId, p.status, p.failure])).toEqual([
      ['a', 'failed', 'connection'],
      ['b', 'failed', 'connection'],
      ['c', 'failed', 'refused'],
    ]);
    // The server had stored `a` before the drop (its ack was lost): the catch-up fetch brings it, once.
    state = threadReducer(state, { type: 'received', messages: [message(1, { clientMessageId: 'a' })] });
    state = threadReducer(state, { type: 'resendAfterReconnect' });
    expect(state.pending.map((p) => [p.clientMessageId, p.status])).toEqual([
      ['b', 'sending'],
      ['c', 'failed'],
    ]);
    expect(state.messages.map((m) => m.clientMessageId)).toEqual(['a']);
  });
});

describe('a message refused for its rate (decision 242)', () => {
  const pending = (clientMessageId: string): PendingMessage => ({
    clientMessageId,
    text: clientMessageId,
    attachments: [],
    status: 'sending',
    createdAt: '2026-11-23T10:00:00.000Z',
  });

  it('waits failed until the time the server said, then goes out again first, with its client id', () => {
    let state: ThreadState = emptyThread;
    for (const id of ['a', 'b']) state = threadReducer(state, { type: 'sending', message: pending(id) });
    expect(rateLimitedUntil(state)).toBeNull();
    state = threadReducer(state, {
      type: 'rateLimited',
      clientMessageId: 'a',
      retryAfterSeconds: 3,
      retryAt: 5_000,
    });
    expect(state.pending[0]).toMatchObject({
      status: 'failed',
      failure: 'rateLimited',
      retryAfterSeconds: 3,
    });
    expect(rateLimitedUntil(state)).toBe(5_000);
    // Not yet: nothing changes (the same state, no render).
    expect(threadReducer(state, { type: 'resendRateLimited', now: 4_999 })).toBe(state);
    // A reconnect does not send it early either.
    expect(threadReducer(state, { type: 'resendAfterReconnect' })).toBe(state);
    state = threadReducer(state, { type: 'resendRateLimited', now: 5_000 });
    expect(state.pending.map((p) => [p.clientMessageId, p.status])).toEqual([
      ['a', 'sending'],
      ['b', 'sending'],
    ]);
    expect(state.pending[0]).not.toHaveProperty('failure');
    expect(state.pending[0]).not.toHaveProperty('retryAt');
    expect(rateLimitedUntil(state)).toBeNull();
  });

  it('goes out at once on Retry', () => {
    let state = threadReducer(emptyThread, { type: 'sending', message: pending('a') });
    state = threadReducer(state, {
      type: 'rateLimited',
      clientMessageId: 'a',
      retryAfterSeconds: 9,
      retryAt: 9_000,
    });
    state = threadReducer(state, { type: 'retrying', clientMessageId: 'a' });
    expect(state.pending[0]?.status).toBe('sending');
    expect(rateLimitedUntil(state)).toBeNull();
  });
});

describe('after a gap', () => {
  it('asks again from before my first message not yet seen, so statuses missed while away catch up', () => {
    const state = threadReducer(emptyThread, {
      type: 'received',
      messages: [
        message(1, { status: 'seen' }),
        message(2, { senderId: other }),
        message(3, { status: 'delivered' }),
        message(4, { senderId: other }),
        message(5),
      ],
    });
    expect(resyncAfterSeq(state, me)).toBe(2);
    const allSeen = threadReducer(state, { type: 'status', senderId: me, upToSeq: 5, status: 'seen' });
    expect(resyncAfterSeq(allSeen, me)).toBe(5);
    expect(resyncAfterSeq(emptyThread, me)).toBe(0);
  });

  it('asks again from the first hole in what is held: a message of the other party missed while away', () => {
    // Mine at 9 was acknowledged; the other party's 8, stored while this client was away, never reached it.
    const state = threadReducer(emptyThread, {
      type: 'received',
      messages: [
        message(6, { status: 'seen' }),
        message(7, { senderId: other }),
        message(9, { status: 'seen' }),
      ],
    });
    expect(firstGapAfterSeq(state)).toBe(7);
    expect(resyncAfterSeq(state, me)).toBe(7);
    const filled = threadReducer(state, { type: 'received', messages: [message(8, { senderId: other })] });
    expect(firstGapAfterSeq(filled)).toBeNull();
    expect(resyncAfterSeq(filled, me)).toBe(9);
  });

  it('acknowledges the other party’s highest seq, whatever order the messages are in', () => {
    const messages = [message(4, { senderId: other }), message(2, { senderId: other }), message(7)];
    expect(lastSeqOfOtherParty(messages, me)).toBe(4);
    expect(lastSeqOfOtherParty([message(1)], me)).toBe(0);
  });
});

describe('sendFailureOf', () => {
  it('waits for the user only when the server refused the message itself', () => {
    expect(sendFailureOf({ code: 'CHAT_NOT_FOUND', status: 404 })).toBe('refused');
    expect(sendFailureOf({ code: 'VALIDATION_FAILED', status: 400 })).toBe('refused');
    expect(sendFailureOf({ code: 'SOCKET_PAYLOAD_INVALID' })).toBe('refused');
    expect(sendFailureOf({ code: 'MESSAGE_SEND_FAILED', status: 400 })).toBe('refused');
  });

  it('sends again by itself what failed on the server side (5xx, a failed socket handler, a timeout)', () => {
    expect(sendFailureOf({ code: 'SOCKET_HANDLER_FAILED' })).toBe('connection');
    expect(sendFailureOf({ code: 'MESSAGE_SEND_FAILED' })).toBe('connection');
    expect(sendFailureOf({ code: 'INTERNAL_ERROR', status: 500 })).toBe('connection');
    expect(sendFailureOf({ code: 'SERVICE_UNAVAILABLE', status: 503 })).toBe('connection');
    expect(sendFailureOf({ code: 'REQUEST_TIMEOUT', status: 408 })).toBe('connection');
    expect(sendFailureOf({ code: 'NETWORK_ERROR', status: 0 })).toBe('connection');
  });

  it('says a refusal for its rate apart, over the socket or HTTP', () => {
    expect(sendFailureOf({ code: 'RATE_LIMITED' })).toBe('rateLimited');
    expect(sendFailureOf({ code: 'RATE_LIMITED', status: 429 })).toBe('rateLimited');
  });

  it('a message failed for want of a working server goes out again on the next answer', () => {
    const pending: PendingMessage = {
      clientMessageId: 'c1',
      text: 's2',
      attachments: [],
      status: 'sending',
      createdAt: '2026-11-23T10:00:00.000Z',
    };
    let state = threadReducer(emptyThread, { type: 'sending', message: pending });
    const reason = sendFailureOf({ code: 'SOCKET_HANDLER_FAILED' });
    expect(reason).toBe('connection');
    state = threadReducer(state, { type: 'failed', clientMessageId: 'c1', reason: 'connection' });
    state = threadReducer(state, { type: 'resendAfterReconnect' });
    expect(state.pending.map((p) => p.status)).toEqual(['sending']);
  });
});
