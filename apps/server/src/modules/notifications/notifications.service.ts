import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  createNotificationInputSchema,
  type CreateNotificationInput,
  type Notification,
  type NotificationListResponse,
} from '@maplesource/contracts';
import type { Db } from '../../db/client';
import { queryPrepared } from '../../db/prepared';
import { rowsOf } from '../../db/transaction';
import { notFound } from '../../plugins/errors';

interface NotificationRow {
  id: string;
  recipient_id: string;
  sender_model: Notification['sender']['model'];
  sender_id: string | null;
  sender_name: string;
  type: Notification['type'];
  message: string;
  is_read: boolean;
  is_archived: boolean;
  metadata: Record<string, unknown> | string;
  created_at: Date | string;
  updated_at: Date | string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function toNotification(row: NotificationRow): Notification {
  return {
    id: String(row.id),
    sender: { model: row.sender_model, id: row.sender_id, name: row.sender_name },
    recipientId: String(row.recipient_id),
    type: row.type,
    message: row.message,
    isRead: Boolean(row.is_read),
    isArchived: Boolean(row.is_archived),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    metadata:
      typeof row.metadata === 'string' ? (JSON.parse(row.metadata) as Record<string, unknown>) : row.metadata,
  };
}

const notificationNotFound = () => notFound('NOTIFICATION_NOT_FOUND', 'Notification not found');

/**
 * Notifications of one recipient (docs/product.md §3). Created only by subscribers of business events (`create`, in the
 * subscriber's transaction); read, marked and deleted by their recipient — anyone else's is a 404.
 */
export function createNotificationsService() {
  return {
    /**
     * Stores one notification with the spec's defaults. `sourceKey` names what caused it (e.g. a chat message
     * id): a redelivered event finds it taken and creates nothing (answers null).
     */
    async create(
      db: Db,
      input: CreateNotificationInput,
      sourceKey: string | null,
    ): Promise<Notification | null> {
      const data = createNotificationInputSchema.parse(input);
      const [row] = rowsOf<NotificationRow>(
        await db.execute(sql`
          INSERT INTO notifications (id, recipient_id, sender_model, sender_id, sender_name, type, message,
                                     metadata, source_key)
          VALUES (${randomUUID()}, ${data.recipientId}, ${data.sender.model}, ${data.sender.id},
                  ${data.sender.name}, ${data.type}, ${data.message}, ${JSON.stringify(data.metadata)}::jsonb,
                  ${sourceKey})
          ON CONFLICT ON CONSTRAINT notifications_source_key DO NOTHING
          RETURNING *`),
      );
      return row ? toNotification(row) : null;
    },

    /**
     * `create` for many notifications in one statement (a batch subscriber on a hot path, decision 188): answers
     * those it created; a source key already taken creates nothing.
     */
    async createMany(
      db: Db,
      entries: Array<{ input: CreateNotificationInput; sourceKey: string }>,
    ): Promise<Notification[]> {
      if (entries.length === 0) return [];
      const list = entries.map(({ input, sourceKey }) => ({
        data: createNotificationInputSchema.parse(input),
        sourceKey,
      }));
      const column = <T>(pick: (entry: (typeof list)[number]) => T) => sql.param(list.map(pick));
      // One array parameter per column, so the text is the same for any number of notifications: a prepared
      // statement, in the event dispatcher's batch transaction too (a chat message's notification; decision 228).
      return (
        await queryPrepared<NotificationRow>(
          db,
          sql`
          INSERT INTO notifications (id, recipient_id, sender_model, sender_id, sender_name, type, message,
                                     metadata, source_key)
          SELECT id, recipient_id, sender_model, sender_id, sender_name, type, message, metadata::jsonb, source_key
          FROM unnest(${column(() => randomUUID())}::uuid[], ${column((e) => e.data.recipientId)}::uuid[],
                      ${column((e) => e.data.sender.model)}::text[], ${column((e) => e.data.sender.id ?? null)}::text[],
                      ${column((e) => e.data.sender.name)}::text[], ${column((e) => e.data.type)}::text[],
                      ${column((e) => e.data.message)}::text[],
                      ${column((e) => JSON.stringify(e.data.metadata))}::text[],
                      ${column((e) => e.sourceKey)}::text[])
            AS n(id, recipient_id, sender_model, sender_id, sender_name, type, message, metadata, source_key)
          ON CONFLICT ON CONSTRAINT notifications_source_key DO NOTHING
          RETURNING *`,
        )
      ).map(toNotification);
    },

    async get(db: Db, recipientId: string, id: string): Promise<Notification | null> {
      const [row] = rowsOf<NotificationRow>(
        await db.execute(sql`SELECT * FROM notifications WHERE id = ${id} AND recipient_id = ${recipientId}`),
      );
      return row ? toNotification(row) : null;
    },

    /** Newest first (ties broken by id), with the recipient's unread count. */
    async list(
      db: Db,
      recipientId: string,
      query: { page: number; pageSize: number; unreadOnly: boolean },
    ): Promise<NotificationListResponse> {
      const unread = query.unreadOnly ? sql` AND NOT is_read` : sql``;
      const offset = (query.page - 1) * query.pageSize;
      const items = rowsOf<NotificationRow>(
        await db.execute(sql`
          SELECT * FROM notifications WHERE recipient_id = ${recipientId}${unread}
          ORDER BY created_at DESC, id DESC LIMIT ${query.pageSize} OFFSET ${offset}`),
      );
      const [counts] = rowsOf<{ total: number | string; unread: number | string }>(
        await db.execute(sql`
          SELECT count(*) FILTER (WHERE true${unread}) AS total, count(*) FILTER (WHERE NOT is_read) AS unread
          FROM notifications WHERE recipient_id = ${recipientId}`),
      );
      return {
        items: items.map(toNotification),
        total: Number(counts?.total ?? 0),
        page: query.page,
        pageSize: query.pageSize,
        unreadCount: Number(counts?.unread ?? 0),
      };
    },

    async markRead(db: Db, recipientId: string, id: string): Promise<Notification> {
      const [row] = rowsOf<NotificationRow>(
        await db.execute(sql`
          UPDATE notifications SET is_read = true, updated_at = CASE WHEN is_read THEN updated_at ELSE now() END
          WHERE id = ${id} AND recipient_id = ${recipientId} RETURNING *`),
      );
      if (!row) throw notificationNotFound();
      return toNotification(row);
    },

    async markAllRead(db: Db, recipientId: string): Promise<number> {
      const rows = rowsOf<{ id: string }>(
        await db.execute(sql`
          UPDATE notifications SET is_read = true, updated_at = now()
          WHERE recipient_id = ${recipientId} AND NOT is_read RETURNING id`),
      );
      return rows.length;
    },

    async remove(db: Db, recipientId: string, id: string): Promise<void> {
      const rows = rowsOf<{ id: string }>(
        await db.execute(
          sql`DELETE FROM notifications WHERE id = ${id} AND recipient_id = ${recipientId} RETURNING id`,
        ),
      );
      if (rows.length === 0) throw notificationNotFound();
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
