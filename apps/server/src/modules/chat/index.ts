import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerChatSocketHandlers } from './chat.socket';

/**
 * The chat module's door (issue 11 fills it in: inquiries, conversations, messages). Today it
 * registers its socket handlers on the realtime port.
 */
async function chatModule(app: FastifyInstance) {
  registerChatSocketHandlers(app.realtime);
}

export default fp(chatModule, { name: 'chat', dependencies: ['realtime'] });
