import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createOrderIntentBodySchema,
  createOrderIntentResponseSchema,
  errorResponseSchema,
  type OrderKind,
  adminPaymentReviewListQuerySchema,
  adminPaymentReviewListResponseSchema,
  adminPaymentReviewResponseSchema,
  orderIdParamsSchema,
  orderResponseSchema,
  paymentReviewAnswerSchema,
  paymentReviewIdParamsSchema,
  resolvePaymentReviewBodySchema,
  paymentProviderInfoSchema,
  sandboxChallengePath,
  sandboxConfirmBodySchema,
  sandboxConfirmResponseSchema,
  type PaymentProviderInfo,
  testClockReleaseResponseSchema,
  testClockRunBodySchema,
} from '@maplesource/contracts';
import { prepareOnConnect } from '../../db/prepared';
import { badRequest, errorResponses } from '../../plugins/errors';
import {
  paymentsMode,
  PaymentRequestError,
  WebhookVerificationError,
  type PaymentEvent,
  type PaymentIntent,
  type SandboxPaymentProvider,
} from '../../plugins/payments';
import { payableOrderWarmUp } from '../../modules/orders';
import { answerPaymentReview } from './answer-payment-review';
import { createOrderIntent } from './create-order-intent';
import { releaseDueHeldFunds } from './release-held-funds';
import { resolvePaymentReview } from './resolve-payment-review';
import {
  authenticateBodySchema,
  challengePage,
  challengeQuerySchema,
  intentParamsSchema,
  sameSecret,
} from './sandbox-challenge-page';

const paths: Array<[string, OrderKind]> = [
  ['/create-order-intent', 'product'],
  ['/create-service-order-intent', 'service'],
];

/**
 * POST payment/create-order-intent and payment/create-service-order-intent `{ orderId }` (the order's buyer):
 * the order's one intent, created on the first call and answered again after. Another user's order: 404.
 */
export const orderIntentRoutes: FastifyPluginAsyncZod = async (app) => {
  // The order's read with the session check, prepared on every new pool connection (decisions 215, 225).
  prepareOnConnect(app.db, payableOrderWarmUp(app.auth.sessions.warmUpCheck()));
  for (const [path, kind] of paths) {
    app.post(
      path,
      {
        preHandler: app.requireUserOrSessionCheck,
        // The order's read checks the buyer's session (decision 225).
        config: { sessionInStatement: true },
        schema: {
          tags: ['payment'],
          body: createOrderIntentBodySchema,
          response: {
            200: createOrderIntentResponseSchema,
            400: errorResponseSchema,
            401: errorResponseSchema,
            403: errorResponseSchema,
            404: errorResponseSchema,
            409: errorResponseSchema,
          },
        },
      },
      async (request) => {
        const { orderId } = request.body;
        const check = request.sessionCheck;
        // Refused by the read's session check (or before it): the usual lookup answers 401/403, or, for a live
        // session, the intent without the check.
        const intent = check ? await createOrderIntent(app, check, kind, orderId) : null;
        return (
          intent ??
          (await createOrderIntent(
            app,
            request.user?.id ?? (await app.resolveSession(request)).id,
            kind,
            orderId,
          ))
        );
      },
    );
  }
};

/**
 * The admin console's payment-review queue (inside the admin scope, which requires an admin acting as
 * admin): GET payment-reviews (open first, oldest first; status filter) and POST payment-reviews/:id/resolve.
 */
