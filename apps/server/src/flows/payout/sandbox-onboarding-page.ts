import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  sandboxFailingAccountNumber,
  sandboxOnboardingPath,
  type SandboxPaymentProvider,
} from '../../plugins/payments';
import { notFound } from '../../plugins/errors';

const tokenParamsSchema = z.object({
  token: z.string().regex(/^[a-f0-9]{48}$/, 'PAYOUT_ONBOARDING_LINK_NOT_FOUND'),
});
const onboardBodySchema = z.object({
  transit: z.string().regex(/^\d{5}$/),
  institution: z.string().regex(/^\d{3}$/),
  account_number: z.string().regex(/^\d{7,12}$/),
});

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const linkNotFound = () =>
  notFound('PAYOUT_ONBOARDING_LINK_NOT_FOUND', 'This onboarding link does not exist');

/** The sandbox's onboarding form (decision 312), in English and French, with Stripe's Canadian test bank numbers. */
function onboardingPage(token: string, accountId: string) {
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

/**
 * The sandbox provider's onboarding page (decision 312), served by the payment backend only when the sandbox is the
 * provider, outside /api/v1 and the OpenAPI document: it stands for Stripe's hosted onboarding. The link's token is
 * the authorisation, single-use and short-lived; an expired or used link sends the seller to its refresh URL, as
 * Stripe does.
 */
export function sandboxOnboardingRoutes(provider: SandboxPaymentProvider): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/onboard/:token',
      { schema: { hide: true, params: tokenParamsSchema } },
      async (request, reply) => {
        const found = await provider.connect.onboardingLink(request.params.token);
        if (!found) throw linkNotFound();
        if (!found.usable) return reply.redirect(found.link.refresh_url, 303);
        return reply
          .header('cache-control', 'no-store')
          .header('referrer-policy', 'no-referrer')
          .type('text/html; charset=utf-8')
          .send(onboardingPage(request.params.token, found.account.id));
      },
    );

    app.post(
      '/onboard/:token',
      {
        config: { formBody: true },
        bodyLimit: 4 * 1024,
        schema: { hide: true, params: tokenParamsSchema, body: onboardBodySchema },
      },
      async (request, reply) => {
        const next = await provider.connect.completeOnboarding(
          request.params.token,
          request.body.account_number,
        );
        if (!next) throw linkNotFound();
        return reply.redirect(next, 303);
      },
    );
  };
}
