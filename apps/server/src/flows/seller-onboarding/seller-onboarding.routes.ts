import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  adminSellerApplicationListSchema,
  errorResponseSchema,
  mySellerApplicationResponseSchema,
  refuseSellerApplicationInputSchema,
  sellerApplicationInputSchema,
  sellerApplicationParamsSchema,
  sellerApplicationSchema,
} from '@maplesource/contracts';
import { withTransaction, type Tx } from '../../db/transaction';
import { runWorkflow } from '../run-workflow';
import { applyToSell, publicApplication } from './apply-to-sell';
import { approveSellerApplication, refuseSellerApplication } from './decide-seller-application';
import { errorResponses } from '../../plugins/errors';

const errors = errorResponses(400, 401, 403, 404, 409);

/**
 * Run once per Idempotency-Key when the request has one (decisions 066, 247): a retry after a lost answer gets
 * the first answer and writes nothing twice.
 */
const runOnce = <T>(
  app: { db: Parameters<typeof withTransaction>[0] },
  request: FastifyRequest,
  name: string,
  work: (tx: Tx) => Promise<T>,
): Promise<T> =>
  request.idempotencyKey && request.user
    ? runWorkflow(app.db, { name, key: `${request.user.id}:${request.idempotencyKey}` }, work)
    : withTransaction(app.db, work);

/**
 * Becoming a seller (decision 280), under /api/v1: `POST seller-applications` (a signed-in account applies; its
 * draft storefront is created) and `GET seller-applications/mine` (its latest application and status).
 */
export const sellerOnboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/seller-applications',
    {
      preHandler: app.requireUser,
      config: { idempotency: true },
      schema: {
        tags: ['sellers'],
        body: sellerApplicationInputSchema,
        response: { 201: sellerApplicationSchema, ...errors },
      },
    },
    async (request, reply) => {
      const application = await runOnce(app, request, 'apply-to-sell', (tx) =>
        applyToSell(app, tx, request.user!.id, request.body),
      );
      return reply.status(201).send(application);
    },
  );
  app.get(
    '/seller-applications/mine',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['sellers'],
        response: { 200: mySellerApplicationResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      const latest = await app.sellers.applications.latestOf(app.db, request.user!.id);
      return { application: latest ? publicApplication(latest) : null };
    },
  );
};

/**
 * The admin queue of applications to sell, under /api/v1/admin (inside the admin scope of services/buyer.ts):
 * the pending ones with who applied, approve, refuse with a reason. Each decision is audited.
 */
export const sellerOnboardingAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  app.get(
    '/seller-applications',
    { schema: { tags, response: { 200: adminSellerApplicationListSchema, ...errors } } },
    async () => {
      const pending = await app.sellers.applications.pending(app.db);
      const items = await Promise.all(
        pending.map(async (application) => {
          const user = await app.auth.users.findById(application.userId);
          return {
            ...publicApplication(application),
            applicant: {
              id: application.userId,
              email: user?.email ?? null,
              fullName: user?.fullName ?? '',
            },
          };
        }),
      );
      return { items };
    },
  );
  app.post(
    '/seller-applications/:id/approve',
    {
      config: { idempotency: true },
      schema: {
        tags,
        params: sellerApplicationParamsSchema,
        response: { 200: sellerApplicationSchema, ...errors },
      },
    },
    async (request) =>
      runOnce(app, request, 'approve-seller-application', (tx) =>
        approveSellerApplication(app, tx, {
          actor: { userId: request.user?.id ?? null },
          id: request.params.id,
        }),
      ),
  );
  app.post(
    '/seller-applications/:id/refuse',
    {
      config: { idempotency: true },
      schema: {
        tags,
        params: sellerApplicationParamsSchema,
        body: refuseSellerApplicationInputSchema,
        response: { 200: sellerApplicationSchema, ...errors },
      },
    },
    async (request) =>
      runOnce(app, request, 'refuse-seller-application', (tx) =>
        refuseSellerApplication(app, tx, {
          actor: { userId: request.user?.id ?? null },
          id: request.params.id,
          reason: request.body.reason,
        }),
      ),
  );
};
