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
   * for the user's Retry.
   */
  failure?: 'connection' | 'refused';
  createdAt: string;
};

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
 * What to ask for after a gap: everything after the last `seq` held, and from before the user's first message
 * the other party has not been seen to read, so statuses missed while away (a `seen` sent during a restart)
 * catch up too.
 */
export function resyncAfterSeq(state: ThreadState, meId: string): number {
  const firstUnseen = state.messages.find((m) => m.senderId === meId && m.status !== 'seen');
  return Math.min(lastSeq(state), firstUnseen ? firstUnseen.seq - 1 : Number.POSITIVE_INFINITY);
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
    case 'retrying':
      return updatePending(state, (p) =>
        p.clientMessageId === action.clientMessageId ? { ...p, status: 'sending', failure: undefined } : p,
      );
    case 'connectionLost':
      return updatePending(state, (p) =>
        p.status === 'sending' ? { ...p, status: 'failed', failure: 'connection' } : p,
      );
    case 'resendAfterReconnect':
      return updatePending(state, (p) =>
        p.status === 'failed' && p.failure === 'connection'
          ? { ...p, status: 'sending', failure: undefined }
          : p,
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
