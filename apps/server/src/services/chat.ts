import type { FastifyPluginAsync } from 'fastify';

/**
 * The chat backend (spec §7): chat HTTP routes under /api/v1. Its Socket.IO server
 * (plugins/realtime.ts) is registered app-wide by app.ts when this backend runs.
 */
export const chatService: FastifyPluginAsync = async (app) => {
  void app;
};
