import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, createTestDatabase, type TestApp, type TestDatabase } from '../../test/helpers';
import { waitFor } from '../../test/wait-for';
import { openPglite, openPostgres } from '../db/client';
import { rowsOf } from '../db/transaction';

/**
 * kill -9 a real server process right after it committed an event (its subscriber is stuck mid-delivery);
 * a new app on the same database delivers the event, once (decision 065). PGlite directory, and
 * PostgreSQL when the run sets DATABASE_URL.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

let child: ChildProcess | undefined;
let template: TestDatabase | undefined;
let restarted: TestApp | undefined;
const childDataDir = mkdtempSync(path.join(os.tmpdir(), 'maplesource-events-child-'));

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await restarted?.close();
  await template?.destroy();
  rmSync(childDataDir, { recursive: true, force: true });
});

function runChild(env: Record<string, string>): Promise<{ proc: ChildProcess; eventId: string }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'test/events-child.ts'], {
    cwd: serverDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = proc;
  let stdout = '';
  let stderr = '';
  proc.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    proc.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /committed ([0-9a-f-]{36})/.exec(stdout);
      if (match) resolve({ proc, eventId: match[1]! });
    });
    proc.once('exit', (code) => reject(new Error(`child exited (${code}) before committing: ${stderr}`)));
  });
}

describe('domain events across kill -9', () => {
  it(
    'delivers an event committed just before kill -9 after a restart, once',
    { timeout: 180_000 },
    async () => {
      template = await createTestDatabase();
      const isPglite = template.driver === 'pglite';
      // One PGlite directory has one owner at a time: hand it to the child.
      if (isPglite) await template.close();
      const { proc, eventId } = await runChild({
        EVENT_ITEM_ID: '4242',
        DATA_DIR: childDataDir,
        ...(isPglite
          ? { PGLITE_DIR: template.location, DATABASE_URL: '' }
          : { DATABASE_URL: template.location }),
      });
      proc.kill('SIGKILL');
      await new Promise<void>((resolve) => {
        if (proc.exitCode !== null || proc.signalCode !== null) resolve();
        else proc.once('exit', () => resolve());
      });

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
