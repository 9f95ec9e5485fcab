import { z } from 'zod';
import { pageQuerySchema, pagedSchema } from './common';
import { provinceCodeSchema } from './provinces';

/**
 * Chat (docs/product.md §2 chat screen and inbox, §3 Chat, §4 message status and business actions, §7 chats,
 * messages, upload, service-chats, service-messages). A conversation is between one buyer and one seller
 * user about one subject (a product, or a service for the `service-` routes and `service:` socket events).
 */

export const chatIdSchema = z.uuid('errors:CHAT_NOT_FOUND');
export const chatSubjectKinds = ['product', 'service'] as const;
export const chatSubjectKindSchema = z.enum(chatSubjectKinds);
export type ChatSubjectKind = z.infer<typeof chatSubjectKindSchema>;

/** docs/product.md §4: business actions in chat. */
export const businessActions = [
  'quotation_created',
  'quotation_accepted',
  'quotation_rejected',
  'invoice_sent',
  'invoice_accepted',
  'invoice_rejected',
  'order_created',
  'order_updated',
  'order_cancelled',
  /** Not in the spec's list: an invoice that expired unanswered, posted by MapleSource (decision 167). */
  'invoice_expired',
  /** Not in the spec's list: the seller withdrew a pending invoice, to revise it or not (decision 271). */
  'invoice_withdrawn',
] as const;
export const businessActionSchema = z.enum(businessActions);
export type BusinessAction = z.infer<typeof businessActionSchema>;

/** A conversation's phase follows its business actions (decision 100). */
export const chatPhases = [
  'inquiry',
  'negotiation',
  'invoiced',
  'ordered',
  'completed',
  'cancelled',
] as const;
export const chatPhaseSchema = z.enum(chatPhases);
export type ChatPhase = z.infer<typeof chatPhaseSchema>;

/** docs/product.md §4 inbox conversation status (the filter); `all` is only a filter value. */
export const chatStatuses = ['active', 'completed', 'cancelled'] as const;
export const chatStatusSchema = z.enum(chatStatuses);
export type ChatStatus = z.infer<typeof chatStatusSchema>;
export const chatStatusFilters = ['all', ...chatStatuses] as const;
export const chatStatusFilterSchema = z.enum(chatStatusFilters);
export type ChatStatusFilter = z.infer<typeof chatStatusFilterSchema>;

/** Phase → inbox status (decision 100). */
export const chatStatusOfPhase: Record<ChatPhase, ChatStatus> = {
  inquiry: 'active',
  negotiation: 'active',
  invoiced: 'active',
  ordered: 'active',
  completed: 'completed',
  cancelled: 'cancelled',
};

/** docs/product.md §4 message status. `sending` and `failed` exist only on the client; the server answers the rest. */
export const messageStatuses = ['sending', 'sent', 'delivered', 'seen', 'failed'] as const;
export const messageStatusSchema = z.enum(messageStatuses);
export type MessageStatus = z.infer<typeof messageStatusSchema>;

/** Limits of one message. */
export const chatLimits = {
  maxTextLength: 5000,
  maxAttachmentsPerMessage: 10,
  maxClientMessageIdLength: 100,
  maxMessagesPerPage: 200,
  defaultMessagesPerPage: 50,
  /** Server-side throttle of typing events per sender and chat. */
  typingThrottleMs: 3_000,
  /** A typing indicator nobody stops disappears by itself after this long. */
  typingIndicatorTimeoutMs: 6_000,
  /** While the socket is not connected, a conversation asks for new messages over HTTP this often (decision 244). */
  pollWhileDisconnectedMs: 3_000,
} as const;

/** docs/product.md §5: chat images are images only, under 5MB (docs/product.md §9). */
export const chatImageMaxBytes = 5 * 1024 * 1024;
export const chatImageMimeTypes = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
] as const;

