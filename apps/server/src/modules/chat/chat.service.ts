import type { Db } from '../../db/client';
import type { DomainEvents } from '../../plugins/events';
import { listPipeline, medianFirstResponse, pipelineCard } from './chat.pipeline';
import type { ChatDirectory } from './chat.types';
import { chatItem, getChat } from './operations/get-chat';
import { attachmentKeysOfParty } from './operations/attachment-keys-of-party';
import { getAttachment } from './operations/get-attachment';
import { messageById } from './operations/get-message';
import { getParticipants, isParticipant, participantsOf } from './operations/get-participants';
import { getUploadTarget } from './operations/get-upload-target';
import { listChats } from './operations/list-chats';
import { listMessages } from './operations/list-messages';
import { listPartners } from './operations/list-partners';
import { markDelivered, markRead } from './operations/mark-read';
import { openConversation } from './operations/open-conversation';
import { postBusinessAction, postBusinessActions } from './operations/post-business-actions';
import { saveAttachment } from './operations/save-attachment';
import { sendMessage } from './operations/send-message';

export type * from './chat.types';

/**
 * The chat service (`app.chat`). A conversation belongs to one buyer and one seller user about one subject;
 * only those two see it (anyone else gets CHAT_NOT_FOUND, a 404). Each message gets the chat's next `seq`
 * in the statement that stores it (one shape for every writer, `sequencedMessagesCte`), and its
 * `client_message_id` is unique forever: a repeated send returns the stored message (decision 101).
 * Each method is one file in `operations/`.
 */
export function createChatService(db: Db, events: DomainEvents, directory: ChatDirectory) {
  const deps = { db, events };
  return {
    openConversation: openConversation.bind(null, directory),
    postBusinessAction: postBusinessAction.bind(null, events),
    postBusinessActions: postBusinessActions.bind(null, events),
    participants: (chatId: string, database: Db = db) => getParticipants(chatId, database),
    participantsOf: (chatIds: string[], database: Db = db) => participantsOf(chatIds, database),
    isParticipant: (chatId: string, userId: string, database: Db = db) =>
      isParticipant(chatId, userId, database),
    sendMessage: sendMessage.bind(null, deps),
    listChats,
    chatItem,
    getChat,
    listMessages,
    markRead,
    markDelivered,
    messageById,
    uploadTarget: getUploadTarget,
    saveAttachment,
    attachmentFor: getAttachment,
    /** Decision 347: the files that go with a deleted account. */
    attachmentKeysOfParty,
    partnersOf: listPartners,
    /** The seller user's quotation pipeline (decision 267): cards by stage, counts per stage. */
    listPipeline,
    /** One card of the seller user's pipeline; CHAT_NOT_FOUND for another user's conversation. */
    pipelineCard,
    /** The seller user's median first-response time over 30 days, null with too little data (decision 268). */
    medianFirstResponse,
  };
}

export type ChatService = ReturnType<typeof createChatService>;
