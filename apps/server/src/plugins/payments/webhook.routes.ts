import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@maplesource/contracts';
import { rowsOf, withTransaction } from '../../db/transaction';
import { badRequest } from '../errors';
import { WebhookVerificationError, type PaymentEvent } from './provider';

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
 * `app.payments.onEvent` in the same transaction.
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
      config: { signatureAuthenticated: true },
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
        if (error instanceof WebhookVerificationError) throw refusal(error);
        throw error;
      }
      const recorded = await withTransaction(app.db, async (tx) => {
        const inserted = rowsOf<{ event_id: string }>(
          await tx.execute(sql`
            insert into payment_webhook_events (provider, event_id, type, payload)
            values (${event.provider}, ${event.id}, ${event.type}, ${JSON.stringify(event.raw)}::jsonb)
            on conflict (provider, event_id) do nothing
            returning event_id`),
        );
        if (inserted.length === 0) return false;
        await app.payments.dispatch(event, tx);
        return true;
      });
      request.log.info({ event: event.id, type: event.type, duplicate: !recorded }, 'payment webhook');
      return { received: true as const, duplicate: !recorded };
    },
  );
};
