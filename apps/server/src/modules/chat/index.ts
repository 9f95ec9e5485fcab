import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import '../auth';
import { createChatService, type ChatDirectory, type ChatService } from './chat.service';
import { registerChatSubscribers } from './chat.subscribers';
import { registerChatSocketHandlers } from './chat.socket';
import { sweepUnsentAttachments } from './operations/sweep-unsent-attachments';

/**
 * The chat module's door: `app.chat` (conversations between a buyer and a seller user about a product or a
 * service, messages with a per-chat sequence, read markers, private image attachments), its routes, its socket
 * handlers and public types. Other modules open conversations and post business actions through it
 * (`openConversation`, `postBusinessAction`, in their transaction); it announces every stored message as
 * `chat.message-created` (a business action also as `chat.business-action-posted`, decision 186).
 */
declare module 'fastify' {
  interface FastifyInstance {
    chat: ChatService;
  }
}

export type {
  ChatService,
  ChatDirectory,
  OpenConversationInput,
  Participants,
  StoredMessage,
  Subject,
} from './chat.service';
export { fixedPhaseAfter, phaseAfter } from './chat.phases';
export { chatRoutes } from './chat.routes';

async function chatModule(app: FastifyInstance) {
  const directory: ChatDirectory = {
    // In the caller's transaction: on PGlite a query beside an open transaction waits for it.
    async userName(db, userId) {
      return (await app.auth.users.findById(userId, db))?.fullName ?? null;
    },
    async subjectName() {
      return null;
    },
  };
  app.decorate('chat', createChatService(app.db, app.events, directory));
  registerChatSubscribers(app);
  // Images uploaded and never sent are deleted after their grace, every hour (decision 348).
  app.jobs.register(unsentAttachmentsSweepJob, async () => void (await sweepUnsentAttachments(app)));
  await app.jobs.schedule(unsentAttachmentsSweepJob, '23 * * * *');
}

export const unsentAttachmentsSweepJob = 'chat.sweep-unsent-attachments';

export const chatModulePlugin = fp(chatModule, {
  name: 'chat-module',
  dependencies: ['context', 'events', 'auth-module', 'storage'],
});

/** The chat backend's socket handlers on the realtime port (only where the chat backend runs). */
async function chatSocket(app: FastifyInstance) {
  registerChatSocketHandlers(app);
}

export const chatSocketPlugin = fp(chatSocket, {
  name: 'chat-socket',
  dependencies: ['realtime', 'chat-module', 'storage'],
});