export const chatAttachmentSchema = z.object({
  id: z.uuid(),
  /** Served only to the two participants. */
  url: z.string(),
  thumbnailUrl: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type ChatAttachment = z.infer<typeof chatAttachmentSchema>;

/** Client message id: chosen by the sender, unique forever (a retried send is stored once). */
export const clientMessageIdSchema = z
  .string()
  .trim()
  .min(8, 'errors:CLIENT_MESSAGE_ID_INVALID')
  .max(chatLimits.maxClientMessageIdLength, 'errors:CLIENT_MESSAGE_ID_INVALID')
  .regex(/^[A-Za-z0-9_-]+$/, 'errors:CLIENT_MESSAGE_ID_INVALID');

export const chatMessageSchema = z.object({
  id: z.uuid(),
  chatId: z.uuid(),
  /** Per-chat sequence: 1, 2, 3 … in the order the server stored them. */
  seq: z.number().int().positive(),
  clientMessageId: z.string(),
  senderId: z.uuid(),
  text: z.string(),
  attachments: z.array(chatAttachmentSchema),
  businessAction: businessActionSchema.nullable(),
  businessPayload: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
  status: messageStatusSchema,
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/**
 * The quotation the conversation holds (docs/product.md §2 quotation details panel). The `quotation_created`
 * business action carries it as its payload (`chatQuotationPayloadSchema`); the chat adds the timeline from
 * the later `quotation_accepted` / `quotation_rejected` actions.
 */
export const chatQuotationPayloadSchema = z.object({
  quotationId: z.string().min(1).max(100),
  /** Short reference shown as the request id. */
  requestId: z.string().min(1).max(100),
  subjectName: z.string().max(300),
  /** The French name (decision 233); absent from quotations made before it, null when unknown. */
  subjectNameFr: z.string().max(300).nullable().optional(),
  quantity: z.number().int().positive(),
  deadline: z.string(),
  minPriceCents: z.number().int().nonnegative(),
  maxPriceCents: z.number().int().nonnegative(),
  deliveryProvince: provinceCodeSchema,
  deliveryPostalCode: z.string().max(10),
  leadDays: z.number().int().nonnegative().nullable(),
  description: z.string().max(5000),
  additionalRequirements: z.string().max(5000).nullable(),
});
export type ChatQuotationPayload = z.infer<typeof chatQuotationPayloadSchema>;

export const quotationDecisions = ['pending', 'accepted', 'rejected'] as const;
export const chatQuotationSchema = chatQuotationPayloadSchema.extend({
  decision: z.enum(quotationDecisions),
  timeline: z.object({
    submittedAt: z.string(),
    acceptedAt: z.string().nullable(),
    rejectedAt: z.string().nullable(),
  }),
});
export type ChatQuotation = z.infer<typeof chatQuotationSchema>;

export const chatPartySchema = z.object({
  id: z.uuid(),
  /** The person. */
  name: z.string(),
  avatarUrl: z.string().nullable(),
  /** The company the person speaks for (the seller's storefront), shown first when known (decision 270). */
  companyName: z.string().nullable().optional(),
});
export type ChatParty = z.infer<typeof chatPartySchema>;

export const chatListItemSchema = z.object({
  id: z.uuid(),
  subject: z.object({
    kind: chatSubjectKindSchema,
    id: z.number().int().positive(),
    name: z.string(),
    /** The French name (decision 233); null when unknown (the English name is shown). */
    nameFr: z.string().nullable(),
  }),
  buyer: chatPartySchema,
  seller: chatPartySchema,
  /** Which side the requesting user is on; `otherParty` is the one they talk to. */
  myRole: z.enum(['buyer', 'seller']),
  otherParty: chatPartySchema,
  phase: chatPhaseSchema,
  status: chatStatusSchema,
  quotationId: z.string().nullable(),
  quantity: z.number().int().positive().nullable(),
  /** The latest invoice sent in this conversation (from `invoice_sent`), if any. */
  invoiceId: z.string().nullable(),
  /**
   * The latest order that came out of this conversation (from `order_created`, decision 253), if any: the header
   * shows its payment review.
   */
  orderId: z.string().nullable(),
  lastSeq: z.number().int().nonnegative(),
  lastMessage: z
    .object({
      seq: z.number().int().positive(),
      senderId: z.uuid(),
      text: z.string(),
      hasAttachments: z.boolean(),
      businessAction: businessActionSchema.nullable(),
      createdAt: z.string(),
    })
    .nullable(),
  unreadCount: z.number().int().nonnegative(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ChatListItem = z.infer<typeof chatListItemSchema>;

/** GET chats / service-chats. */
export const chatListQuerySchema = pageQuerySchema.extend({
  status: chatStatusFilterSchema.default('all'),
  /** Matches the product/service name or the other party's name. */
  search: z.string().trim().max(100).optional(),
  /** Only conversations where the user is this side (the seller centre asks for `seller`). */
  as: z.enum(['buyer', 'seller']).optional(),
});
export type ChatListQuery = z.input<typeof chatListQuerySchema>;
export const chatListResponseSchema = pagedSchema(chatListItemSchema).extend({
  /** Unread messages over all the user's conversations of this kind (header badge). */
  unreadTotal: z.number().int().nonnegative(),
});
export type ChatListResponse = z.infer<typeof chatListResponseSchema>;

export const chatParamsSchema = z.object({ chatId: chatIdSchema });
/** GET chats/:chatId and service-chats/:chatId: the conversation with its quotation. */
export const chatDetailResponseSchema = z.object({
  chat: chatListItemSchema,
  quotation: chatQuotationSchema.nullable(),
});
export type ChatDetailResponse = z.infer<typeof chatDetailResponseSchema>;

/**
 * GET messages / service-messages: paged by sequence. `afterSeq` → the next messages after it (oldest
 * first, what a reconnecting client asks for); `beforeSeq` → the page before it (history); neither → latest.
 * Items are always in ascending `seq`.
 */
export const messagesQuerySchema = z
  .object({
    chatId: chatIdSchema,
    afterSeq: z.coerce.number().int().nonnegative().optional(),
    beforeSeq: z.coerce.number().int().positive().optional(),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(chatLimits.maxMessagesPerPage)
      .default(chatLimits.defaultMessagesPerPage),
  })
  .refine((q) => q.afterSeq === undefined || q.beforeSeq === undefined, {
    message: 'afterSeq and beforeSeq cannot be combined',
    path: ['beforeSeq'],
  });
export type MessagesQuery = z.input<typeof messagesQuerySchema>;
export const messagesResponseSchema = z.object({
  items: z.array(chatMessageSchema),
  /** More messages exist in the direction asked (after the last item for `afterSeq`, before the first otherwise). */
  hasMore: z.boolean(),
  lastSeq: z.number().int().nonnegative(),
});
export type MessagesResponse = z.infer<typeof messagesResponseSchema>;

/**
 * POST messages (and service-messages): the socket's `sendMessage` over plain HTTP, for a client whose socket
 * cannot connect (decision 244). The body is `sendMessagePayloadSchema` (realtime/events); the answer is the
 * stored message, 201 when this call stored it and 200 when its client message id was stored before.
 */
export const sendMessageResponseSchema = z.object({ message: chatMessageSchema });
export type SendMessageResponse = z.infer<typeof sendMessageResponseSchema>;

/** POST chats/:chatId/read (and service-chats/:chatId/read): mark read up to `upToSeq` (default: everything). */
export const markReadRequestSchema = z.object({ upToSeq: z.number().int().positive().optional() });
export type MarkReadRequest = z.infer<typeof markReadRequestSchema>;
export const markReadResponseSchema = z.object({
  chatId: z.uuid(),
  lastReadSeq: z.number().int().nonnegative(),
  unreadCount: z.number().int().nonnegative(),
});
export type MarkReadResponse = z.infer<typeof markReadResponseSchema>;

/**
 * POST upload (multipart/form-data): field `chatId`, then one or more `file` parts (images only, each under
 * 5MB, checked by their bytes). The images are stored, not sent: the client then sends a message with
 * `attachmentIds`.
 */
export const uploadFieldsSchema = z.object({ chatId: chatIdSchema });
export const uploadResponseSchema = z.object({ attachments: z.array(chatAttachmentSchema) });
export type UploadResponse = z.infer<typeof uploadResponseSchema>;
export const attachmentParamsSchema = z.object({ attachmentId: z.uuid('errors:ATTACHMENT_NOT_FOUND') });

/** Chat error codes (each has an `errors:<CODE>` text, docs/product.md §8). */
export const chatErrorCodes = [
  'CHAT_NOT_FOUND',
  'ATTACHMENT_NOT_FOUND',
  'CLIENT_MESSAGE_ID_INVALID',
  'CLIENT_MESSAGE_ID_TAKEN',
  'MESSAGE_EMPTY',
  'MESSAGE_SEND_FAILED',
  'CHAT_IMAGE_INVALID',
  'CHAT_IMAGE_TOO_LARGE',
  'CHAT_IMAGE_UPLOAD_FAILED',
] as const;
export type ChatErrorCode = (typeof chatErrorCodes)[number];
