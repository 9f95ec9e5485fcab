import type { ChatSubjectKind, MarkReadResponse } from '@maplesource/contracts/chat';
import { api } from '../../../lib/http';
import { chatPaths } from './chat-paths';

/** POST chats/{chatId}/read: everything up to `upToSeq` is read (used when the socket is not connected). */
export const markChatRead = (kind: ChatSubjectKind, chatId: string, upToSeq?: number) =>
  api.post<MarkReadResponse>(chatPaths(kind).read(chatId), {
    backend: 'chat',
    body: upToSeq ? { upToSeq } : {},
  });
