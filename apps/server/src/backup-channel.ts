import { existsSync } from 'node:fs';
import { chmod, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The embedded node's backup channel (decision 318). PGlite's data directory belongs to the server process, so the
 * server itself copies its database: `npm run backup` (scripts/backup.mjs) asks for it on a Unix domain socket in
 * DATA_DIR, mode 0600, which only the machine's account that runs the server can open — never a route on the
 * public port. Each connection sends one JSON line and gets one JSON line back:
 *   {"command":"status"} → {"ok":true,"pid":…,"dataDir":…}          (restore asks it: is a server running here?)
 *   {"command":"backup"} → {"ok":true,"bytes":N,"dumpMs":…} + N bytes, PGlite's data directory as a tar
 *   anything else        → {"ok":false,"code":…,"message":…}
 * PGlite runs one query at a time and `dumpDataDir` takes its query lock, so the copy is of the directory between
 * two queries: what a crash at that moment would have left, which PostgreSQL recovers from its WAL on start (a
 * transaction still open is rolled back; every committed one is there).
 */
export const BACKUP_SOCKET_NAME = 'backup.sock';

/** Longer requests are not ours: the two commands fit in a few bytes. */
const MAX_REQUEST_BYTES = 1024;

/** On Linux a socket path holds at most 107 bytes (104 on macOS). */
const MAX_SOCKET_PATH_BYTES = 103;

export interface BackupChannel {
  /** The socket's path, or null when DATA_DIR's path is too long for one (the channel is then off). */
  socketPath: string | null;
  close(): Promise<void>;
}

export class ServerAlreadyRunningError extends Error {
  constructor(socketPath: string) {
    super(
      `Another MapleSource server answers on ${socketPath}: two processes cannot share one embedded database. ` +
        'Stop it first (or give this one another DATA_DIR).',
    );
    this.name = 'ServerAlreadyRunningError';
  }
}

/** Whether a server answers on the socket (a file left by a process that died answers nothing). */
function answers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(socketPath);
    const done = (result: boolean) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(2_000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * Called before the embedded database opens: a second process on the same DATA_DIR would write the same PGlite
 * files as the first. Removes a socket file a dead process left behind.
 */
export async function refuseSecondServer(dataDir: string): Promise<void> {
  const socketPath = path.join(dataDir, BACKUP_SOCKET_NAME);
  if (!existsSync(socketPath)) return;
  if (await answers(socketPath)) throw new ServerAlreadyRunningError(socketPath);
  await rm(socketPath, { force: true }); // left by a process that did not close it (kill -9)
}

type Answer = { ok: true; [key: string]: unknown } | { ok: false; code: string; message: string };

const line = (answer: Answer) => `${JSON.stringify(answer)}\n`;

export async function openBackupChannel(options: {
  dataDir: string;
  client: PGlite;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}): Promise<BackupChannel> {
  const { client, log } = options;
  const socketPath = path.join(options.dataDir, BACKUP_SOCKET_NAME);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH_BYTES) {
    log.warn(
      { socketPath },
      'DATA_DIR path too long for a Unix socket: the online backup (npm run backup) is off for this process',
    );
    return { socketPath: null, close: async () => undefined };
  }
  await refuseSecondServer(options.dataDir);

  let backupRunning = false;
  const backup = async (socket: net.Socket) => {
    if (backupRunning) {
      socket.end(line({ ok: false, code: 'BACKUP_RUNNING', message: 'A backup is already being taken' }));
      return;
    }
    backupRunning = true;
    try {
      const started = performance.now();
      // The data files then hold what the WAL holds, so the restored copy has little to replay on its first start.
      await client.exec('CHECKPOINT');
      const dump = await client.dumpDataDir('none');
      const bytes = Buffer.from(await dump.arrayBuffer());
      const dumpMs = Math.round(performance.now() - started);
      log.info({ bytes: bytes.length, dumpMs }, 'backup: database copied');
      socket.write(line({ ok: true, bytes: bytes.length, dumpMs }));
      socket.end(bytes);
    } catch (error) {
      log.error({ err: error }, 'backup: the database copy failed');
      socket.end(
        line({ ok: false, code: 'BACKUP_FAILED', message: `The database copy failed: ${String(error)}` }),
      );
    } finally {
      backupRunning = false;
    }
  };

  const server = net.createServer((socket) => {
    let request = '';
    socket.setEncoding('utf8');
    socket.on('error', (error) => log.warn({ err: error }, 'backup channel: connection error'));
    socket.setTimeout(10_000, () => socket.destroy());
    const onData = (chunk: string) => {
      request += chunk;
      const end = request.indexOf('\n');
      if (end < 0) {
        if (request.length > MAX_REQUEST_BYTES) {
          socket.off('data', onData);
          socket.end(line({ ok: false, code: 'BAD_REQUEST', message: 'Send one JSON line' }));
        }
        return;
      }
      socket.off('data', onData);
      socket.setTimeout(0);
      let command: unknown;
      try {
        command = (JSON.parse(request.slice(0, end)) as { command?: unknown }).command;
      } catch {
        command = undefined;
      }
      if (command === 'status') socket.end(line({ ok: true, pid: process.pid, dataDir: options.dataDir }));
      else if (command === 'backup') void backup(socket);
      else
        socket.end(
          line({ ok: false, code: 'UNKNOWN_COMMAND', message: 'Commands: {"command":"status"|"backup"}' }),
        );
    };
    socket.on('data', onData);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // Under the usual umask (022) the socket is created 0755, and connecting needs write permission: only the
    // owner can connect even before the chmod narrows it to 0600.
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  await chmod(socketPath, 0o600);
  log.info({ socketPath }, 'backup channel open');
  return {
    socketPath,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(socketPath, { force: true });
    },
  };
}
