import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { testTimeouts } from '../test-timeouts.mjs';
import { e2eServerEnv } from './server-env';

const repositoryRoot = path.resolve(import.meta.dirname, '..');
/** How long one start may take: migrating a fresh database on a busy machine (decision 075's hook figure). */
const startDeadlineMs = testTimeouts.hookMs;
/** Between two looks at /readyz while the server starts (a poll with a deadline, not a sleep). */
const readyPollMs = 250;

/**
 * A built server (`apps/server/dist/main.js`) that a spec starts, kills and starts again itself — what
 * Playwright's `webServer` cannot do. Same environment as the shared e2e server (e2e/server-env.ts) on its own
 * port and its own fresh DATA_DIR (embedded PGlite), which survives kills and restarts until `dispose()`.
 */
export class ServerProcess {
  readonly baseURL: string;
  private dataDirectory: string | null = null;
  private child: ChildProcess | null = null;
  private outputTail = '';

  constructor(
    readonly port: number,
    private readonly extraEnv: Record<string, string> = {},
  ) {
    this.baseURL = `http://localhost:${port}`;
  }

  /** Made on the first start (not when a spec file is merely loaded, e.g. to list its tests). */
  get dataDir(): string {
    this.dataDirectory ??= mkdtempSync(path.join(os.tmpdir(), 'maplesource-e2e-own-'));
    return this.dataDirectory;
  }

  /** Starts the server and resolves once /readyz answers 200; rejects (with its stderr) if it exits or hangs. */
  async start(): Promise<void> {
    if (this.child) throw new Error('the server is already running');
    const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
      cwd: repositoryRoot,
      env: { ...process.env, ...e2eServerEnv(this.port, this.dataDir), ...this.extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.outputTail = '';
    // What the server said last (its log on stdout, errors on stderr), for the error when it does not start.
    for (const stream of [child.stdout, child.stderr]) {
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk: string) => {
        this.outputTail = (this.outputTail + chunk).slice(-4_000);
      });
    }
    let exited: string | null = null;
    child.once('exit', (code, signal) => {
      exited = `exited (code ${code}, signal ${signal})`;
      if (this.child === child) this.child = null;
    });

    const deadline = Date.now() + startDeadlineMs;
    for (;;) {
      if (exited) throw new Error(`server on port ${this.port} ${exited}: ${this.outputTail}`);
      if (await this.isReady()) return;
      if (Date.now() > deadline) {
        await this.kill();
        throw new Error(
          `server on port ${this.port} not ready after ${startDeadlineMs} ms: ${this.outputTail}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, readyPollMs));
    }
  }

  /** SIGKILL, as a crash would: no graceful shutdown, open sockets cut. Resolves once the process is gone. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await gone;
    this.child = null;
  }

  /** The last few thousand characters the server wrote (its log and errors), to attach to a failed test. */
  get recentOutput(): string {
    return this.outputTail;
  }

  /** Kills the server if it runs and deletes its data directory. */
  async dispose(): Promise<void> {
    await this.kill();
    if (this.dataDirectory) rmSync(this.dataDirectory, { recursive: true, force: true });
    this.dataDirectory = null;
  }

  private async isReady(): Promise<boolean> {
    try {
      const response = await fetch(`${this.baseURL}/readyz`, { signal: AbortSignal.timeout(5_000) });
      return response.ok;
    } catch {
      return false;
    }
  }
}
