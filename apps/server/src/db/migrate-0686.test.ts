import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers';
import { readMigrations } from './migrate';
import { rowsOf } from './transaction';

const former = ['notifications.chat-messages', 'notifications.chat-offline-mail'] as const;
const merged = 'notifications.chat-message-created';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
});

// Migration 0686 (decision 219) on the state a database had before it: deliveries of the two former subscribers
// in every combination. The migrated test database ran it already; its statements are run again on rows that
// look as they did before (the file is written to be re-runnable).
describe('migration 0686: one subscriber for a chat message', () => {
  it("moves every event a former subscriber had not handled to the new one, once, and drops the former ones' registrations", async () => {
    const migration = readMigrations().find((m) => m.name.startsWith('0686_'));
    expect(migration).toBeDefined();
    const db = database.db;
    await db.execute(sql`INSERT INTO event_subscriptions (subscriber, event_name)
      VALUES (${former[0]}, 'chat.message-created'), (${former[1]}, 'chat.message-created')
      ON CONFLICT DO NOTHING`);
    const event = async () => {
      const id = randomUUID();
      await db.execute(
        sql`INSERT INTO domain_events (id, name, payload) VALUES (${id}::uuid, 'chat.message-created', '{}'::jsonb)`,
      );
      return id;
    };
    const bothPending = await event();
    const onePending = await event();
    const bothDone = await event();
    const retried = await event();
    const delivery = (id: string, subscriber: string, done: boolean, attempts = 0) =>
      db.execute(sql`INSERT INTO event_deliveries (event_id, subscriber, attempts, next_attempt_at, delivered_at)
        VALUES (${id}::uuid, ${subscriber}, ${attempts}, now() + interval '1 minute',
                ${done ? sql`now()` : sql`NULL`})`);
    await delivery(bothPending, former[0], false);
    await delivery(bothPending, former[1], false);
    await delivery(onePending, former[0], true);
    await delivery(onePending, former[1], false);
    await delivery(bothDone, former[0], true);
    await delivery(bothDone, former[1], true);
    await delivery(retried, former[0], false, 3);
    await delivery(retried, former[1], false, 1);

    await database.exec(migration!.sql);

    const deliveries = rowsOf<{ event_id: string; subscriber: string; attempts: number; done: boolean }>(
      await db.execute(sql`SELECT event_id::text, subscriber, attempts, delivered_at IS NOT NULL AS done
        FROM event_deliveries WHERE event_id IN (${sql.join(
          [bothPending, onePending, bothDone, retried].map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`),
    );
    const of = (id: string) =>
      deliveries
        .filter((row) => row.event_id === id)
        .sort((x, y) => (x.subscriber < y.subscriber ? -1 : 1))
        .map((row) => [row.subscriber, Number(row.attempts), row.done]);
    // Pending: one delivery to the new subscriber (the former pending ones gone); done ones stay as the record.
    expect(of(bothPending)).toEqual([[merged, 0, false]]);
    expect(of(onePending)).toEqual([
      [merged, 0, false],
      [former[0], 0, true],
    ]);
    expect(of(bothDone)).toEqual([
      [former[0], 0, true],
      [former[1], 0, true],
    ]);
    expect(of(retried)).toEqual([[merged, 3, false]]);

    const subscriptions = rowsOf<{ subscriber: string }>(
      await db.execute(sql`SELECT subscriber FROM event_subscriptions
        WHERE event_name = 'chat.message-created' AND subscriber LIKE 'notifications.%'`),
    );
    expect(subscriptions.map((row) => row.subscriber)).toEqual([merged]);
  });
});
