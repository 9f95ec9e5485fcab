import type { FastifyInstance } from 'fastify';
import type { Notification } from '@maplesource/contracts';
import '../auth';
import type { NotificationsService } from './notifications.service';
import { pushNotification } from './push-notification';

type Status = 'pending' | 'approved' | 'refused';
type Language = 'en' | 'fr';

/** What the applicant reads, in their language (decision 210): the notification's stored text is the English one. */
const texts: Record<Language, Record<Status, { subject: string; body: (reason: string) => string }>> = {
  en: {
    pending: {
      subject: 'We received your application to sell on MapleSource',
      body: () =>
        'Thank you for applying to sell on MapleSource. An administrator will review your application; your storefront stays a draft until then.',
    },
    approved: {
      subject: 'Your application to sell on MapleSource was approved',
      body: () =>
        'Your application was approved: your storefront is now listed and the seller centre is open to you.',
    },
    refused: {
      subject: 'Your application to sell on MapleSource was refused',
      body: (reason) =>
        `Your application was refused. Reason: ${reason}\nYou may correct it and apply again.`,
    },
  },
  fr: {
    pending: {
      subject: 'Nous avons reçu votre demande pour vendre sur MapleSource',
      body: () =>
        'Merci de votre demande pour vendre sur MapleSource. Un administrateur l’examinera; votre vitrine reste un brouillon d’ici là.',
    },
    approved: {
      subject: 'Votre demande pour vendre sur MapleSource est approuvée',
      body: () =>
        'Votre demande est approuvée : votre vitrine est maintenant publiée et le centre vendeur vous est ouvert.',
    },
    refused: {
      subject: 'Votre demande pour vendre sur MapleSource est refusée',
      body: (reason) =>
        `Votre demande est refusée. Motif : ${reason}\nVous pouvez la corriger et la soumettre de nouveau.`,
    },
  },
};

/**
 * The applicant hears of each step of their application to sell (decision 280): one notification per step (the
 * application id and status are its source key, so a redelivered event adds nothing) and one plain e-mail through
 * the mail port, sent after the commit of the delivery that created the notification (a failed send is logged).
 */
export function registerSellerApplicationNotices(app: FastifyInstance, notifications: NotificationsService) {
  const push = (notification: Notification) => pushNotification(app, notification);

  app.events.subscribe(
    'notifications.seller-application',
    'seller-application.changed',
    async (event, { tx, afterCommit }) => {
      const reason = event.reason ?? '';
      const created = await notifications.create(
        tx,
        {
          recipientId: event.userId,
          type: 'system',
          message: texts.en[event.status].subject,
          metadata: {
            sellerApplication: event.status,
            applicationId: event.applicationId,
            ...(event.storefrontSlug ? { storefrontSlug: event.storefrontSlug } : {}),
            ...(event.reason ? { reason: event.reason } : {}),
          },
        },
        `seller-application:${event.applicationId}:${event.status}`,
      );
      if (!created) return;
      afterCommit(() => push(created));
      const user = await app.auth.users.findById(event.userId, tx);
      if (!user?.email) return;
      const language: Language = (await app.auth.users.textLanguage(event.userId, tx)) === 'fr' ? 'fr' : 'en';
      const text = texts[language][event.status];
      const link = `${app.config.PUBLIC_URL.replace(/\/$/, '')}${language === 'fr' ? '/fr' : ''}/seller-centre`;
      const email = user.email;
      // After commit: the mail port writes through its own connection (the sandbox outbox), never this transaction.
      afterCommit(() => {
        app.messaging.mail
          .send(email, text.subject, `${text.body(reason)}\n\n${link}`, { link })
          .catch((error: unknown) => app.log.warn({ err: error }, 'seller application e-mail not sent'));
      });
    },
  );
}
