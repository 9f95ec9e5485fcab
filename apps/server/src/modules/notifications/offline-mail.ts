import { htmlOfTextMail } from '../../plugins/mail-layout';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { shortRef, type ChatMessage } from '@maplesource/contracts';
import { rowsOf, withTransaction, type Tx } from '../../db/transaction';
import { queryPrepared } from '../../db/prepared';
import type { BatchContext, BatchedEvent } from '../../plugins/events';
import { offlineMailTexts, type OfflineMailTexts } from './offline-mail.texts';
import '../chat';
import '../auth';

export const offlineMailJobName = 'notifications.chat-offline-mail';
/** The job checks one conversation for one recipient (jobs queued before decision 185 also carry a message). */
const offlineMailJobSchema = z.object({
  chatId: z.uuid(),
  recipientId: z.uuid(),
});
type OfflineMailJob = z.infer<typeof offlineMailJobSchema>;

/**
 * A pending check whose due time passed this long ago lost its job (it failed for good, or the queue lost it):
 * the next message arms a new one.
 */
const staleAfterSeconds = 300;

/** The most unseen messages one e-mail lists (the newest; the count says how many there are in all). */
const listedMessages = 20;

export interface OfflineMailOptions {
  delaySeconds: number;
  throttleSeconds: number;
}

function lineOf(message: ChatMessage, texts: OfflineMailTexts): string {
  const parts: string[] = [];
  if (message.businessAction) {
    // The order's or invoice's short reference, as every screen and the PDF show it (decision 213).
    const payload = message.businessPayload ?? {};
    const about = message.businessAction.startsWith('order_') ? payload['orderId'] : payload['invoiceId'];
    const ref = typeof about === 'string' ? ` ${shortRef(about)}` : '';
    parts.push(`[${texts.actions[message.businessAction] ?? message.businessAction}${ref}]`);
  }
  const text = message.text.trim();
  if (text) parts.push(text.length > 300 ? `${text.slice(0, 300)}…` : text);
  if (message.attachments.length > 0) parts.push(texts.images(message.attachments.length));
  return `- ${parts.join(' ') || '…'}`;
}

/**
 * The offline e-mail (decisions 106, 185). A chat message to a recipient with no pending check arms one: a row
 * in `chat_offline_mail_pending` (one per conversation and recipient, its primary key) and a durable job due
 * when that message is `delaySeconds` old, both in the subscriber's transaction, so a restart keeps them; the
 * next messages only raise the row's `last_seq`. When the job runs it sends one e-mail summing up the
 * conversation's messages the recipient has not seen, if one of them is `delaySeconds` old and the recipient
 * has no open connection, then arms the check again for the unseen messages not yet due (or the end of the
 * e-mail window), or removes the row. An atomic upsert on `chat_offline_mails` lets at most one e-mail per
 * conversation and recipient through per `throttleSeconds`; a failed send gives the slot back and retries.
 */
export function registerOfflineMail(app: FastifyInstance, options: OfflineMailOptions) {
  app.jobs.register(offlineMailJobName, (job) => checkOfflineMail(app, options, job), {
    schema: offlineMailJobSchema,
    retryLimit: 3,
  });

  // All the messages a dispatcher batch claimed in one statement (decision 188): per conversation and
  // recipient, the earliest message's due time and the highest seq. Subscribed by the module together with the
  // chat messages' notifications, as one subscriber (index.ts, decision 219).
  const armOfflineMail = async (
    events: Array<BatchedEvent<'chat.message-created'>>,
    { tx }: Pick<BatchContext, 'tx'>,
  ) => {
    const checks = new Map<string, { job: OfflineMailJob; dueAt: Date; seq: number }>();
    for (const { payload: event, occurredAt } of events) {
      const dueAt = new Date(occurredAt.getTime() + options.delaySeconds * 1000);
      const key = `${event.chatId}:${event.recipientId}`;
      const known = checks.get(key);
      if (!known)
        checks.set(key, {
          job: { chatId: event.chatId, recipientId: event.recipientId },
          dueAt,
          seq: event.seq,
        });
      else {
        if (dueAt < known.dueAt) known.dueAt = dueAt;
        known.seq = Math.max(known.seq, event.seq);
      }
    }
    const list = [...checks.values()];
    const column = <T>(pick: (check: (typeof list)[number]) => T) => sql.param(list.map(pick));
    // A new row (or one whose job was lost) takes its due time and needs a job; otherwise the row keeps its
    // earlier due time and only learns that a newer message exists. One array parameter per column, so the text
    // is the same for any number of conversations: a prepared statement on the batch's connection (decision 228).
    const stored = await queryPrepared<{ chat_id: string; recipient_id: string; due_at: Date | string }>(
      tx,
      sql`
        INSERT INTO chat_offline_mail_pending AS p (chat_id, recipient_id, due_at, last_seq)
        SELECT * FROM unnest(${column((c) => c.job.chatId)}::uuid[], ${column((c) => c.job.recipientId)}::uuid[],
                             ${column((c) => c.dueAt.toISOString())}::timestamptz[],
                             ${column((c) => c.seq)}::bigint[])
        ON CONFLICT (chat_id, recipient_id) DO UPDATE SET
          last_seq = greatest(p.last_seq, EXCLUDED.last_seq),
          due_at = CASE WHEN p.due_at < now() - make_interval(secs => ${staleAfterSeconds})
                        THEN EXCLUDED.due_at ELSE p.due_at END
        RETURNING chat_id, recipient_id, due_at`,
    );
    for (const row of stored) {
      const check = checks.get(`${String(row.chat_id)}:${String(row.recipient_id)}`);
      if (check && new Date(row.due_at).getTime() === check.dueAt.getTime())
        await queueCheck(app, check.job, check.dueAt, tx);
    }
  };
  return armOfflineMail;
}

