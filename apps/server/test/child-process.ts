import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { assertDriverDependent } from './driver-independent-tests';

/** apps/server: the folder the child scripts' paths are relative to. */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * A TypeScript script of the server run in its own Node process (`node --import tsx <script>`), for tests that
 * need a second server process or a real kill -9. The child reports what it did as lines on stdout.
 */
export interface ChildScript {
  proc: ChildProcess;
  /** The first stdout line (so far or to come) that matches; rejects when the child exits first, with its stderr. */
  line(pattern: RegExp): Promise<RegExpExecArray>;
  /** Calls `listener` with every stdout line, those so far first. */
  onLine(listener: (line: string) => void): void;
  /** Sends the signal (unless the child has already exited) and resolves once it has exited. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

const exited = (proc: ChildProcess) => proc.exitCode !== null || proc.signalCode !== null;

/** `script` is relative to apps/server (or absolute); `env` is added to this process's environment. */
export function startScript(script: string, env: Record<string, string> = {}): ChildScript {
  assertDriverDependent('starts a child process of the server');
  const proc = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: serverDir,
    // The child's scratch files go under the run's scratch directory, removed when the run ends (after a kill -9
    // the child cannot remove them itself).
    env: { ...process.env, TEST_SCRATCH_DIR: inject('testScratchDir'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const listeners: ((line: string) => void)[] = [];
  let partial = '';
  let stderr = '';
  proc.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  proc.stdout!.on('data', (chunk: Buffer) => {
    const parts = (partial + chunk.toString()).split('\n');
    partial = parts.pop()!;
    for (const line of parts) {
      lines.push(line);
      for (const listener of listeners) listener(line);
    }
  });
  // 'close': the child has exited and its stdout has been read to the end.
  const exit = new Promise<void>((resolve) => proc.once('close', () => resolve()));

  const onLine = (listener: (line: string) => void) => {
    for (const line of lines) listener(line);
    listeners.push(listener);
  };
  return {
    proc,
    onLine,
    line: (pattern) =>
      new Promise((resolve, reject) => {
        let found = false;
        onLine((line) => {
          const match = found ? null : pattern.exec(line);
          if (match) {
            found = true;
            resolve(match);
          }
        });
        void exit.then(() => {
          if (!found)
            reject(
              new Error(
                `${script} exited (${proc.exitCode ?? proc.signalCode}) before ${pattern}: ${stderr}`,
              ),
            );
        });
      }),
    kill: async (signal) => {
      if (!exited(proc)) proc.kill(signal);
      await exit;
    },
  };
}
