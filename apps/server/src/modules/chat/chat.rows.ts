import type {
  BusinessAction,
  ChatAttachment,
  ChatListItem,
  ChatMessage,
  ChatPhase,
  ChatSubjectKind,
  MessageStatus,
} from '@maplesource/contracts';
import { chatStatusOfPhase } from '@maplesource/contracts';

/** Row shapes of the chat tables as both drivers return them, and their mapping to contracts types. */
export type Row = Record<string, unknown>;

export const iso = (value: unknown): string =>
  (value instanceof Date ? value : new Date(String(value))).toISOString();
export const num = (value: unknown): number => Number(value ?? 0);
export const strOrNull = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);

export interface ChatRow {
  id: string;
  buyerId: string;
  sellerUserId: string;
  subjectKind: ChatSubjectKind;
  subjectId: number;
  subjectName: string;
  /** The subject's French name, when it was known (decision 233); null shows the English one. */
  subjectNameFr: string | null;
  buyerName: string;
  sellerName: string;
  /** The seller's company, when the inquiry that opened or reused the chat named it (decision 270). */
  sellerCompany: string | null;
  quotationId: string | null;
  quantity: number | null;
  invoiceId: string | null;
  /** The latest order made from the conversation (`order_created`, decision 253). */
  orderId: string | null;
  phase: ChatPhase;
  lastSeq: number;
  createdAt: string;
  updatedAt: string;
}

export function toChatRow(row: Row): ChatRow {
  return {
    id: String(row.id),
    buyerId: String(row.buyer_id),
    sellerUserId: String(row.seller_user_id),
    subjectKind: row.subject_kind as ChatSubjectKind,
    subjectId: num(row.subject_id),
    subjectName: String(row.subject_name ?? ''),
    subjectNameFr: strOrNull(row.subject_name_fr),
    buyerName: String(row.buyer_name ?? ''),
    sellerName: String(row.seller_name ?? ''),
    sellerCompany: strOrNull(row.seller_company),
    quotationId: strOrNull(row.quotation_id),
    quantity: row.quantity === null || row.quantity === undefined ? null : num(row.quantity),
    invoiceId: strOrNull(row.invoice_id),
    orderId: strOrNull(row.order_id),
    phase: row.phase as ChatPhase,
    lastSeq: num(row.last_seq),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** The list item as `userId` sees it; the row carries `unread_count` and the last message's columns. */
export function toChatListItem(chat: ChatRow, row: Row, userId: string): ChatListItem {
  const buyer = { id: chat.buyerId, name: chat.buyerName, avatarUrl: null, companyName: null };
  const seller = {
    id: chat.sellerUserId,
    name: chat.sellerName,
    avatarUrl: null,
    companyName: chat.sellerCompany,
  };
  const myRole = chat.buyerId === userId ? 'buyer' : 'seller';
  return {
    id: chat.id,
    subject: {
      kind: chat.subjectKind,
      id: chat.subjectId,
      name: chat.subjectName,
      nameFr: chat.subjectNameFr,
    },
    buyer,
    seller,
    myRole,
    otherParty: myRole === 'buyer' ? seller : buyer,
    phase: chat.phase,
    status: chatStatusOfPhase[chat.phase],
    quotationId: chat.quotationId,
    quantity: chat.quantity,
    invoiceId: chat.invoiceId,
    orderId: chat.orderId,
    lastSeq: chat.lastSeq,
    lastMessage:
      row.last_message_seq === null || row.last_message_seq === undefined
        ? null
        : {
            seq: num(row.last_message_seq),
            senderId: String(row.last_message_sender_id),
            text: String(row.last_message_text ?? ''),
            hasAttachments: Boolean(row.last_message_has_attachments),
            businessAction: (row.last_message_business_action ?? null) as BusinessAction | null,
            createdAt: iso(row.last_message_created_at),
          },
    unreadCount: num(row.unread_count),
    createdAt: chat.createdAt,
    updatedAt: chat.updatedAt,
  };
}

export function attachmentUrls(id: string): Pick<ChatAttachment, 'url' | 'thumbnailUrl'> {
  return {
    url: `/api/v1/chat-attachments/${id}`,
    thumbnailUrl: `/api/v1/chat-attachments/${id}/thumbnail`,
  };
}

export function toAttachment(row: Row): ChatAttachment {
  const id = String(row.id);
  return { id, ...attachmentUrls(id), width: num(row.width), height: num(row.height) };
}

/** A stored message's status follows the recipient's markers: seen ≤ last read, delivered ≤ last delivered. */
export function statusOf(
  seq: number,
  recipient: { lastReadSeq: number; lastDeliveredSeq: number },
): MessageStatus {
  if (seq <= recipient.lastReadSeq) return 'seen';
  if (seq <= recipient.lastDeliveredSeq) return 'delivered';
  return 'sent';
}

export function toMessage(row: Row, attachments: ChatAttachment[], status: MessageStatus): ChatMessage {
  return {
    id: String(row.id),
    chatId: String(row.chat_id),
    seq: num(row.seq),
    clientMessageId: String(row.client_message_id),
    senderId: String(row.sender_id),
    text: String(row.text ?? ''),
    attachments,
    businessAction: (row.business_action ?? null) as BusinessAction | null,
    businessPayload: (typeof row.business_payload === 'string'
      ? (JSON.parse(row.business_payload) as Record<string, unknown>)
      : (row.business_payload ?? null)) as Record<string, unknown> | null,
    createdAt: iso(row.created_at),
    status,
  };
}
