import type { ChatAttachment, ChatMessage, MessageStatus } from '@maplesource/contracts/chat';

/**
 * One conversation's messages as the client holds them: stored messages (by `seq`, each once) and the user's
 * own messages not yet acknowledged (`sending`) or not sent (`failed`, with retry). Pure, so each rule is tested.
 */
export type PendingMessage = {
  clientMessageId: string;
  text: string;
  attachments: ChatAttachment[];
  status: 'sending' | 'failed';
  /**
   * Why a `failed` message failed: `connection` (no connection, or it dropped before the ack — the server may
   * or may not hold it) is sent again by itself after the next connect; `refused` (the server said no) waits
   * for the user's Retry; `rateLimited` (too many messages in a short time, decision 242) is sent again by
   * itself once `retryAt` has passed, and nothing else goes out before it.
   */
  failure?: FailureReason;
  /** `rateLimited`: the server's wait in seconds, and when (epoch ms) the message goes out again. */
  retryAfterSeconds?: number;
  retryAt?: number;
  createdAt: string;
};

export type FailureReason = 'connection' | 'refused' | 'rateLimited';

export type ThreadState = {
  /** Stored messages in ascending `seq`, one per seq. */
  messages: ChatMessage[];
  pending: PendingMessage[];
};

export const emptyThread: ThreadState = { messages: [], pending: [] };

export type ThreadAction =
  | { type: 'received'; messages: readonly ChatMessage[] }
  | { type: 'sending'; message: PendingMessage }
  | { type: 'failed'; clientMessageId: string; reason: 'connection' | 'refused' }
  /** Refused for its rate: sent again by itself at `retryAt` (epoch ms). */
  | { type: 'rateLimited'; clientMessageId: string; retryAfterSeconds: number; retryAt: number }
  /** The wait of the rate-limited messages whose `retryAt` is not after `now` is over: they go out again. */
  | { type: 'resendRateLimited'; now: number }
  | { type: 'retrying'; clientMessageId: string }
  /** The connection is gone: every message still waiting for its ack will never get one. */
  | { type: 'connectionLost' }
  /** Connected again: the messages that failed for want of a connection are sent again (same client ids). */
  | { type: 'resendAfterReconnect' }
  | { type: 'status'; senderId: string; upToSeq: number; status: 'delivered' | 'seen' }
  | { type: 'reset' };

const statusRank: Record<MessageStatus, number> = { failed: 0, sending: 1, sent: 2, delivered: 3, seen: 4 };

/** The later of two statuses: a message never goes back from seen to delivered. */
export function laterStatus(a: MessageStatus, b: MessageStatus): MessageStatus {
  return statusRank[b] > statusRank[a] ? b : a;
}

/** Highest `seq` held (0 when none): what to ask for after a gap. */
export function lastSeq(state: ThreadState): number {
  return state.messages.at(-1)?.seq ?? 0;
}

/**
 * The `seq` after which a message is missing between two held ones, or null when what is held has no hole. A
 * conversation's seqs are consecutive (decision 101), so a hole is a message this client never got: one of mine
 * acknowledged with seq 9 while the other party's seq 8 was stored as this client was away, its live event lost.
 */
export function firstGapAfterSeq(state: ThreadState): number | null {
  const held = state.messages;
  for (let index = 1; index < held.length; index += 1) {
    const before = held[index - 1]!.seq;
    if (held[index]!.seq !== before + 1) return before;
  }
  return null;
}

/**
 * What to ask for after a gap: everything after the last `seq` held — or after the first hole in what is held —
 * and from before the user's first message the other party has not been seen to read, so statuses missed while
 * away (a `seen` sent during a restart) catch up too.
 */
export function resyncAfterSeq(state: ThreadState, meId: string): number {
  const firstUnseen = state.messages.find((m) => m.senderId === meId && m.status !== 'seen');
  return Math.min(
    lastSeq(state),
    firstGapAfterSeq(state) ?? Number.POSITIVE_INFINITY,
    firstUnseen ? firstUnseen.seq - 1 : Number.POSITIVE_INFINITY,
  );
}

/** The highest `seq` among the other party's messages (0 when none): what to acknowledge. */
export function lastSeqOfOtherParty(messages: readonly ChatMessage[], meId: string): number {
  return messages.reduce((max, m) => (m.senderId !== meId && m.seq > max ? m.seq : max), 0);
}

