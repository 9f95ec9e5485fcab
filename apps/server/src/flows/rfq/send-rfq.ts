import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { RfqCreateRequest } from '@maplesource/contracts';
import { rfqCreateRequestSchema } from '@maplesource/contracts';
import { forbidden, unprocessable } from '../../plugins/errors';
import { RFQ_LIMITS } from '../../modules/rfq';
import { runWorkflow } from '../run-workflow';
import '../../modules/sellers';

export type SendRfqDoors = Pick<FastifyInstance, 'db' | 'auth' | 'rfq' | 'sellers' | 'events'>;

/**
 * A buyer with a verified e-mail sends a request for quotes (decision 298): the suppliers are matched by category
 * and delivery province (or only the named storefronts among those matched), the limits are moved by the rfq
 * module's conditional upserts, once per Idempotency-Key. A private request (decision 317) hides the buyer from the
 * suppliers until revealed to each. `rfq.sent` is announced in the transaction: each supplier is told (notification
 * and e-mail, after commit).
 */
export async function sendRfq(
  doors: SendRfqDoors,
  input: { buyerId: string; body: RfqCreateRequest; idempotencyKey: string | null; now?: Date },
) {
  const body = rfqCreateRequestSchema.parse(input.body);
  const key = `${input.buyerId}:${input.idempotencyKey ?? randomUUID()}`;
  return runWorkflow(doors.db, { name: 'send-rfq', key }, async (tx) => {
    const buyer = await doors.auth.users.findById(input.buyerId, tx);
    if (!buyer?.emailVerifiedAt) {
      throw forbidden('RFQ_EMAIL_NOT_VERIFIED', 'Verify your e-mail before sending a request for quotes');
    }
    const now = input.now ?? new Date();
    const deadline = new Date(body.deadline);
    if (deadline <= now) throw unprocessable('RFQ_DEADLINE_PAST', 'The deadline must be in the future');
    const muted = await doors.rfq.mutedBy(tx, input.buyerId);
    const named = new Set(body.storefrontIds.map(String));
    const matched = await doors.sellers.rfqCandidates(tx, {
      categoryId: body.categoryId,
      province: body.deliveryProvince,
      // Named storefronts are looked for among every match, then kept only if named.
      limit: named.size === 0 ? RFQ_LIMITS.recipients : 10_000,
      excludeOwnerUserIds: [input.buyerId, ...muted],
    });
    const recipients = named.size === 0 ? matched : matched.filter((c) => named.has(c.sellerId));
    if (recipients.length === 0) {
      throw unprocessable('RFQ_NO_SUPPLIERS', 'No supplier of this category serves this province');
    }
    const rfq = await doors.rfq.create(tx, {
      buyerId: input.buyerId,
      title: body.title,
      categoryId: body.categoryId,
      description: body.description,
      quantity: body.quantity,
      targetUnitPriceCents: body.targetUnitPriceCents,
      deadline,
      deliveryProvince: body.deliveryProvince,
      deliveryPostalCode: body.deliveryPostalCode,
      recipients,
      private: body.private,
      now,
    });
    await doors.events.emit('rfq.sent', { rfqId: rfq.id }, tx);
    return {
      rfq,
      sentTo: recipients.slice(0, RFQ_LIMITS.recipients).map((r) => ({ storefrontId: r.sellerId })),
    };
  });
}
