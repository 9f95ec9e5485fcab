import type { ChatSubjectKind, SendMessageResponse } from '@maplesource/contracts/chat';
import type { SendMessagePayload } from '@maplesource/contracts/realtime/events';
import { api } from '../../../lib/http';
import { chatPaths } from './chat-paths';

/**
 * POST messages (service-messages): the socket's sendMessage over HTTP, used while the socket is not connected
 * (decision 244). The same client message id is stored once whichever way it went.
 */
export const sendMessageOverHttp = (kind: ChatSubjectKind, payload: SendMessagePayload) =>
  api.post<SendMessageResponse>(chatPaths(kind).messages, { backend: 'chat', body: payload });
