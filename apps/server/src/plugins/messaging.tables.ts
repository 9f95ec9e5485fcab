import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('outbox_messages_recipient_idx').on(table.recipient)],
);
