import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminCncRatesListSchema, cncRatesSchema } from '@maplesource/contracts';
import { listCncRates } from '../../modules/cnc-quotes';
import { withTransaction } from '../../db/transaction';
import { errorResponses } from '../../plugins/errors';
import { addCncRatesWorkflow } from './add-cnc-rates';

/**
 * The CNC quote's dated rates in the admin console (decision 322), under /api/v1/admin inside the admin scope of
 * services/buyer.ts (anyone else gets that scope's 404): every row and the one in effect; a new dated row, audited.
 */
export const cncRatesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  app.get(
    '/cnc-rates',
    { schema: { tags, response: { 200: adminCncRatesListSchema, ...errorResponses(401, 403, 404) } } },
    async () => listCncRates(app.db, new Date()),
  );
  app.post(
    '/cnc-rates',
    {
      schema: {
        tags,
        body: cncRatesSchema,
        response: { 201: cncRatesSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const added = await withTransaction(app.db, (tx) =>
        addCncRatesWorkflow(app, tx, {
          actor: { userId: request.user?.id ?? null },
          rates: request.body,
          at: new Date(),
        }),
      );
      return reply.code(201).send(added);
    },
  );
};
