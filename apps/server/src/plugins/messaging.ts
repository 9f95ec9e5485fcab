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

export interface SmsProvider {
  readonly name: 'sandbox' | 'twilio';
  send(to: string, body: string, extras?: MessageExtras): Promise<void>;
}

export interface MailProvider {
  readonly name: 'sandbox' | 'smtp';
  send(to: string, subject: string, body: string, extras?: MessageExtras): Promise<void>;
}

export interface Messaging {
  sms: SmsProvider;
  mail: MailProvider;
  /** True when at least one sandbox provider is active and the server is not in production. */
  outboxEnabled: boolean;
  /** Messages the sandbox providers kept for one recipient, newest first. */
  readOutbox(to: string, limit?: number): Promise<OutboxMessage[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    messaging: Messaging;
  }
}

class Outbox {
  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly isProduction: boolean,
  ) {}

  async put(channel: 'sms' | 'email', to: string, body: string, extras: MessageExtras, subject?: string) {
    await this.db.insert(outboxMessages).values({
      id: randomUUID(),
      recipient: to,
      channel,
      subject: subject ?? null,
      body,
      code: extras.code ?? null,
      link: extras.link ?? null,
      createdAt: new Date(),
    });
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
      ...(row.code ? { code: row.code } : {}),
      ...(row.link ? { link: row.link } : {}),
      createdAt: row.createdAt.toISOString(),
    }));
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
      send: async (to, subject, body) => {
        await transport.sendMail({ from: config.MAIL_FROM, to, subject, text: body });
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
  };
}

/** SMS and mail providers (ARCHITECTURE rule 6: real parts, embedded defaults). */
async function messagingPlugin(app: FastifyInstance) {
  app.decorate('messaging', createMessaging(app.config, app.db, app.log));
}

export default fp(messagingPlugin, { name: 'messaging', dependencies: ['context'] });
