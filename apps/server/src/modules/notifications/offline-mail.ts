import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ChatMessage } from '@maplesource/contracts';
import { rowsOf } from '../../db/transaction';
import '../chat';
import '../auth';

export const offlineMailJobName = 'notifications.chat-offline-mail';
const offlineMailJobSchema = z.object({
  chatId: z.uuid(),
  recipientId: z.uuid(),
  messageId: z.string().min(1),
  seq: z.number().int().positive(),
});
type OfflineMailJob = z.infer<typeof offlineMailJobSchema>;

/** The most unseen messages one e-mail lists (the newest; the count says how many there are in all). */
const listedMessages = 20;

export interface OfflineMailOptions {
  delaySeconds: number;
  throttleSeconds: number;
}

const actionLabels: Record<string, string> = {
  quotation_created: 'Quotation request / Demande de prix',
  quotation_accepted: 'Quotation accepted / Demande acceptée',
  quotation_rejected: 'Quotation rejected / Demande refusée',
  invoice_sent: 'Invoice sent / Facture envoyée',
  invoice_accepted: 'Invoice accepted / Facture acceptée',
  invoice_rejected: 'Invoice rejected / Facture refusée',
  order_created: 'Order created / Commande créée',
  order_updated: 'Order updated / Commande mise à jour',
  order_cancelled: 'Order cancelled / Commande annulée',
};

function lineOf(message: ChatMessage): string {
  const parts: string[] = [];
  if (message.businessAction)
    parts.push(`[${actionLabels[message.businessAction] ?? message.businessAction}]`);
  const text = message.text.trim();
  if (text) parts.push(text.length > 300 ? `${text.slice(0, 300)}…` : text);
  if (message.attachments.length > 0) parts.push(`[${message.attachments.length} image(s)]`);
  return `- ${parts.join(' ') || '…'}`;
}

/**
 * The offline e-mail (decision 106). Every stored chat message queues a durable job due `delaySeconds` later
 * (in the subscriber's transaction, so a restart keeps it). When it runs, it sends one e-mail summing up the
 * conversation's messages the recipient has not seen — only if the triggering message is still unseen and the
 * recipient has no open connection. An atomic upsert on `chat_offline_mails` lets at most one e-mail per
 * conversation and recipient through per `throttleSeconds`; a failed send gives the slot back and retries.
 */
export function registerOfflineMail(app: FastifyInstance, options: OfflineMailOptions) {
  app.jobs.register(offlineMailJobName, (job) => sendOfflineMail(app, options, job), {
    schema: offlineMailJobSchema,
    retryLimit: 3,
  });

  app.events.subscribe('notifications.chat-offline-mail', 'chat.message-created', async (event, { tx }) => {
    const job: OfflineMailJob = {
      chatId: event.chatId,
      recipientId: event.recipientId,
      messageId: event.messageId,
      seq: event.seq,
    };
    await app.jobs.send(offlineMailJobName, job, {
      startAfter: options.delaySeconds,
      singletonKey: event.messageId,
      tx,
    });
  });
}

async function recipientIsConnected(app: FastifyInstance, userId: string): Promise<boolean> {
  // The Socket.IO server runs with the chat backend (with Redis, fetchSockets asks every process).
  if (!app.hasDecorator('io')) return false;
  return (await app.io.in(`user:${userId}`).fetchSockets()).length > 0;
}

async function sendOfflineMail(app: FastifyInstance, options: OfflineMailOptions, job: OfflineMailJob) {
  const participants = await app.chat.participants(job.chatId, app.db);
  if (!participants) return; // the conversation is gone
  const { item } = await app.chat.chatItem(app.db, job.recipientId, job.chatId);
  if (item.unreadCount === 0) return;
  const page = await app.chat.listMessages(app.db, job.recipientId, participants.subjectKind, {
    chatId: job.chatId,
    limit: Math.min(item.unreadCount, listedMessages),
  });
  const unseen = page.items.filter((m) => m.senderId !== job.recipientId && m.status !== 'seen');
  // The read marker only moves forward: the triggering message is seen unless it (or, beyond the listed
  // window, something newer than it) is still unseen.
  const triggerUnseen =
    unseen.some((m) => m.seq === job.seq) ||
    (unseen.length === listedMessages && unseen.every((m) => m.seq > job.seq));
  if (!triggerUnseen || unseen.length === 0) return;
  if (await recipientIsConnected(app, job.recipientId)) return;

  const recipient = await app.auth.users.findById(job.recipientId);
  if (!recipient) return;

  const coveredSeq = Math.max(...unseen.map((m) => m.seq));
  const claimed = rowsOf<{ chat_id: string }>(
    await app.db.execute(sql`
      INSERT INTO chat_offline_mails (chat_id, recipient_id, last_sent_at, last_seq)
      VALUES (${job.chatId}, ${job.recipientId}, now(), ${coveredSeq})
      ON CONFLICT (chat_id, recipient_id) DO UPDATE SET last_sent_at = now(), last_seq = EXCLUDED.last_seq
      WHERE chat_offline_mails.last_sent_at <= now() - make_interval(secs => ${options.throttleSeconds})
      RETURNING chat_id`),
  );
  if (claimed.length === 0) {
    // An e-mail about this conversation went out within the window: if this message came after it, look again
    // when the window ends (one job per window), so what is still unseen then is summed up in the next e-mail.
    const [window] = rowsOf<{ ends_at: Date | string; last_seq: number | string }>(
      await app.db.execute(sql`
        SELECT last_sent_at + make_interval(secs => ${options.throttleSeconds}) AS ends_at, last_seq
        FROM chat_offline_mails WHERE chat_id = ${job.chatId} AND recipient_id = ${job.recipientId}`),
    );
    // The last e-mail already listed this message: nothing new to tell.
    if (window && Number(window.last_seq) < job.seq) {
      const endsAt = new Date(window.ends_at);
      await app.jobs.send(offlineMailJobName, job, {
        startAfter: endsAt,
        singletonKey: `${job.chatId}:${job.recipientId}:${endsAt.toISOString()}`,
      });
    }
    return;
  }

  const base = app.config.PUBLIC_URL.replace(/\/$/, '');
  const isSeller = participants.sellerUserId === job.recipientId;
  const kind = participants.subjectKind === 'service' ? '?kind=service' : '';
  const link = isSeller
    ? `${base}/seller-centre/inbox/${job.chatId}${kind}`
    : `${base}/?inbox=chats&chatId=${job.chatId}${kind ? '&kind=service' : ''}`;
  const subject = `${item.otherParty.name || 'MapleSource'}: ${item.subject.name} — new messages / nouveaux messages`;
  const body = [
    `You have ${item.unreadCount} unread message(s) from ${item.otherParty.name} about ${item.subject.name}.`,
    `Vous avez ${item.unreadCount} message(s) non lu(s) de ${item.otherParty.name} au sujet de ${item.subject.name}.`,
    '',
    ...unseen.map(lineOf),
    '',
    `Open the conversation / Ouvrir la conversation: ${link}`,
  ].join('\n');
  try {
    await app.messaging.mail.send(recipient.email, subject, body, { link });
  } catch (error) {
    // Give the window back so the retry (or the next message's job) may send.
    await app.db.execute(sql`
      UPDATE chat_offline_mails SET last_sent_at = '-infinity'
      WHERE chat_id = ${job.chatId} AND recipient_id = ${job.recipientId}`);
    throw error;
  }
}
