import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  attachmentParamsSchema,
  chatDetailResponseSchema,
  chatIdSchema,
  chatImageMaxBytes,
  chatListQuerySchema,
  chatListResponseSchema,
  chatParamsSchema,
  errorResponseSchema,
  markReadRequestSchema,
  markReadResponseSchema,
  messagesQuerySchema,
  messagesResponseSchema,
  sendMessageResponseSchema,
  uploadResponseSchema,
  type ChatAttachment,
  type ChatSubjectKind,
} from '@maplesource/contracts';
import { chatEventName, sendMessagePayloadSchema } from '@maplesource/contracts/realtime/events';
import { AppError, badRequest, tooManyRequests } from '../../plugins/errors';
import { chatImageTooLarge, storeChatImage } from './chat.images';
import { sendAndAnnounce } from './chat.send';

/** Images per upload request. */
const MAX_FILES_PER_UPLOAD = 5;

/**
 * docs/product.md §7 chat calls: `chats` / `service-chats` (list with unread counts, status filter, search; one chat with
 * its quotation; mark read), `messages` / `service-messages` (paged by seq; POST sends one, decision 244), `upload` (images over HTTP, never
 * the socket) and the private images themselves. Only the chat's two participants get anything: CHAT_NOT_FOUND
 * (404) for everyone else.
 */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };
  const emit = (
    userId: string,
    kind: ChatSubjectKind,
    event: 'messageDelivered' | 'image_upload_start' | 'image_upload_complete',
    payload: unknown,
  ) => app.realtime.emitToUser(userId, chatEventName(kind, event), payload);

  for (const kind of ['product', 'service'] as const) {
    const chats = kind === 'product' ? '/chats' : '/service-chats';
    const messages = kind === 'product' ? '/messages' : '/service-messages';
    const tags = ['chat'];

    app.get(
      chats,
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          querystring: chatListQuerySchema,
          response: { 200: chatListResponseSchema, ...errors },
        },
      },
      async (request) => app.chat.listChats(app.db, request.user!.id, kind, request.query),
    );

    app.get(
      `${chats}/:chatId`,
      {
        preHandler: app.requireUser,
        schema: { tags, params: chatParamsSchema, response: { 200: chatDetailResponseSchema, ...errors } },
      },
      async (request) => app.chat.getChat(app.db, request.user!.id, request.params.chatId, kind),
    );

    app.post(
      `${chats}/:chatId/read`,
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          params: chatParamsSchema,
          body: markReadRequestSchema.optional(),
          response: { 200: markReadResponseSchema, ...errors },
        },
      },
      async (request) => {
        const userId = request.user!.id;
        const read = await app.chat.markRead(
          app.db,
          userId,
          request.params.chatId,
          request.body?.upToSeq,
          kind,
        );
        if (read.changed)
          emit(read.otherId, kind, 'messageDelivered', {
            chatId: read.chatId,
            receiverId: userId,
            upToSeq: read.lastReadSeq,
            status: 'seen',
          });
        return { chatId: read.chatId, lastReadSeq: read.lastReadSeq, unreadCount: read.unreadCount };
      },
    );

    app.get(
      messages,
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          querystring: messagesQuerySchema,
          response: { 200: messagesResponseSchema, ...errors },
        },
      },
      async (request) => app.chat.listMessages(app.db, request.user!.id, kind, request.query),
    );

    // The socket's sendMessage over HTTP, for a client whose socket cannot connect (decision 244): the same
    // service call (the client message id stores it once), the same participant check and the same events.
    app.post(
      messages,
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          body: sendMessagePayloadSchema,
          response: {
            200: sendMessageResponseSchema,
            201: sendMessageResponseSchema,
            ...errors,
            409: errorResponseSchema,
            429: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        // One message budget with the socket's sendMessage (decision 242): HTTP is no way around it.
        const decision = await app.realtime.consume('messages', request.user!.id);
        if (!decision.allowed)
          throw tooManyRequests(
            'RATE_LIMITED',
            'Too many messages in a short time',
            decision.retryAfterSeconds,
          );
        const stored = await sendAndAnnounce(app, request.user!.id, kind, request.body);
        return reply.status(stored.created ? 201 : 200).send({ message: stored.message });
      },
    );
  }

  await app.register(async (uploads) => {
    await uploads.register(multipart, {
      limits: {
        fileSize: chatImageMaxBytes - 1, // docs/product.md §5: under 5MB
        files: MAX_FILES_PER_UPLOAD,
        fields: 2,
        fieldSize: 100,
        parts: MAX_FILES_PER_UPLOAD + 2,
      },
    });
    uploads.post(
      '/upload',
      {
        preHandler: app.requireUser,
        bodyLimit: MAX_FILES_PER_UPLOAD * chatImageMaxBytes + 64 * 1024,
        schema: {
          tags: ['chat'],
          consumes: ['multipart/form-data'],
          response: {
            201: uploadResponseSchema,
            ...errors,
            413: errorResponseSchema,
            415: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart())
          throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the images as multipart/form-data');
        const userId = request.user!.id;
        let target: { chatId: string; otherId: string; subjectKind: ChatSubjectKind } | null = null;
        const attachments: ChatAttachment[] = [];
        let started = false;
        try {
          for await (const part of request.parts()) {
            if (part.type === 'field') {
              if (part.fieldname !== 'chatId' || target) continue;
              const chatId = chatIdSchema.safeParse(part.value);
              if (!chatId.success) throw badRequest('CHAT_NOT_FOUND', 'Chat not found');
              target = await app.chat.uploadTarget(app.db, userId, chatId.data);
              continue;
            }
            if (!target) throw badRequest('BAD_REQUEST', 'Send the chatId field before the images');
            if (!started) {
              started = true;
              emit(target.otherId, target.subjectKind, 'image_upload_start', {
                chatId: target.chatId,
                receiverId: target.otherId,
                senderId: userId,
                count: 1,
              });
            }
            const data = await part.toBuffer().catch((error: unknown) => {
              if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw chatImageTooLarge();
              throw error;
            });
            const image = await storeChatImage(app.storage, target.chatId, data);
            attachments.push(
              await app.chat.saveAttachment(app.db, { ...image, chatId: target.chatId, uploaderId: userId }),
            );
          }
        } catch (error) {
          if (target && started)
            emit(target.otherId, target.subjectKind, 'image_upload_complete', {
              chatId: target.chatId,
              receiverId: target.otherId,
              senderId: userId,
              ok: false,
              attachments: [],
            });
          const code = (error as { code?: string }).code;
          if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
            throw new AppError(413, 'PAYLOAD_TOO_LARGE', `At most ${MAX_FILES_PER_UPLOAD} images at once`);
          throw error;
        }
        if (!target) throw badRequest('CHAT_NOT_FOUND', 'Chat not found');
        if (attachments.length === 0)
          throw new AppError(415, 'CHAT_IMAGE_INVALID', 'Please select valid image files');
        emit(target.otherId, target.subjectKind, 'image_upload_complete', {
          chatId: target.chatId,
          receiverId: target.otherId,
          senderId: userId,
          ok: true,
          attachments,
        });
        return reply.status(201).send({ attachments });
      },
    );
  });

  for (const variant of ['', '/thumbnail'] as const) {
    app.get(
      `/chat-attachments/:attachmentId${variant}`,
      {
        preHandler: app.requireUser,
        schema: {
          tags: ['chat'],
          params: attachmentParamsSchema,
          response: { 401: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const attachment = await app.chat.attachmentFor(
          app.db,
          request.user!.id,
          request.params.attachmentId,
        );
        const key = variant ? attachment.thumbnailKey : attachment.storageKey;
        return app.storage.sendPrivate(reply, key, {
          filename: `${attachment.id}${variant ? '-thumb' : ''}.webp`,
        });
      },
    );
  }
};
