import type { FastifyPluginAsync } from 'fastify';
import { chatRoutes, chatSocketPlugin } from '../modules/chat';
import { invoicesRoutes } from '../modules/invoices';
import { invoicesChatRoutes } from '../flows/invoice/invoice.routes';

/**
 * The chat backend (docs/product.md §7): chat HTTP routes under /api/v1, with invoices (docs/product.md §7 "Chat and invoices"). Its Socket.IO server
 * (plugins/realtime.ts) is registered app-wide by app.ts when this backend runs; the chat module
 * adds its socket handlers to it.
 */
export const chatService: FastifyPluginAsync = async (app) => {
  await app.register(chatSocketPlugin);
  await app.register(chatRoutes);
  await app.register(invoicesRoutes);
  await app.register(invoicesChatRoutes);
};
