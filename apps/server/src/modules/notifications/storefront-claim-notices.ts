import type { FastifyInstance } from 'fastify';
import type { Notification } from '@maplesource/contracts';
import type { NotificationEvent } from '@maplesource/contracts/realtime/events';
import '../auth';
import type { NotificationsService } from './notifications.service';

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
 * The claimant hears of each step of a storefront claim (decision 263): one notification per claim and status
 * (source key: a redelivered event adds nothing) and one plain e-mail in their language through the mail port,
 * after the commit (a failed send is logged).
 */
export function registerStorefrontClaimNotices(app: FastifyInstance, notifications: NotificationsService) {
  function push(notification: Notification) {
    if (!app.hasDecorator('io')) return;
    const payload: NotificationEvent = { notification };
    const room = app.io.to(`user:${notification.recipientId}`);
    room.emit('notification:new', payload);
    room.emit('notificationCreated', payload);
    room.emit('notification', payload);
  }

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
      const user = await app.auth.users.findById(event.userId, tx);
      if (!user?.email) return;
      const language: Language = (await app.auth.users.textLanguage(event.userId, tx)) === 'fr' ? 'fr' : 'en';
      const text = texts[language][event.status];
      const path = event.status === 'approved' ? '/seller-centre' : `/seller/${event.storefrontSlug}`;
      const link = `${app.config.PUBLIC_URL.replace(/\/$/, '')}${language === 'fr' ? '/fr' : ''}${path}`;
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
