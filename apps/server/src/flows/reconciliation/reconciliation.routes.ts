import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  reconciliationDayParamsSchema,
  reconciliationDayResponseSchema,
  reconciliationDaysQuerySchema,
  reconciliationDaysResponseSchema,
} from '@maplesource/contracts/reconciliation';
import { badRequest, errorResponses, notFound } from '../../plugins/errors';
import { reconcileDay } from './reconcile-provider-balance';

const errors = errorResponses(400, 401, 403, 404);

/**
 * The daily reconciliation's reports (decision 304), under the admin scope: `GET admin/reconciliation` (days, newest
 * first) and `GET admin/reconciliation/:date` (the day's mismatches), written by the daily job; and
 * `POST admin/reconciliation/:date/run`: an administrator reconciles a day again now (after a late webhook, or today
 * so far), replacing its report as a re-run of the job does. A day after today (UTC) is refused.
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
  app.post(
    '/reconciliation/:date/run',
    {
      schema: {
        tags: ['ledger'],
        params: reconciliationDayParamsSchema,
        response: { 200: reconciliationDayResponseSchema, ...errors },
      },
    },
    async (request) => {
      if (request.params.date > new Date().toISOString().slice(0, 10))
        throw badRequest('RECONCILIATION_DATE_FUTURE', 'A day after today cannot be reconciled');
      const report = await reconcileDay(app, request.params.date);
      return { day: report.summary, mismatches: report.mismatches };
    },
  );
};
