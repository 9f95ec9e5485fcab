import { timingSafeEqual } from 'node:crypto';
import { formatCad } from '@maplesource/contracts/money';
import { z } from 'zod';
import { sandboxChallengePath } from '@maplesource/contracts';
import type { PaymentIntent } from '../../plugins/payments';

export const intentParamsSchema = z.object({
  intentId: z.string().regex(/^pi_sb_[a-f0-9]{24}$/, 'PAYMENT_INTENT_NOT_FOUND'),
});
const returnPathSchema = z
  .string()
  .max(500)
  .regex(/^\/(?!\/)[^\s\\]*$/)
  .optional()
  .catch(undefined);
export const challengeQuerySchema = z.object({
  client_secret: z.string().min(1).max(200),
  return_path: returnPathSchema,
});
export const authenticateBodySchema = z.object({
  client_secret: z.string().min(1).max(200),
  decision: z.enum(['approve', 'fail']),
  return_path: returnPathSchema,
});

export const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The sandbox's 3-D Secure challenge page (decision 143): approve or fail, in English and French. */
export function challengePage(intent: PaymentIntent, clientSecret: string, returnPath: string | undefined) {
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
<p>Authenticate a payment of <strong>${escapeHtml(formatCad(intent.amountCents, 'en'))}</strong>${
    intent.card ? ` with ${escapeHtml(intent.card.brand)} •••• ${escapeHtml(intent.card.last4)}` : ''
  }.</p>
<p lang="fr">Authentifiez un paiement de <strong>${escapeHtml(
    formatCad(intent.amountCents, 'fr'),
  )}</strong>.</p>
<form method="post" action="${action}">${hidden}<input type="hidden" name="decision" value="approve">
<button type="submit">Approve / Approuver</button></form>
<form method="post" action="${action}">${hidden}<input type="hidden" name="decision" value="fail">
<button type="submit">Fail / Refuser</button></form>
</main></body></html>`;
}
