import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { testTimeouts } from '../../../test-timeouts.mjs';
import { startScript, type ChildScript } from './child-process';
import { embeddedNodeEnv as childEnv, signUpOn as signUp } from './embedded-node';

/**
 * Decision 318: `npm run backup` copies the embedded node's DATA_DIR while the server runs and keeps serving, and
 * `npm run restore` puts it back while the server is stopped. One writer adds addresses one after the other during
 * the backup: the restored database must hold every address acknowledged before the backup began, and exactly a
 * first run of the writer's sequence (a snapshot at one moment: no gap, nothing half written). The session cookie
 * from before still works (secrets.json came back with the database).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const H = { role: 'buyer', 'content-type': 'application/json' };

/** Runs scripts/backup.mjs with the arguments; resolves with its exit code and output. */
function runBackupScript(args: string[]): Promise<{ code: number | null; output: string }> {
  const proc = spawn(process.execPath, [path.join(root, 'scripts/backup.mjs'), ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  proc.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => proc.once('close', (code) => resolve({ code, output })));
}

let server: ChildScript | undefined;
afterAll(async () => server?.kill('SIGKILL'));

async function startServer(dataDir: string): Promise<{ child: ChildScript; origin: string }> {
  const child = startScript('src/main.ts', childEnv(dataDir));
  server = child;
  const [, port] = await child.line(/MapleSource ready on http:\/\/localhost:(\d+)/);
  return { child, origin: `http://127.0.0.1:${port}` };
}

const street = (n: number) => `${n} Backup St`;

async function addAddress(origin: string, cookie: string, n: number): Promise<Response> {
  return fetch(`${origin}/api/v1/address`, {
    method: 'POST',
    headers: { ...H, cookie },
    signal: AbortSignal.timeout(testTimeouts.conditionMs),
    body: JSON.stringify({ street: street(n), province: 'ON', city: 'Toronto', postalCode: 'M5V 2T6' }),
  });
}

describe.skipIf(inject('testDbDriver') === 'postgres')(
  'online backup and restore (embedded, decision 318)',
  () => {
    // The embedded default whatever the run's driver: the PostgreSQL run would repeat the same test.
    it(
      'copies DATA_DIR while the server keeps serving writes, and restores every record from before it',
      { timeout: 4 * testTimeouts.hookMs },
      async () => {
        const dataDir = mkdtempSync(path.join(inject('testScratchDir'), 'backup-'));
        const archive = path.join(inject('testScratchDir'), `backup-${path.basename(dataDir)}.tar.gz`);
        let { child, origin } = await startServer(dataDir);
        const cookie = await signUp(origin);
        // A private file as the storage writes them (files are not in the database, decision 318 copies them after it).
        const fileDir = path.join(dataDir, 'private-files', 'backup-test');
        mkdirSync(fileDir, { recursive: true });
        writeFileSync(path.join(fileDir, 'note.txt'), 'written before the backup');
        const secrets = readFileSync(path.join(dataDir, 'secrets.json'), 'utf8');

        // One writer, each address after the previous one is acknowledged: a snapshot holds a first run of them.
        const acknowledgedAt: number[] = []; // acknowledgedAt[n - 1]: when address n was acknowledged
        const failures: string[] = [];
        let slowestMs = 0;
        let stop = false;
        const writer = (async () => {
          for (let n = 1; !stop; n += 1) {
            const sent = performance.now();
            try {
              const res = await addAddress(origin, cookie, n);
              if (res.status !== 201) failures.push(`${n}: ${res.status} ${await res.text()}`);
            } catch (error) {
              failures.push(`${n}: ${String(error)}`);
            }
            slowestMs = Math.max(slowestMs, performance.now() - sent);
            if (failures.length > 0) return;
            acknowledgedAt.push(performance.now());
          }
        })();
        await expect.poll(() => acknowledgedAt.length >= 5 || failures.length > 0).toBe(true);

        const backupStarted = performance.now();
        const acknowledgedBefore = acknowledgedAt.length;
        const backup = await runBackupScript(['backup', '--data-dir', dataDir, '--out', archive]);
        const backupEnded = performance.now();
        expect(backup.output).toMatch(/Backup written/);
        expect(backup.code).toBe(0);
        // The server kept serving while the backup ran, and after it.
        await expect
          .poll(() => acknowledgedAt.some((at) => at > backupEnded) || failures.length > 0)
          .toBe(true);
        stop = true;
        await writer;
        expect(failures).toEqual([]);
        expect(acknowledgedAt.filter((at) => at > backupStarted && at < backupEnded).length).toBeGreaterThan(
          0,
        );
        expect(slowestMs).toBeLessThan(testTimeouts.conditionMs);

        // Restore refuses while the server runs, and leaves DATA_DIR alone.
        const whileRunning = await runBackupScript(['restore', archive, '--data-dir', dataDir]);
        expect(whileRunning.code).toBe(1);
        expect(whileRunning.output).toMatch(/A server is running on .*stop it/);
        await child.kill('SIGTERM');
        expect(existsSync(path.join(dataDir, 'backup.sock'))).toBe(false);

        // …and refuses a DATA_DIR that is not empty unless --force.
        const notEmpty = await runBackupScript(['restore', archive, '--data-dir', dataDir]);
        expect(notEmpty.code).toBe(1);
        expect(notEmpty.output).toMatch(/is not empty\. Restore with --force/);

        rmSync(dataDir, { recursive: true, force: true });
        const restored = await runBackupScript(['restore', archive, '--data-dir', dataDir]);
        expect(restored.output).toMatch(/Restored the backup of/);
        expect(restored.code).toBe(0);
        expect(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')).toBe(secrets);
        expect(readFileSync(path.join(fileDir, 'note.txt'), 'utf8')).toBe('written before the backup');

        ({ child, origin } = await startServer(dataDir));
        // The cookie signed before the backup: the same secret and the same session row.
        const list = await fetch(`${origin}/api/v1/address`, { headers: { role: 'buyer', cookie } });
        expect(list.status).toBe(200);
        const streets = ((await list.json()) as { items: Array<{ street: string }> }).items.map(
          (a) => a.street,
        );
        const numbers = streets.map((s) => Number.parseInt(s, 10)).sort((a, b) => a - b);
        // Every address acknowledged before the backup began, and a first run 1…k of the sequence: no gap.
        expect(numbers.length).toBeGreaterThanOrEqual(acknowledgedBefore);
        expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
        expect(streets).toContain(street(acknowledgedBefore));
        // Nothing beyond what the writer sent (at most the one in flight when it stopped).
        expect(numbers.length).toBeLessThanOrEqual(acknowledgedAt.length + 1);

        // The restored server takes writes again.
        expect((await addAddress(origin, cookie, 100_000)).status).toBe(201);
        await child.kill('SIGTERM');
      },
    );
  },
);
