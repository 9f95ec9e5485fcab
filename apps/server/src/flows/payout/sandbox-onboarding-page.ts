import { z } from 'zod';
import { sandboxFailingAccountNumber, sandboxOnboardingPath } from '../../plugins/payments';
import { notFound } from '../../plugins/errors';

export const tokenParamsSchema = z.object({
  token: z.string().regex(/^[a-f0-9]{48}$/, 'PAYOUT_ONBOARDING_LINK_NOT_FOUND'),
});
export const onboardBodySchema = z.object({
  transit: z.string().regex(/^\d{5}$/),
  institution: z.string().regex(/^\d{3}$/),
  account_number: z.string().regex(/^\d{7,12}$/),
});

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
export const linkNotFound = () =>
  notFound('PAYOUT_ONBOARDING_LINK_NOT_FOUND', 'This onboarding link does not exist');

/** The sandbox's onboarding form (decision 312), in English and French, with Stripe's Canadian test bank numbers. */
export function onboardingPage(token: string, accountId: string) {
  const action = escapeHtml(sandboxOnboardingPath(token));
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Payout account onboarding (sandbox) — Inscription du compte de versement</title>
</head>
<body><main>
<h1>Payout account onboarding (sandbox)</h1>
<p>Test mode: no money moves. Account <code>${escapeHtml(accountId)}</code>.</p>
<p lang="fr">Mode test : aucun argent n’est versé. Entrez des coordonnées bancaires de test.</p>
<p>Bank account <strong>000123456789</strong> receives transfers; <strong>${sandboxFailingAccountNumber}</strong> makes them fail.
<span lang="fr">Le compte ${sandboxFailingAccountNumber} fait échouer les virements.</span></p>
<form method="post" action="${action}">
<label for="transit">Transit number / Numéro de succursale</label>
<input id="transit" name="transit" inputmode="numeric" pattern="[0-9]{5}" required value="11000">
<label for="institution">Institution number / Numéro d’institution</label>
<input id="institution" name="institution" inputmode="numeric" pattern="[0-9]{3}" required value="000">
<label for="account_number">Account number / Numéro de compte</label>
<input id="account_number" name="account_number" inputmode="numeric" pattern="[0-9]{7,12}" required value="000123456789">
<button type="submit">Complete onboarding / Terminer l’inscription</button>
</form>
</main></body></html>`;
}
