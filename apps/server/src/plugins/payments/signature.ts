import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookVerificationError } from './provider';

/** Signatures older (or further in the future) than this are refused: a captured request cannot be replayed later. */
export const webhookToleranceSeconds = 300;

/** Stripe's scheme: HMAC-SHA256 over `<timestamp>.<raw body>`, sent as `t=<timestamp>,v1=<hex>`. */
export function signWebhook(
  rawBody: Buffer | string,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
) {
  const signature = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/** Verifies a `t=…,v1=…` header; several `v1` entries are allowed (secret rotation). */
export function verifyWebhookSignature(
  rawBody: Buffer,
  header: string | undefined,
  secret: string,
  now = Date.now(),
): void {
  if (!header) throw new WebhookVerificationError('missing', 'The webhook signature header is missing');
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (key === 'v1' && value && /^[a-f0-9]{64}$/.test(value)) signatures.push(value);
  }
  if (timestamp === undefined || signatures.length === 0)
    throw new WebhookVerificationError('invalid', 'The webhook signature header is malformed');
  const expected = Buffer.from(
    createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex'),
    'hex',
  );
  const matches = signatures.some((signature) => timingSafeEqual(Buffer.from(signature, 'hex'), expected));
  if (!matches)
    throw new WebhookVerificationError('invalid', 'The webhook signature does not match its body');
  if (Math.abs(now / 1000 - timestamp) > webhookToleranceSeconds)
    throw new WebhookVerificationError('expired', 'The webhook signature is too old');
}
