import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  markAllNotificationsReadResponseSchema,
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationParamsSchema,
  notificationResponseSchema,
  okResponseSchema,
} from '@maplesource/contracts';

/**
 * docs/product.md §7 `notifications` (get paged, mark one read, delete) and `notifications/mark-all-as-read`, for the
 * logged-in recipient only; another user's notification is a 404. Notifications are created by subscribers.
 */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };
  app.get(
    '/notifications',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['notifications'],
        querystring: notificationListQuerySchema,
        response: { 200: notificationListResponseSchema, ...errors },
      },
    },
    async (request) => app.notifications.list(app.db, request.user!.id, request.query),
  );
  app.patch(
    '/notifications/mark-all-as-read',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['notifications'],
        response: { 200: markAllNotificationsReadResponseSchema, ...errors },
      },
    },
    async (request) => ({ updated: await app.notifications.markAllRead(app.db, request.user!.id) }),
  );
  app.patch(
    '/notifications/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['notifications'],
        params: notificationParamsSchema,
        response: { 200: notificationResponseSchema, ...errors },
      },
    },
    async (request) => ({
      notification: await app.notifications.markRead(app.db, request.user!.id, request.params.id),
    }),
  );
  app.delete(
    '/notifications/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['notifications'],
        params: notificationParamsSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await app.notifications.remove(app.db, request.user!.id, request.params.id);
      return { ok: true as const };
    },
  );
};
