import { existsSync, mkdtempSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import {
  BACKUP_SOCKET_NAME,
  openBackupChannel,
  refuseSecondServer,
  ServerAlreadyRunningError,
  type BackupChannel,
} from './backup-channel';

/** The embedded node's backup channel (decision 318); the whole backup and restore runs in test/backup-restore.test.ts. */
const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };

/** One request on the socket: the answer's JSON line and the bytes after it. */
function ask(
  socketPath: string,
  request: string,
): Promise<{ answer: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath, () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.once('error', reject);
    socket.once('end', () => {
      const all = Buffer.concat(chunks);
      const newline = all.indexOf(10);
      resolve({
        answer: JSON.parse(all.subarray(0, newline).toString('utf8')) as Record<string, unknown>,
        body: all.subarray(newline + 1),
      });
    });
  });
}

describe('the backup channel', () => {
  const dataDir = mkdtempSync(path.join(inject('testScratchDir'), 'channel-'));
  const socketPath = path.join(dataDir, BACKUP_SOCKET_NAME);
  let client: PGlite;
  let channel: BackupChannel;

  beforeAll(async () => {
    client = await PGlite.create(path.join(dataDir, 'pglite'));
    await client.exec(`create table kept (note text); insert into kept values ('before the backup')`);
    channel = await openBackupChannel({ dataDir, client, log });
  });
  afterAll(async () => {
    await channel?.close();
    await client?.close();
  });

  it('listens on a socket in DATA_DIR that only its owner may open', () => {
    expect(channel.socketPath).toBe(socketPath);
    expect(statSync(socketPath).isSocket()).toBe(true);
    expect(statSync(socketPath).mode & 0o777).toBe(0o600);
  });

  it('answers status with its process id', async () => {
    const { answer } = await ask(socketPath, '{"command":"status"}\n');
    expect(answer).toEqual({ ok: true, pid: process.pid, dataDir });
  });

  it('answers backup with a copy of the database that opens with its rows', async () => {
    const { answer, body } = await ask(socketPath, '{"command":"backup"}\n');
    expect(answer).toMatchObject({ ok: true, bytes: body.length });
    expect(body.length).toBeGreaterThan(0);
    const copy = await PGlite.create({ loadDataDir: new Blob([body]) });
    try {
      expect((await copy.query<{ note: string }>('select note from kept')).rows).toEqual([
        { note: 'before the backup' },
      ]);
    } finally {
      await copy.close();
    }
  });

  it('refuses what is not one of its commands', async () => {
    expect((await ask(socketPath, '{"command":"drop"}\n')).answer).toMatchObject({
      ok: false,
      code: 'UNKNOWN_COMMAND',
    });
    expect((await ask(socketPath, 'not json\n')).answer).toMatchObject({
      ok: false,
      code: 'UNKNOWN_COMMAND',
    });
    expect((await ask(socketPath, 'x'.repeat(2_000))).answer).toMatchObject({
      ok: false,
      code: 'BAD_REQUEST',
    });
  });

  it('keeps a second server off the same DATA_DIR while it answers, and lets one start after it closed', async () => {
    await expect(refuseSecondServer(dataDir)).rejects.toBeInstanceOf(ServerAlreadyRunningError);
    await channel.close();
    expect(existsSync(socketPath)).toBe(false);
    await expect(refuseSecondServer(dataDir)).resolves.toBeUndefined();
    channel = await openBackupChannel({ dataDir, client, log });
  });
});
