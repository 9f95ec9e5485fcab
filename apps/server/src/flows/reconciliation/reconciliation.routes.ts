import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  reconciliationDayParamsSchema,
  reconciliationDayResponseSchema,
  reconciliationDaysQuerySchema,
  reconciliationDaysResponseSchema,
} from '@maplesource/contracts/reconciliation';
import { errorResponses, notFound } from '../../plugins/errors';

const errors = errorResponses(400, 401, 403, 404);

/**
 * The daily reconciliation's reports (decision 304), under the admin scope: `GET admin/reconciliation` (days, newest
 * first) and `GET admin/reconciliation/:date` (the day's mismatches). Read-only: the daily job writes them.
 */
export const reconciliationAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reconciliation',
    {
      schema: {
        tags: ['ledger'],
        querystring: reconciliationDaysQuerySchema,
        response: { 200: reconciliationDaysResponseSchema, ...errors },
      },
    },
    async (request) =>
      app.ledger.reconciliationDays(app.db, {
        before: request.query.cursor ?? null,
        limit: request.query.limit,
      }),
  );
  app.get(
    '/reconciliation/:date',
    {
      schema: {
        tags: ['ledger'],
        params: reconciliationDayParamsSchema,
        response: { 200: reconciliationDayResponseSchema, ...errors },
      },
    },
    async (request) => {
      const report = await app.ledger.reconciliationDay(app.db, request.params.date);
      if (!report) throw notFound('RECONCILIATION_NOT_FOUND', 'This day has not been reconciled');
      return { day: report.summary, mismatches: report.mismatches };
    },
  );
};