/** One job per conversation, recipient and due time (a repeated arm of the same time queues nothing more). */
function queueCheck(app: FastifyInstance, job: OfflineMailJob, dueAt: Date, tx?: Tx) {
  return app.jobs.send(offlineMailJobName, job, {
    startAfter: dueAt,
    singletonKey: `${job.chatId}:${job.recipientId}:${dueAt.toISOString()}`,
    ...(tx ? { tx } : {}),
  });
}

async function recipientIsConnected(app: FastifyInstance, userId: string): Promise<boolean> {
  // The Socket.IO server runs with the chat backend (with Redis, fetchSockets asks every process).
  if (!app.hasDecorator('realtime')) return false;
  return app.realtime.isOnline(userId);
}

/**
 * The job: e-mails what is due (unseen for `delaySeconds`, recipient offline, window free), then arms the next
 * check or removes the pending row. The row's `last_seq` is read first: a message whose subscriber ran before
 * that read is committed and listed here; one after it changes `last_seq`, and the row is then kept.
 */
async function checkOfflineMail(app: FastifyInstance, options: OfflineMailOptions, job: OfflineMailJob) {
  const [state] = rowsOf<{ now: Date | string; last_seq: number | string | null }>(
    await app.db.execute(sql`
      SELECT now() AS now, p.last_seq FROM (SELECT 1) AS one
      LEFT JOIN chat_offline_mail_pending p ON p.chat_id = ${job.chatId} AND p.recipient_id = ${job.recipientId}`),
  );
  const now = new Date(state!.now).getTime();
  const lastSeq = state!.last_seq === null ? null : Number(state!.last_seq);
  const next = await mailWhatIsDue(app, options, job, now);
  if (next) {
    await withTransaction(app.db, async (tx) => {
      await tx.execute(sql`
        INSERT INTO chat_offline_mail_pending (chat_id, recipient_id, due_at, last_seq)
        VALUES (${job.chatId}, ${job.recipientId}, ${next.toISOString()}::timestamptz, ${lastSeq ?? 0})
        ON CONFLICT (chat_id, recipient_id) DO UPDATE SET due_at = EXCLUDED.due_at`);
      await queueCheck(app, job, next, tx);
    });
    return;
  }
  if (lastSeq === null) return; // no pending row (a job queued before decision 185, or a repeated one)
  const removed = rowsOf(
    await app.db.execute(sql`
      DELETE FROM chat_offline_mail_pending
      WHERE chat_id = ${job.chatId} AND recipient_id = ${job.recipientId} AND last_seq <= ${lastSeq}
      RETURNING chat_id`),
  );
  if (removed.length > 0) return;
  // A message came while this ran (its subscriber found the row and queued nothing): check it when it is due.
  await withTransaction(app.db, async (tx) => {
    const [row] = rowsOf<{ due_at: Date | string }>(
      await tx.execute(sql`
        UPDATE chat_offline_mail_pending SET due_at = now() + make_interval(secs => ${options.delaySeconds})
        WHERE chat_id = ${job.chatId} AND recipient_id = ${job.recipientId}
        RETURNING due_at`),
    );
    if (row) await queueCheck(app, job, new Date(row.due_at), tx);
  });
}

