import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import { desc, sql } from 'drizzle-orm';
import type { OutboxMessage } from '@maplesource/contracts';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { outboxMessages } from './messaging.tables';

/** What a message carries besides its text: the code or link a test or a person needs to pick out. */
export interface MessageExtras {
  code?: string;
  link?: string;
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** An e-mail's other parts (decision 260): its HTML, its attachments, and the key that makes it one e-mail. */
export interface MailExtras extends MessageExtras {
  html?: string;
  attachments?: MailAttachment[];
  /** A sandbox outbox keeps one message per key (unique column); SMTP sends it as the Message-ID's seed. */
  key?: string;
}

export interface SmsProvider {
  readonly name: 'sandbox' | 'twilio';
  send(to: string, body: string, extras?: MessageExtras): Promise<void>;
}

export interface MailProvider {
  readonly name: 'sandbox' | 'smtp';
  send(to: string, subject: string, body: string, extras?: MailExtras): Promise<void>;
}

export interface Messaging {
  sms: SmsProvider;
  mail: MailProvider;
  /** True when at least one sandbox provider is active and the server is not in production. */
  outboxEnabled: boolean;
  /** Messages the sandbox providers kept for one recipient, newest first. */
  readOutbox(to: string, limit?: number): Promise<OutboxMessage[]>;
  /** One sandbox e-mail's HTML part, by its outbox id (null when there is none). */
  readOutboxHtml(id: string): Promise<string | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    messaging: Messaging;
  }
}

/** The language an e-mail's HTML declares on its root (the mail layout's `<mjml lang>`, decision 260). */
function declaredLanguage(html: string): { language?: 'en' | 'fr' } {
  const lang = /<html[^>]*\slang="([a-z]{2})/i.exec(html)?.[1]?.toLowerCase();
  return lang === 'en' || lang === 'fr' ? { language: lang } : {};
}

class Outbox {
  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly isProduction: boolean,
  ) {}

  async put(channel: 'sms' | 'email', to: string, body: string, extras: MailExtras, subject?: string) {
    const inserted = await this.db
      .insert(outboxMessages)
      .values({
        id: randomUUID(),
        recipient: to,
        channel,
        subject: subject ?? null,
        body,
        code: extras.code ?? null,
        link: extras.link ?? null,
        html: extras.html ?? null,
        attachments: extras.attachments?.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          size: a.content.length,
        })),
        mailKey: extras.key ?? null,
        createdAt: new Date(),
      })
      .onConflictDoNothing({ target: outboxMessages.mailKey })
      .returning({ id: outboxMessages.id });
    if (inserted.length === 0) {
      this.log.info({ channel, key: extras.key }, 'sandbox: this e-mail is in the outbox already');
      return;
    }
    if (this.isProduction)
      this.log.warn({ channel }, 'sandbox provider in production: message kept in the outbox, not delivered');
    else this.log.info({ channel, to, body }, `sandbox ${channel} to ${to}`);
  }

  async read(to: string, limit = 50): Promise<OutboxMessage[]> {
    const rows = await this.db
      .select()
      .from(outboxMessages)
      .where(sql`lower(${outboxMessages.recipient}) = lower(${to})`)
      .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
      .limit(limit);
    return rows.map((row) => ({
      to: row.recipient,
      channel: row.channel,
      body: row.subject ? `${row.subject}\n\n${row.body}` : row.body,
      ...(row.subject ? { subject: row.subject, text: row.body } : {}),
      ...(row.html ? declaredLanguage(row.html) : {}),
      ...(row.code ? { code: row.code } : {}),
      ...(row.link ? { link: row.link } : {}),
      createdAt: row.createdAt.toISOString(),
      id: row.id,
      ...(row.html ? { hasHtml: true } : {}),
      ...(row.attachments ? { attachments: row.attachments } : {}),
    }));
  }

  async html(id: string): Promise<string | null> {
    const [row] = await this.db
      .select({ html: outboxMessages.html })
      .from(outboxMessages)
      .where(sql`${outboxMessages.id} = ${id}`)
      .limit(1);
    return row?.html ?? null;
  }
}

/** Twilio's Messages API over plain fetch (no SDK). */
export class TwilioSms implements SmsProvider {
  readonly name = 'twilio' as const;
  constructor(
    private readonly accountSid: string,
    private readonly authToken: string,
    private readonly from: string,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async send(to: string, body: string) {
    const url = `https://api.twilio.com/2010-04-01/Accounts/${encodeURIComponent(this.accountSid)}/Messages.json`;
    const response = await this.fetchImpl(url, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${this.accountSid}:${this.authToken}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ To: to, From: this.from, Body: body }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`Twilio answered ${response.status}`);
  }
}

/** Chooses each provider from the configuration: Twilio / SMTP when configured, else the sandbox outbox. */
export function createMessaging(config: AppConfig, db: Db, log: FastifyBaseLogger): Messaging {
  const outbox = new Outbox(db, log, config.isProduction);
  const twilio =
    config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN && config.TWILIO_FROM
      ? new TwilioSms(config.TWILIO_ACCOUNT_SID, config.TWILIO_AUTH_TOKEN, config.TWILIO_FROM)
      : undefined;
  const sms: SmsProvider = twilio ?? {
    name: 'sandbox',
    send: (to, body, extras = {}) => outbox.put('sms', to, body, extras),
  };
  let mail: MailProvider;
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport(config.SMTP_URL);
    mail = {
      name: 'smtp',
      send: async (to, subject, body, extras = {}) => {
        await transport.sendMail({
          from: config.MAIL_FROM,
          to,
          subject,
          text: body,
          ...(extras.html ? { html: extras.html } : {}),
          ...(extras.attachments
            ? {
                attachments: extras.attachments.map((a) => ({
                  filename: a.filename,
                  content: a.content,
                  contentType: a.contentType,
                })),
              }
            : {}),
        });
      },
    };
  } else {
    mail = {
      name: 'sandbox',
      send: (to, subject, body, extras = {}) => outbox.put('email', to, body, extras, subject),
    };
  }
  return {
    sms,
    mail,
    outboxEnabled: !config.isProduction && (sms.name === 'sandbox' || mail.name === 'sandbox'),
    readOutbox: (to, limit) => outbox.read(to, limit),
    readOutboxHtml: (id) => outbox.html(id),
  };
}

/** SMS and mail providers (ARCHITECTURE rule 6: real parts, embedded defaults). */
async function messagingPlugin(app: FastifyInstance) {
  app.decorate('messaging', createMessaging(app.config, app.db, app.log));
}

export default fp(messagingPlugin, { name: 'messaging', dependencies: ['context'] });
