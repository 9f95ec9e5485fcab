import type { FastifyPluginAsync } from 'fastify';
import realtime from '../plugins/realtime';
import type { SessionResolver } from '../plugins/auth';

export interface ChatServiceOptions {
  sessions: SessionResolver;
}

/** The chat backend (spec §7): Socket.IO plus the chat HTTP routes under /api/v1. */
export const chatService: FastifyPluginAsync<ChatServiceOptions> = async (app, options) => {
  await app.register(realtime, {
    sessions: options.sessions,
    redisUrl: app.config.REDIS_URL,
    corsOrigins: [app.config.PUBLIC_URL, ...app.config.CORS_ORIGINS],
  });
};
