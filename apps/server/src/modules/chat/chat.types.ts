import type { ChatMessage, ChatSubjectKind } from '@maplesource/contracts';
import type { Db } from '../../db/client';
import type { DomainEvents } from '../../plugins/events';

export interface Subject {
  kind: ChatSubjectKind;
  id: number;
}
export interface OpenConversationInput {
  buyerId: string;
  sellerUserId: string;
  subject: Subject;
  quotationId: string | null;
  /** Names shown in the inbox and searched; looked up through the directory when left out. */
  names?: {
    subject?: string;
    subjectFr?: string | null;
    buyer?: string;
    seller?: string;
    /** The seller's company (the storefront's name), shown before the person (decision 270). */
    sellerCompany?: string;
  };
}
export interface Participants {
  chatId: string;
  buyerId: string;
  sellerUserId: string;
  subjectKind: ChatSubjectKind;
  /** The names the conversation shows (the subject's and both parties'), for texts about it. */
  names: { subject: string; subjectFr: string | null; buyer: string; seller: string };
}
export interface SendMessageInput {
  chatId: string;
  clientMessageId: string;
  text: string;
  attachmentIds: string[];
  receiverId?: string | undefined;
}
export interface StoredMessage {
  message: ChatMessage;
  /** False when the client message id was already stored: the stored message is answered again. */
  created: boolean;
  recipientId: string;
  subjectKind: ChatSubjectKind;
}
export interface ReadState {
  chatId: string;
  lastReadSeq: number;
  unreadCount: number;
  /** The marker moved: the other party should hear it. */
  changed: boolean;
  otherId: string;
  subjectKind: ChatSubjectKind;
}
export interface NewAttachment {
  id: string;
  chatId: string;
  uploaderId: string;
  storageKey: string;
  thumbnailKey: string;
  contentType: string;
  width: number;
  height: number;
  bytes: number;
}
export interface StoredAttachment {
  id: string;
  chatId: string;
  storageKey: string;
  thumbnailKey: string;
  contentType: string;
}

/** Names of users and subjects, from the modules that own them (auth, catalog), through their doors. */
export interface ChatDirectory {
  userName(db: Db, userId: string): Promise<string | null>;
  subjectName(db: Db, subject: Subject): Promise<string | null>;
}

/** What the chat operations are given by the module (its database, the event outbox, the directory of names). */
export interface ChatDeps {
  db: Db;
  events: DomainEvents;
  directory: ChatDirectory;
}