export const paymentReviewAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/payment-reviews',
    {
      schema: {
        tags: ['admin'],
        querystring: adminPaymentReviewListQuerySchema,
        response: { 200: adminPaymentReviewListResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => app.orders.listReviews(app.db, request.query),
  );
  app.post(
    '/payment-reviews/:id/resolve',
    {
      schema: {
        tags: ['admin'],
        params: paymentReviewIdParamsSchema,
        body: resolvePaymentReviewBodySchema,
        response: {
          200: adminPaymentReviewResponseSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request) => ({
      review: await resolvePaymentReview(app, request.user!.id, request.params.id, request.body),
    }),
  );
};

/**
 * POST seller/orders/:id/payment-review/answer (role seller) `{ answer }`: the seller of the order answers its open
 * payment review once (decision 316). Not their order, or no review: 404; resolved or already answered: 409.
 */
export const paymentReviewSellerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/seller/orders/:id/payment-review/answer',
    {
      config: { requiredRole: 'seller' },
      schema: {
        tags: ['orders'],
        params: orderIdParamsSchema,
        body: paymentReviewAnswerSchema,
        response: { 200: orderResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      order: await answerPaymentReview(app, request.user!.id, request.params.id, request.body.answer),
    }),
  );
};

const webhookBodyLimit = 256 * 1024;

function refusal(error: WebhookVerificationError) {
  if (error.reason === 'expired') return badRequest('PAYMENT_WEBHOOK_SIGNATURE_EXPIRED', error.message);
  if (error.reason === 'malformed') return badRequest('PAYMENT_WEBHOOK_PAYLOAD_INVALID', error.message);
  return badRequest('PAYMENT_WEBHOOK_SIGNATURE_INVALID', error.message);
}

/**
 * `POST /api/v1/payment/webhook` (decision 073): the provider's signed events. The body is kept as
 * the exact bytes received (its own content-type parser, in this plugin's scope only), verified by
 * the provider's `verifyWebhook`, recorded once per provider event id (a unique key: a replay is
 * answered 200 and changes nothing), and handed to the handlers registered with
 * `app.payments.onEvent` in the same transaction (`app.payments.receive`).
 */
export const paymentWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: webhookBodyLimit }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/webhook',
    {
      bodyLimit: webhookBodyLimit,
      // No session to scope a key to; the provider's event id makes it exactly-once (decision 247).
      config: { signatureAuthenticated: true, idempotency: false },
      schema: {
        tags: ['payment'],
        summary: 'Payment provider webhook (signed)',
        response: {
          200: z.object({ received: z.literal(true), duplicate: z.boolean() }),
          400: errorResponseSchema,
          413: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const { provider } = app.payments;
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers[provider.signatureHeader];
      let event: PaymentEvent;
      try {
        event = provider.verifyWebhook(rawBody, Array.isArray(header) ? header[0] : header);
      } catch (error) {
        if (error instanceof WebhookVerificationError) {
          app.metrics.paymentWebhooks.inc({ outcome: 'refused' });
          throw refusal(error);
        }
        throw error;
      }
      app.metrics.paymentWebhooks.inc({ outcome: 'accepted' });
      const recorded = await app.payments.receive(event);
      request.log.info({ event: event.id, type: event.type, duplicate: !recorded }, 'payment webhook');
      return { received: true as const, duplicate: !recorded };
    },
  );
};

/**
 * `GET /api/v1/payment/provider` (decision 165): which provider takes the card, so the checkout loads Stripe.js only
 * when Stripe is configured, with the publishable key (public by design; the config checked it is one). Nothing
 * about the buyer: it needs no session. It also says whether payments are test payments, for the banner every page
 * shows then (decision 238).
 */
export const paymentProviderInfoRoutes: FastifyPluginAsyncZod = async (app) => {
  const info: PaymentProviderInfo =
    app.payments.provider.name === 'stripe' && app.config.STRIPE_PUBLISHABLE_KEY
      ? {
          provider: 'stripe',
          publishableKey: app.config.STRIPE_PUBLISHABLE_KEY,
          testPayments: paymentsMode('stripe', app.config) === 'test',
        }
      : { provider: 'sandbox', testPayments: true };
  app.get(
    '/provider',
    {
      schema: {
        tags: ['payment'],
        summary: 'The active payment provider (and Stripe publishable key)',
        response: { 200: paymentProviderInfoSchema, 400: errorResponseSchema },
      },
    },
    async () => info,
  );
};

/**
 * The sandbox provider's own card endpoint and 3-D Secure challenge page (decision 143), served only when
 * the sandbox is the provider, outside /api/v1: the checkout's card form posts the card here, as it would to
 * Stripe, so card numbers never reach our order routes; only brand and last 4 are kept (by the provider).
 * Every call is authorised by the intent's client secret. They stand for the provider's servers, not our API,
 * so they are left out of our OpenAPI document (`hide`), as Stripe's endpoints are.
 */
export function sandboxPayRoutes(provider: SandboxPaymentProvider): FastifyPluginAsyncZod {
  return async (app) => {
    async function authorised(intentId: string, clientSecret: string): Promise<PaymentIntent> {
      const intent = await provider.retrieveIntent(intentId);
      if (!sameSecret(clientSecret, intent.clientSecret))
        throw new PaymentRequestError('PAYMENT_INTENT_NOT_FOUND', 'No such payment intent');
      return intent;
    }

    const answer = (intent: PaymentIntent, returnPath?: string) => {
      const query = new URLSearchParams({ client_secret: intent.clientSecret });
      if (returnPath) query.set('return_path', returnPath);
      return {
        intentId: intent.id,
        status: intent.status,
        failureCode: intent.failureCode,
        challengeUrl:
          intent.status === 'requires_action' ? `${sandboxChallengePath(intent.id)}?${query}` : null,
        card: intent.card,
      };
    };

    app.post(
      '/intents/:intentId/confirm',
      {
        bodyLimit: 8 * 1024,
        schema: {
          hide: true,
          params: intentParamsSchema,
          body: sandboxConfirmBodySchema,
          response: {
            200: sandboxConfirmResponseSchema,
            400: errorResponseSchema,
            404: errorResponseSchema,
            409: errorResponseSchema,
          },
        },
      },
      async (request) => {
        const { body } = request;
        await authorised(request.params.intentId, body.clientSecret);
        const now = new Date();
        if (body.expYear * 12 + body.expMonth < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1)
          throw badRequest('CARD_EXPIRED', 'This card has expired');
        const intent = await provider.confirm(request.params.intentId, { paymentMethod: body.cardNumber });
        return answer(intent, body.returnPath);
      },
    );

    app.get(
      '/intents/:intentId/challenge',
      {
        schema: { hide: true, params: intentParamsSchema, querystring: challengeQuerySchema },
      },
      async (request, reply) => {
        const intent = await authorised(request.params.intentId, request.query.client_secret);
        if (intent.status !== 'requires_action')
          throw new PaymentRequestError(
            'PAYMENT_INTENT_STATE',
            'This payment is not waiting for authentication',
          );
        return reply
          .header('cache-control', 'no-store')
          .header('referrer-policy', 'no-referrer')
          .type('text/html; charset=utf-8')
          .send(challengePage(intent, request.query.client_secret, request.query.return_path));
      },
    );

    app.post(
      '/intents/:intentId/authenticate',
      {
        config: { formBody: true },
        bodyLimit: 8 * 1024,
        schema: { hide: true, params: intentParamsSchema, body: authenticateBodySchema },
      },
      async (request, reply) => {
        const { body } = request;
        await authorised(request.params.intentId, body.client_secret);
        const intent = await provider.completeAuthentication(
          request.params.intentId,
          body.decision === 'approve',
        );
        if (body.return_path) return reply.redirect(body.return_path, 303);
        return answer(intent);
      },
    );
  };
}

/**
 * The test clock's release (decision 306), inside the admin scope and only with TEST_CLOCK: the release sweep's code
 * for one storefront's held funds as of `advanceDays` days from now.
 */
export const testClockReleaseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/test-clock/release-held-funds',
    {
      schema: {
        tags: ['admin'],
        body: testClockRunBodySchema,
        response: { 200: testClockReleaseResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const asOf = new Date(Date.now() + request.body.advanceDays * 86_400_000);
      const released = await releaseDueHeldFunds(app, asOf, request.body.sellerId);
      return { asOf: asOf.toISOString(), released };
    },
  );
};
