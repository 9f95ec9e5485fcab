import type { ChatAttachment, ChatMessage, MessageStatus } from '@maplesource/contracts/chat';

/**
 * One conversation's messages as the client holds them: stored messages (by `seq`, each once) and the user's
 * own messages not yet acknowledged (`sending`) or refused (`failed`, with retry). Pure, so each rule is tested.
 */
export type PendingMessage = {
  clientMessageId: string;
  text: string;
  attachments: ChatAttachment[];
  status: 'sending' | 'failed';
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
  | { type: 'failed'; clientMessageId: string }
  | { type: 'retrying'; clientMessageId: string }
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
    case 'retrying': {
      const status = action.type === 'failed' ? 'failed' : 'sending';
      return {
        ...state,
        pending: state.pending.map((p) =>
          p.clientMessageId === action.clientMessageId ? { ...p, status } : p,
        ),
      };
    }
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