function merge(existing: ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const bySeq = new Map(existing.map((m) => [m.seq, m]));
  for (const message of incoming) {
    const held = bySeq.get(message.seq);
    bySeq.set(message.seq, held ? { ...message, status: laterStatus(held.status, message.status) } : message);
  }
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

export function threadReducer(state: ThreadState, action: ThreadAction): ThreadState {
  switch (action.type) {
    case 'received': {
      if (action.messages.length === 0) return state;
      const stored = new Set(action.messages.map((m) => m.clientMessageId));
      return {
        messages: merge(state.messages, action.messages),
        pending: state.pending.filter((p) => !stored.has(p.clientMessageId)),
      };
    }
    case 'sending':
      if (state.pending.some((p) => p.clientMessageId === action.message.clientMessageId)) return state;
      return { ...state, pending: [...state.pending, action.message] };
    case 'failed':
      return updatePending(state, (p) =>
        p.clientMessageId === action.clientMessageId ? { ...p, status: 'failed', failure: action.reason } : p,
      );
    case 'rateLimited':
      return updatePending(state, (p) =>
        p.clientMessageId === action.clientMessageId
          ? {
              ...p,
              status: 'failed',
              failure: 'rateLimited',
              retryAfterSeconds: action.retryAfterSeconds,
              retryAt: action.retryAt,
            }
          : p,
      );
    case 'resendRateLimited':
      return updatePending(state, (p) =>
        p.failure === 'rateLimited' && (p.retryAt ?? 0) <= action.now ? sendingAgain(p) : p,
      );
    case 'retrying':
      return updatePending(state, (p) =>
        p.clientMessageId === action.clientMessageId ? sendingAgain(p) : p,
      );
    case 'connectionLost':
      return updatePending(state, (p) =>
        p.status === 'sending' ? { ...p, status: 'failed', failure: 'connection' } : p,
      );
    case 'resendAfterReconnect':
      return updatePending(state, (p) =>
        p.status === 'failed' && p.failure === 'connection' ? sendingAgain(p) : p,
      );
    case 'status': {
      let changed = false;
      const messages = state.messages.map((m) => {
        if (m.senderId !== action.senderId || m.seq > action.upToSeq) return m;
        const status = laterStatus(m.status, action.status);
        if (status === m.status) return m;
        changed = true;
        return { ...m, status };
      });
      return changed ? { ...state, messages } : state;
    }
    case 'reset':
      return emptyThread;
  }
}

function sendingAgain(p: PendingMessage): PendingMessage {
  const { failure: _failure, retryAfterSeconds: _seconds, retryAt: _at, ...rest } = p;
  return { ...rest, status: 'sending' };
}

/**
 * Why a send the server answered with an error failed. Only what the server refuses for the message itself
 * (a bad payload, a chat that is not the user's, a closed chat: a 4xx) is `refused` and waits for the user's
 * Retry; trouble on the server's side (5xx, a socket handler that failed — `SOCKET_HANDLER_FAILED` — or the
 * chat's own `MESSAGE_SEND_FAILED`, a server still starting, a request timeout) is `connection`: the message
 * goes out again by itself after the next answer from the chat backend, with the same client id, which the
 * server stores at most once. Without this a message typed while the server was down and sent again while it
 * was starting stayed "Failed to send" for good (decision 252).
 */
export function sendFailureOf(error: {
  code: string;
  status?: number | undefined;
}): 'connection' | 'refused' | 'rateLimited' {
  if (error.code === 'RATE_LIMITED') return 'rateLimited';
  // A socket ack carries no status: its code says whether the server failed.
  if (error.status === undefined) return transientCodes.has(error.code) ? 'connection' : 'refused';
  // No status (0: no answer at all), 5xx, a timeout: not the message's fault.
  const refusedForItself = error.status >= 400 && error.status < 500 && ![408, 425].includes(error.status);
  return refusedForItself ? 'refused' : 'connection';
}

const transientCodes = new Set(['SOCKET_HANDLER_FAILED', 'MESSAGE_SEND_FAILED', 'INTERNAL_ERROR']);

/** When the first rate-limited message may go out again (epoch ms); null when none waits. */
export function rateLimitedUntil(state: ThreadState): number | null {
  const waits = state.pending.filter((p) => p.failure === 'rateLimited').map((p) => p.retryAt ?? 0);
  return waits.length > 0 ? Math.min(...waits) : null;
}

/** Applies `change` to each pending message; the same state when nothing changed (no needless render). */
function updatePending(state: ThreadState, change: (p: PendingMessage) => PendingMessage): ThreadState {
  let changed = false;
  const pending = state.pending.map((p) => {
    const next = change(p);
    if (next !== p) changed = true;
    return next;
  });
  return changed ? { ...state, pending } : state;
}
