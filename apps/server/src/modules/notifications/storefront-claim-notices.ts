import type { FastifyInstance } from 'fastify';
import type { Notification } from '@maplesource/contracts';
import '../auth';
import type { NotificationsService } from './notifications.service';
import { pushNotification } from './push-notification';

type Status = 'pending' | 'approved' | 'refused';
type Language = 'en' | 'fr';

/** What the claimant reads, in their language (decision 210): the notification's stored text is the English one. */
const texts: Record<
  Language,
  Record<Status, { subject: (name: string) => string; body: (name: string, reason: string) => string }>
> = {
  en: {
    pending: {
      subject: (name) => `Your claim of ${name} is waiting for review`,
      body: (name) =>
        `Your code was right: your claim of the storefront ${name} now waits for an administrator's decision.`,
    },
    approved: {
      subject: (name) => `Your claim of ${name} was approved`,
      body: (name) =>
        `Your claim was approved: the storefront ${name}, its products, services and reviews are now in your account, and the seller centre is open to you.`,
    },
    refused: {
      subject: (name) => `Your claim of ${name} was refused`,
      body: (name, reason) => `Your claim of the storefront ${name} was refused. Reason: ${reason}`,
    },
  },
  fr: {
    pending: {
      subject: (name) => `Votre réclamation de ${name} attend l’examen`,
      body: (name) =>
        `Votre code était le bon : votre réclamation de la vitrine ${name} attend maintenant la décision d’un administrateur.`,
    },
    approved: {
      subject: (name) => `Votre réclamation de ${name} est approuvée`,
      body: (name) =>
        `Votre réclamation est approuvée : la vitrine ${name}, ses produits, ses services et ses avis sont maintenant dans votre compte, et le centre vendeur vous est ouvert.`,
    },
    refused: {
      subject: (name) => `Votre réclamation de ${name} est refusée`,
      body: (name, reason) => `Votre réclamation de la vitrine ${name} est refusée. Motif : ${reason}`,
    },
  },
};

/**
 * What the storefront's listed contact reads (decision 291). Their language is unknown (they may have no account):
 * one e-mail in English then French.
 */
const listedContactTexts: Record<
  Language,
  Record<Status, { subject: (name: string) => string; body: (name: string) => string }>
> = {
  en: {
    pending: {
      subject: (name) => `Someone is claiming your storefront ${name}`,
      body: (name) =>
        `Someone has proven control of an address at this storefront's listed e-mail domain or phone and asked to take over the storefront ${name} on MapleSource. An administrator will review the claim. If this is not you or your business, contact MapleSource support before it is approved.`,
    },
    approved: {
      subject: (name) => `The claim of your storefront ${name} was approved`,
      body: (name) =>
        `A claim of the storefront ${name} was approved: the storefront, its products, services and reviews now belong to the claimant's account. If this is not you or your business, contact MapleSource support.`,
    },
    refused: {
      subject: (name) => `The claim of your storefront ${name} was refused`,
      body: (name) => `A claim of the storefront ${name} was refused by an administrator: nothing changed.`,
    },
  },
  fr: {
    pending: {
      subject: (name) => `Quelqu’un réclame votre vitrine ${name}`,
      body: (name) =>
        `Quelqu’un a prouvé le contrôle d’une adresse du domaine de courriel ou du téléphone affichés par cette vitrine et demande à reprendre la vitrine ${name} sur MapleSource. Un administrateur examinera la réclamation. Si ce n’est ni vous ni votre entreprise, écrivez au soutien MapleSource avant son approbation.`,
    },
    approved: {
      subject: (name) => `La réclamation de votre vitrine ${name} est approuvée`,
      body: (name) =>
        `Une réclamation de la vitrine ${name} est approuvée : la vitrine, ses produits, ses services et ses avis appartiennent maintenant au compte du demandeur. Si ce n’est ni vous ni votre entreprise, écrivez au soutien MapleSource.`,
    },
    refused: {
      subject: (name) => `La réclamation de votre vitrine ${name} est refusée`,
      body: (name) =>
        `Une réclamation de la vitrine ${name} a été refusée par un administrateur : rien n’a changé.`,
    },
  },
};

/**
 * The claimant hears of each step of a storefront claim (decision 263): one notification per claim and status
 * (source key: a redelivered event adds nothing) and one plain e-mail in their language through the mail port,
 * after the commit (a failed send is logged).
 */
export function registerStorefrontClaimNotices(app: FastifyInstance, notifications: NotificationsService) {
  const push = (notification: Notification) => pushNotification(app, notification);

  app.events.subscribe(
    'notifications.storefront-claim',
    'storefront-claim.changed',
    async (event, { tx, afterCommit }) => {
      const reason = event.reason ?? '';
      const created = await notifications.create(
        tx,
        {
          recipientId: event.userId,
          type: 'system',
          message: texts.en[event.status].subject(event.storefrontName),
          metadata: {
            storefrontClaim: event.status,
            claimId: event.claimId,
            storefrontSlug: event.storefrontSlug,
            ...(event.reason ? { reason: event.reason } : {}),
          },
        },
        `storefront-claim:${event.claimId}:${event.status}`,
      );
      if (!created) return;
      afterCommit(() => push(created));
      const base = app.config.PUBLIC_URL.replace(/\/$/, '');
      // The storefront's listed contact hears of each step too (decision 291), once: the claimant's notification
      // (its source key) above says whether this step was already told.
      const listed = event.listedContactEmail;
      if (listed) {
        const [en, fr] = [listedContactTexts.en[event.status], listedContactTexts.fr[event.status]];
        const link = `${base}/seller/${event.storefrontSlug}`;
        const name = event.storefrontName;
        afterCommit(() => {
          app.messaging.mail
            .send(
              listed,
              `${en.subject(name)} / ${fr.subject(name)}`,
              `${en.body(name)}\n\n${fr.body(name)}\n\n${link}`,
              { link },
            )
            .catch((error: unknown) =>
              app.log.warn({ err: error }, 'storefront claim e-mail to the listed contact not sent'),
            );
        });
      }
      const user = await app.auth.users.findById(event.userId, tx);
      if (!user?.email) return;
      const language: Language = (await app.auth.users.textLanguage(event.userId, tx)) === 'fr' ? 'fr' : 'en';
      const text = texts[language][event.status];
      const path = event.status === 'approved' ? '/seller-centre' : `/seller/${event.storefrontSlug}`;
      const link = `${base}${language === 'fr' ? '/fr' : ''}${path}`;
      const email = user.email;
      afterCommit(() => {
        app.messaging.mail
          .send(
            email,
            text.subject(event.storefrontName),
            `${text.body(event.storefrontName, reason)}\n\n${link}`,
            {
              link,
            },
          )
          .catch((error: unknown) => app.log.warn({ err: error }, 'storefront claim e-mail not sent'));
      });
    },
  );
}
