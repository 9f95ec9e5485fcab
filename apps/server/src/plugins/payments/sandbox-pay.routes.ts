import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponseSchema,
  sandboxChallengePath,
  sandboxConfirmBodySchema,
  sandboxConfirmResponseSchema,
} from '@maplesource/contracts';
import { badRequest } from '../errors';
import { PaymentRequestError, type PaymentIntent } from './provider';
import type { SandboxPaymentProvider } from './sandbox';

const intentParamsSchema = z.object({
  intentId: z.string().regex(/^pi_sb_[a-f0-9]{24}$/, 'PAYMENT_INTENT_NOT_FOUND'),
});
const returnPathSchema = z
  .string()
  .max(500)
  .regex(/^\/(?!\/)[^\s\\]*$/)
  .optional()
  .catch(undefined);
const challengeQuerySchema = z.object({
  client_secret: z.string().min(1).max(200),
  return_path: returnPathSchema,
});
const authenticateBodySchema = z.object({
  client_secret: z.string().min(1).max(200),
  decision: z.enum(['approve', 'fail']),
  return_path: returnPathSchema,
});

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const formatCad = (cents: number) =>
  new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD' }).format(cents / 100);

function challengePage(intent: PaymentIntent, clientSecret: string, returnPath: string | undefined) {
  const hidden =
    `<input type="hidden" name="client_secret" value="${escapeHtml(clientSecret)}">` +
    (returnPath ? `<input type="hidden" name="return_path" value="${escapeHtml(returnPath)}">` : '');
  const action = escapeHtml(`${sandboxChallengePath(intent.id).replace(/challenge$/, 'authenticate')}`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Payment authentication (sandbox) — Authentification du paiement</title>
</head>
<body><main>
<h1>3-D Secure test (sandbox)</h1>
<p>Authenticate a payment of <strong>${escapeHtml(formatCad(intent.amountCents))}</strong>${
    intent.card ? ` with ${escapeHtml(intent.card.brand)} •••• ${escapeHtml(intent.card.last4)}` : ''
  }.</p>
<p lang="fr">Authentifiez un paiement de <strong>${escapeHtml(
    new Intl.NumberFormat('fr-CA', { style: 'currency', currency: 'CAD' }).format(intent.amountCents / 100),
  )}</strong>.</p>
<form method="post" action="${action}">${hidden}<input type="hidden" name="decision" value="approve">
<button type="submit">Approve / Approuver</button></form>
<form method="post" action="${action}">${hidden}<input type="hidden" name="decision" value="fail">
<button type="submit">Fail / Refuser</button></form>
</main></body></html>`;
}

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