/**
 * Sends the e-mail if it is due and allowed; answers when the conversation must be checked again (the unseen
 * messages not yet due, or the window's end for due ones the last e-mail did not list), or null.
 */
async function mailWhatIsDue(
  app: FastifyInstance,
  options: OfflineMailOptions,
  job: OfflineMailJob,
  now: number,
): Promise<Date | null> {
  const participants = await app.chat.participants(job.chatId, app.db);
  if (!participants) return null; // the conversation is gone
  const { item } = await app.chat.chatItem(app.db, job.recipientId, job.chatId);
  if (item.unreadCount === 0) return null;
  const page = await app.chat.listMessages(app.db, job.recipientId, participants.subjectKind, {
    chatId: job.chatId,
    limit: Math.min(item.unreadCount, listedMessages),
  });
  const unseen = page.items.filter((m) => m.senderId !== job.recipientId && m.status !== 'seen');
  if (unseen.length === 0) return null;
  const delayMs = options.delaySeconds * 1000;
  const dueAt = (message: ChatMessage) => new Date(message.createdAt).getTime() + delayMs;
  // Unseen messages older than the listed ones (more than `listedMessages`) count as due.
  const due = unseen.filter((m) => dueAt(m) <= now);
  const olderUnlisted = item.unreadCount > unseen.length;
  const waiting = unseen.filter((m) => dueAt(m) > now);
  const nextWaiting = waiting.length > 0 ? new Date(Math.min(...waiting.map(dueAt))) : null;
  if ((due.length === 0 && !olderUnlisted) || (await recipientIsConnected(app, job.recipientId)))
    return nextWaiting;

  const recipient = await app.auth.users.findById(job.recipientId);
  if (!recipient) return null;

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
    // An e-mail about this conversation went out within the window: what it did not list is looked at again
    // when the window ends (what is still unseen then is summed up in the next e-mail), or when it is due.
    const [window] = rowsOf<{ ends_at: Date | string; last_seq: number | string }>(
      await app.db.execute(sql`
        SELECT last_sent_at + make_interval(secs => ${options.throttleSeconds}) AS ends_at, last_seq
        FROM chat_offline_mails WHERE chat_id = ${job.chatId} AND recipient_id = ${job.recipientId}`),
    );
    if (!window) return nextWaiting;
    const listedLast = Number(window.last_seq);
    const endsAt = new Date(window.ends_at);
    const unlistedDue = due.some((m) => m.seq > listedLast) || (olderUnlisted && due.length === 0);
    const unlistedWaiting = waiting.filter((m) => m.seq > listedLast);
    const candidates = [
      ...(unlistedDue ? [endsAt.getTime()] : []),
      ...unlistedWaiting.map((m) => Math.max(dueAt(m), endsAt.getTime())),
    ];
    return candidates.length > 0 ? new Date(Math.min(...candidates)) : null;
  }

  // In the recipient's language (decision 210): the texts, and the link's language prefix for French.
  const language = await app.auth.users.textLanguage(job.recipientId);
  const texts = offlineMailTexts[language];
  const base = app.config.PUBLIC_URL.replace(/\/$/, '') + (language === 'fr' ? '/fr' : '');
  const isSeller = participants.sellerUserId === job.recipientId;
  const kind = participants.subjectKind === 'service' ? '?kind=service' : '';
  const link = isSeller
    ? `${base}/seller-centre/inbox/${job.chatId}${kind}`
    : `${base}/?inbox=chats&chatId=${job.chatId}${kind ? '&kind=service' : ''}`;
  const from = item.otherParty.name || 'MapleSource';
  const subject = texts.subject({ from, subject: item.subject.name });
  const body = [
    texts.intro({ count: item.unreadCount, from, subject: item.subject.name }),
    '',
    ...unseen.map((message) => lineOf(message, texts)),
    '',
    texts.open(link),
  ].join('\n');
  try {
    const html = await htmlOfTextMail({
      language,
      subject,
      body,
      link,
      actionLabel: language === 'fr' ? 'Ouvrir la conversation' : 'Open the conversation',
    });
    await app.messaging.mail.send(recipient.email, subject, body, { link, html });
  } catch (error) {
    // Give the window back so the retry (or the next message's job) may send.
    await app.db.execute(sql`
      UPDATE chat_offline_mails SET last_sent_at = '-infinity'
      WHERE chat_id = ${job.chatId} AND recipient_id = ${job.recipientId}`);
    throw error;
  }
  return null; // every unseen message was listed
}
