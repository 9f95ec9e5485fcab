import type { FastifyInstance } from 'fastify';
import { formatCad } from '@maplesource/contracts/money';
import '../auth';
import '../sellers';

type Language = 'en' | 'fr';

const texts: Record<Language, { subject: string; body: (amount: string, reason: string) => string }> = {
  en: {
    subject: 'A payout to your bank account failed',
    body: (amount, reason) =>
      `A payout of ${amount} could not be made: ${reason}. The amount is back in your available balance and will be paid with your next payout. Check your payout account in the seller centre.`,
  },
  fr: {
    subject: 'Un versement vers votre compte bancaire a échoué',
    body: (amount, reason) =>
      `Un versement de ${amount} n’a pas pu être effectué : le fournisseur de versement a refusé ou annulé le virement (message du fournisseur : ${reason}). Le montant est de retour dans votre solde disponible et sera versé avec votre prochain versement. Vérifiez votre compte de versement dans le centre vendeur.`,
  },
};

/**
 * The storefront's owner hears that a payout failed (decision 297): one e-mail in their language, sent after the
 * commit of the delivery (a redelivered event is handled once by the dispatcher's mark; a failed send is logged).
 */
export function registerPayoutFailureNotices(app: FastifyInstance) {
  app.events.subscribe('notifications.payout-failed', 'payout.failed', async (event, { tx, afterCommit }) => {
    const ownerId = await app.sellers.storefrontOwner(tx, event.sellerId);
    if (!ownerId) return;
    const owner = await app.auth.users.findById(ownerId, tx);
    if (!owner?.email) return;
    const language: Language = (await app.auth.users.textLanguage(ownerId, tx)) === 'fr' ? 'fr' : 'en';
    const text = texts[language];
    const link = `${app.config.PUBLIC_URL.replace(/\/$/, '')}${language === 'fr' ? '/fr' : ''}/seller-centre/payouts`;
    const body = `${text.body(formatCad(event.amountCents, language), event.reason)}\n\n${link}`;
    const email = owner.email;
    afterCommit(() => {
      app.messaging.mail
        .send(email, text.subject, body, { link })
        .catch((error: unknown) => app.log.warn({ err: error }, 'payout failure e-mail not sent'));
    });
  });
}
