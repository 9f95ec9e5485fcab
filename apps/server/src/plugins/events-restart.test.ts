import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, createTestDatabase, type TestApp, type TestDatabase } from '../../test/helpers';
import { startScript, type ChildScript } from '../../test/child-process';
import { waitFor } from '../../test/wait-for';
import { openPglite, openPostgres } from '../db/client';
import { rowsOf } from '../db/transaction';

/**
 * kill -9 a real server process right after it committed an event (its subscriber is stuck mid-delivery);
 * a new app on the same database delivers the event, once (decision 065). PGlite directory, and
 * PostgreSQL when the run sets DATABASE_URL.
 */
let child: ChildScript | undefined;
let template: TestDatabase | undefined;
let restarted: TestApp | undefined;
const childDataDir = mkdtempSync(path.join(os.tmpdir(), 'maplesource-events-child-'));

afterAll(async () => {
  await child?.kill('SIGKILL');
  await restarted?.close();
  await template?.destroy();
  rmSync(childDataDir, { recursive: true, force: true });
});

async function runChild(env: Record<string, string>): Promise<{ child: ChildScript; eventId: string }> {
  child = startScript('test/events-child.ts', env);
  const [, eventId] = await child.line(/^committed ([0-9a-f-]{36})$/);
  return { child, eventId: eventId! };
}

describe('domain events across kill -9', () => {
  it(
    'delivers an event committed just before kill -9 after a restart, once',
    { timeout: 180_000 },
    async () => {
      template = await createTestDatabase({ onDisk: true });
      const isPglite = template.driver === 'pglite';
      // One PGlite directory has one owner at a time: hand it to the child.
      if (isPglite) await template.close();
      const { child: committed, eventId } = await runChild({
        EVENT_ITEM_ID: '4242',
        DATA_DIR: childDataDir,
        ...(isPglite
          ? { PGLITE_DIR: template.location, DATABASE_URL: '' }
          : { DATABASE_URL: template.location }),
      });
      await committed.kill('SIGKILL');

      const database = isPglite
        ? await openPglite(template.location)
        : await openPostgres(template.location, 5);
      const calls: string[] = [];
      restarted = await createTestApp({
        database: { ...database, location: template.location, destroy: () => database.close() },
        env: { EVENTS_POLL_MS: '50' },
        beforeReady: (app) => {
          app.events.subscribe('test.restart', 'review.changed', async (payload, ctx) => {
            expect(payload.itemId).toBe(4242);
            calls.push(ctx.eventId);
          });
        },
      });
      await waitFor('the restarted app to deliver the event', () => calls.includes(eventId), {
        timeoutMs: 60_000,
      });
      await restarted.app.events.drain();
      expect(calls).toEqual([eventId]);
      const [delivery] = rowsOf<{ delivered_at: Date | null }>(
        await restarted.app.db.execute(
          sql`SELECT delivered_at FROM event_deliveries WHERE event_id = ${eventId}::uuid AND subscriber = 'test.restart'`,
        ),
      );
      expect(delivery?.delivered_at).not.toBeNull();
      const handled = rowsOf(
        await restarted.app.db.execute(
          sql`SELECT 1 FROM handled_events WHERE event_id = ${eventId}::uuid AND subscriber = 'test.restart'`,
        ),
      );
      expect(handled).toHaveLength(1);
      await restarted.close();
      await database.close();
      restarted = undefined;
    },
  );
});
