import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { makeRelease } from '../../../../scripts/release.mjs';
import { testTimeouts } from '../../../../test-timeouts.mjs';
import { embeddedNodeEnv, signUpOn } from '../embedded-node';

/**
 * The release bundle (decision 309) carries the embedded node's backup and restore (decision 318): its `bin/backup`
 * copies the running node's DATA_DIR — by default the `data/` that `bin/start` uses, from the bundle's root — to a
 * file named from where the operator stands, and `bin/restore` brings it back; a node started on the restored copy
 * knows the session made before the backup. The backup's consistency under writes is backup-restore.test.ts's.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'maplesource-release-backup-'));
const release = path.join(scratch, 'release');
const built = existsSync(path.join(repoRoot, 'apps/server/dist/main.js'));
// Embedded whatever the run's driver: one project runs it.
const thisProject = !process.env.DATABASE_URL || inject('testDbDriver') === 'postgres';

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(scratch, { recursive: true, force: true });
});

/** The environment an operator's shell would give a bundle command: the embedded default, DATA_DIR unset. */
function bundleEnv(): Record<string, string> {
  const env = embeddedNodeEnv('');
  delete env.DATA_DIR;
  delete env.INIT_CWD;
  return env;
}

function run(command: string, args: string[], cwd: string) {
  const child = spawn(path.join(release, 'bin', command), args, {
    cwd,
    env: bundleEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const done = new Promise<number | null>((resolve) => child.once('close', resolve));
  return { child, done, output: () => output };
}

async function startNode(): Promise<{ stop: () => Promise<void>; origin: string }> {
  const node = run('start', [], scratch);
  const port = await new Promise<string>((resolve, reject) => {
    const seen = setInterval(() => {
      const match = /MapleSource ready on http:\/\/localhost:(\d+)/.exec(node.output());
      if (match) {
        clearInterval(seen);
        resolve(match[1]!);
      }
    }, 50);
    void node.done.then((code) => {
      clearInterval(seen);
      reject(new Error(`bin/start exited (${code}): ${node.output()}`));
    });
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: async () => {
      node.child.kill('SIGTERM');
      expect(await node.done).toBe(0);
    },
  };
}

describe.skipIf(!built || !thisProject)(
  `the release bundle's backup and restore${built ? '' : ' (skipped: no build, run "npm run build")'}`,
  () => {
    it(
      'backs the running node up from the bundle, and restores it so a session from before still works',
      { timeout: 4 * testTimeouts.hookMs },
      async () => {
        makeRelease(release);
        const dataDir = path.join(release, 'data');
        let node = await startNode();
        const cookie = await signUpOn(node.origin);
        const secrets = readFileSync(path.join(dataDir, 'secrets.json'), 'utf8');

        // No --data-dir: the bundle's data/, as bin/start used; --out relative to where the operator stands.
        const backup = run('backup', ['--out', 'node.tar.gz'], scratch);
        expect(await backup.done, backup.output()).toBe(0);
        expect(backup.output()).toMatch(/Backup written/);
        expect(existsSync(path.join(scratch, 'node.tar.gz'))).toBe(true);

        const refused = run('restore', ['node.tar.gz'], scratch);
        expect(await refused.done).toBe(1);
        expect(refused.output()).toMatch(/A server is running on .*stop it/);
        await node.stop();

        rmSync(dataDir, { recursive: true, force: true });
        const restore = run('restore', ['node.tar.gz'], scratch);
        expect(await restore.done, restore.output()).toBe(0);
        expect(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')).toBe(secrets);

        node = await startNode();
        const signedIn = await fetch(`${node.origin}/api/v1/address`, { headers: { role: 'buyer', cookie } });
        expect(signedIn.status).toBe(200);
        await node.stop();
      },
    );
  },
);
