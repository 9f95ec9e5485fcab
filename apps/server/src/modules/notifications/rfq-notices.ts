import type { FastifyInstance } from 'fastify';
import type { Notification, TextLanguage } from '@maplesource/contracts';
import type { Tx } from '../../db/transaction';
import '../auth';
import '../rfq';
import { queueBusinessMail } from './mail/business-mail';
import { rfqFacts } from './mail/rfq-mail';
import { rfqMailTexts, type RfqNotice } from './mail/rfq-mail.texts';
import type { NotificationsService } from './notifications.service';
import { pushNotification } from './push-notification';

/**
 * The notices of requests for quotes (decision 317), each a notification and a durable business e-mail (decision
 * 260) in the recipient's language: a matched supplier when a request reaches them (`rfq.sent`), the buyer when a
 * quote arrives or is revised (`rfq.quoted`), and when a request ends (`rfq.ended`) the chosen supplier and,
 * politely, every supplier still waiting (declined suppliers are not written to again). Each notice's key (the
 * notification's source key and the e-mail's key) is unique: a redelivered event adds nothing.
 */
export function registerRfqNotices(app: FastifyInstance, notifications: NotificationsService) {
  const notify = async (
    tx: Tx,
    afterCommit: (fn: () => void) => void,
    notice: { key: string; userId: string; rfqId: string; recipientId: string; kind: RfqNotice },
  ) => {
    const language: TextLanguage =
      (await app.auth.users.textLanguage(notice.userId, tx)) === 'fr' ? 'fr' : 'en';
    const found = await rfqFacts(app, tx, { ...notice, notice: notice.kind, language });
    if (!found) return;
    const created: Notification | null = await notifications.create(
      tx,
      {
        recipientId: notice.userId,
        type: 'system',
        // Stored in the recipient's language: the screens show a system notification's text as it is.
        message: rfqMailTexts[language][notice.kind].subject(found.facts),
        metadata: { rfq: notice.kind, rfqId: notice.rfqId, rfqTitle: found.facts.title },
      },
      `rfq-${notice.kind}:${notice.key}`,
    );
    if (created) afterCommit(() => pushNotification(app, created));
    await queueBusinessMail(app, tx, {
      key: `rfq-${notice.kind}:${notice.key}`,
      recipientId: notice.userId,
      template: `rfq-${notice.kind}`,
      data: { rfqId: notice.rfqId, recipientId: notice.recipientId },
    });
  };

  app.events.subscribe('notifications.rfq-sent', 'rfq.sent', async (event, { tx, afterCommit }) => {
    const found = await app.rfq.byId(tx, event.rfqId);
    for (const r of found?.recipients ?? [])
      await notify(tx, afterCommit, {
        key: r.id,
        userId: r.sellerUserId,
        rfqId: event.rfqId,
        recipientId: r.id,
        kind: 'received',
      });
  });

  app.events.subscribe('notifications.rfq-quoted', 'rfq.quoted', async (event, { tx, afterCommit }) => {
    const found = await app.rfq.byId(tx, event.rfqId);
    if (!found) return;
    await notify(tx, afterCommit, {
      key: `${event.recipientId}:${event.version}`,
      userId: found.rfq.buyerId,
      rfqId: event.rfqId,
      recipientId: event.recipientId,
      kind: event.version === 1 ? 'quoted' : 'revised',
    });
  });

  app.events.subscribe('notifications.rfq-ended', 'rfq.ended', async (event, { tx, afterCommit }) => {
    const found = await app.rfq.byId(tx, event.rfqId);
    if (!found) return;
    for (const r of found.recipients) {
      const kind: RfqNotice | null =
        r.status === 'accepted'
          ? 'awarded'
          : r.status !== 'closed'
            ? null
            : event.outcome === 'accepted'
              ? 'not-chosen'
              : event.outcome;
      if (kind)
        await notify(tx, afterCommit, {
          key: r.id,
          userId: r.sellerUserId,
          rfqId: event.rfqId,
          recipientId: r.id,
          kind,
        });
    }
  });
}
