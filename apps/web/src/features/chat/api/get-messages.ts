import type { ChatSubjectKind, MessagesResponse } from '@maplesource/contracts/chat';
import { api } from '../../../lib/http';
import { chatPaths } from './chat-paths';

export type MessagesPage = { afterSeq?: number; beforeSeq?: number; limit?: number };

/** GET messages?chatId&afterSeq&beforeSeq&limit: items always in ascending `seq`. */
export const getMessages = (
  kind: ChatSubjectKind,
  chatId: string,
  page: MessagesPage = {},
  signal?: AbortSignal,
) =>
  api.get<MessagesResponse>(chatPaths(kind).messages, {
    backend: 'chat',
    query: { chatId, afterSeq: page.afterSeq, beforeSeq: page.beforeSeq, limit: page.limit },
    signal,
  });

/** Everything after `afterSeq` (what a client asks for after any gap), following `hasMore`. */
export async function getMessagesAfter(
  kind: ChatSubjectKind,
  chatId: string,
  afterSeq: number,
  signal?: AbortSignal,
): Promise<MessagesResponse['items']> {
  const items: MessagesResponse['items'] = [];
  let cursor = afterSeq;
  for (;;) {
    const page = await getMessages(kind, chatId, { afterSeq: cursor, limit: 200 }, signal);
    items.push(...page.items);
    const last = page.items.at(-1);
    if (!page.hasMore || !last) return items;
    cursor = last.seq;
  }
}
