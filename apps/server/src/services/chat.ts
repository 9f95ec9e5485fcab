import type { FastifyPluginAsync } from 'fastify';
import { chatRoutes, chatSocketPlugin } from '../modules/chat';

/**
 * The chat backend (spec §7): chat HTTP routes under /api/v1. Its Socket.IO server
 * (plugins/realtime.ts) is registered app-wide by app.ts when this backend runs; the chat module
 * adds its socket handlers to it.
 */
export const chatService: FastifyPluginAsync = async (app) => {
  await app.register(chatSocketPlugin);
  await app.register(chatRoutes);
};
