import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  adminCatalogItemParamsSchema,
  adminCatalogItemSchema,
  adminCategorySchema,
  adminSellerProfileSchema,
  adminSellerSchema,
  catalogItemNamesInputSchema,
  categoryNamesInputSchema,
  sellerProfileInputSchema,
  sellerVerifiedInputSchema,
} from '@maplesource/contracts';
import { withTransaction, type Tx } from '../../db/transaction';
import { runWorkflow } from '../run-workflow';
import { renameCatalogItemWorkflow } from './rename-catalog-item';
import { renameCategoryWorkflow } from './rename-category';
import { setSellerVerifiedWorkflow } from './set-seller-verified';
import { updateSellerProfileWorkflow } from './update-seller-profile';
import type { WorkflowActor } from '../workflow-doors';
import { errorResponses } from '../../plugins/errors';

const idParams = z.object({ id: z.string().regex(/^\d{1,18}$/) });
const errors = errorResponses(400, 401, 403, 404, 409);
const actorOf = (request: FastifyRequest): WorkflowActor => ({ userId: request.user?.id ?? null });

/**
 * The admin console's audited writes that span modules (catalogue or sellers + the content module's audit
 * log), under /api/v1/admin inside the admin scope of services/buyer.ts. Each runs one workflow in one
 * transaction: the write, its audit row and its event commit together or not at all; the catalogue's listing
 * cache and the content's page heads are dropped by their subscribers to the event (after commit).
 */
export const adminEditRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  /**
   * One transaction per edit. With an Idempotency-Key (the routes opt in, decision 067) the workflow also runs
   * once per key (runWorkflow, decision 066): a retry after a lost answer writes no second audit row.
   */
  const runEdit = <T>(request: FastifyRequest, name: string, work: (tx: Tx) => Promise<T>): Promise<T> =>
    request.idempotencyKey && request.user
      ? runWorkflow(app.db, { name, key: `${request.user.id}:${request.idempotencyKey}` }, work)
      : withTransaction(app.db, work);
  const config = { idempotency: true };

  app.put(
    '/categories/:id',
    {
      config,
      schema: {
        tags,
        params: idParams,
        body: categoryNamesInputSchema,
        response: { 200: adminCategorySchema, ...errors },
      },
    },
    async (request) => {
      const after = await runEdit(request, 'rename-category', (tx) =>
        renameCategoryWorkflow(app, tx, {
          actor: actorOf(request),
          id: request.params.id,
          names: request.body,
        }),
      );
      return after;
    },
  );

  app.put(
    '/sellers/:id/verified',
    {
      config,
      schema: {
        tags,
        params: idParams,
        body: sellerVerifiedInputSchema,
        response: { 200: adminSellerSchema, ...errors },
      },
    },
    async (request) => {
      const after = await runEdit(request, 'set-seller-verified', (tx) =>
        setSellerVerifiedWorkflow(app, tx, {
          actor: actorOf(request),
          id: request.params.id,
          verified: request.body.verified,
        }),
      );
      return after;
    },
  );

  app.put(
    '/sellers/:id/profile',
    {
      config,
      schema: {
        tags,
        params: idParams,
        body: sellerProfileInputSchema,
        response: { 200: adminSellerProfileSchema, ...errors },
      },
    },
    async (request) => {
      const after = await runEdit(request, 'update-seller-profile', (tx) =>
        updateSellerProfileWorkflow(app, tx, {
          actor: actorOf(request),
          id: request.params.id,
          edit: request.body,
        }),
      );
      return after;
    },
  );

  app.put(
    '/catalog-items/:kind/:idOrSlug',
    {
      config,
      schema: {
        tags,
        params: adminCatalogItemParamsSchema,
        body: catalogItemNamesInputSchema,
        response: { 200: adminCatalogItemSchema, ...errors },
      },
    },
    async (request) => {
      const { kind, idOrSlug } = request.params;
      const after = await runEdit(request, 'rename-catalog-item', (tx) =>
        renameCatalogItemWorkflow(app, tx, { actor: actorOf(request), kind, idOrSlug, names: request.body }),
      );
      return after;
    },
  );
};
