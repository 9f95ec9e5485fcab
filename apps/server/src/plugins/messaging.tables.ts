import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The sandbox outbox: SMS and e-mail the sandbox providers "sent" (migration 0101). */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey(),
    recipient: text('recipient').notNull(),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    code: text('code'),
    link: text('link'),
    /** An e-mail's HTML part, its attachments (name, type, size) and its key (unique: migration 0740). */
    html: text('html'),
    attachments: jsonb('attachments').$type<Array<{ filename: string; contentType: string; size: number }>>(),
    mailKey: text('mail_key').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('outbox_messages_recipient_idx').on(table.recipient)],
);
