#!/usr/bin/env node
/**
 * The embedded node's backup and restore (decision 318): one PGlite server, DATA_DIR on local disk.
 *
 *   npm run backup [-- --out <file.tar.gz>] [--data-dir <dir>]
 *     While the server runs: asks it, on DATA_DIR/backup.sock, for a copy of its database (the server makes it
 *     between two queries), then copies the other files of DATA_DIR (uploads, private files, secrets.json) and
 *     writes one gzipped tar, by default backups/maplesource-<time>.tar.gz. The database is copied first and the
 *     files after it: a file is written before the row that names it, so every file the copy names is in the backup.
 *   npm run restore -- <file.tar.gz> [--force] [--data-dir <dir>]
 *     While the server is stopped: puts the backup in DATA_DIR. Refuses while a server answers on the socket, and
 *     refuses a DATA_DIR that is not empty unless --force, which keeps it aside as <DATA_DIR>.before-restore-<time>.
 *
 * The archive is DATA_DIR itself (pglite/, uploads/, private-files/, secrets.json…) plus maplesource-backup.json:
 * `tar -xzf` into an empty directory also restores it.
 * DATA_DIR is --data-dir, else the DATA_DIR variable (relative paths from where npm was run), else apps/server/data
 * (where `npm start` and `npm run dev` keep it), or data/ in a release bundle (its bin/backup and bin/restore).
 */
import { createReadStream, createWriteStream, existsSync, readdirSync } from 'node:fs';
import { lstat, mkdir, readdir, readFile, rename, rm, rmdir, stat } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { createGunzip, createGzip } from 'node:zlib';
import tar from 'tar-stream';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** apps/server/src/backup-channel.ts listens there. */
const SOCKET_NAME = 'backup.sock';
const MANIFEST_NAME = 'maplesource-backup.json';
const FORMAT = 1;
/** Written by the running database; a restored copy must start without it. */
const DATABASE_SKIPPED = new Set(['postmaster.pid']);

/** A refusal or a bad argument: the message is for the operator, no stack trace. */
class BackupError extends Error {}

function parseArgs(argv) {
  const [command, ...rest] = argv;
  const args = { command, positional: [], out: undefined, dataDir: undefined, force: false };
  for (let i = 0; i < rest.length; i += 1) {
    const arg = rest[i];
    if (arg === '--force') args.force = true;
    else if (arg === '--out' || arg === '--data-dir') {
      const value = rest[i + 1];
      if (!value) throw new BackupError(`${arg} needs a value`);
      if (arg === '--out') args.out = value;
      else args.dataDir = value;
      i += 1;
    } else if (arg.startsWith('--')) throw new BackupError(`Unknown option ${arg}`);
    else args.positional.push(arg);
  }
  return args;
}

/** Relative paths are from where `npm run` was typed (npm runs scripts from the repository's root). */
const fromInvocation = (p) => path.resolve(process.env.INIT_CWD ?? process.cwd(), p);

function resolveDataDir(option) {
  if (option) return fromInvocation(option);
  // In a release bundle (decision 309) bin/start runs the server from the bundle's root: a relative DATA_DIR, and
  // its default ./data, are the server's from there.
  const inRelease = existsSync(path.join(root, 'RELEASE'));
  if (process.env.DATA_DIR)
    return inRelease ? path.resolve(root, process.env.DATA_DIR) : fromInvocation(process.env.DATA_DIR);
  return inRelease ? path.join(root, 'data') : path.join(root, 'apps/server/data');
}

/** 2026-11-29T14-03-07Z: sortable, and valid in a file name everywhere. */
const stamp = (date = new Date()) =>
  date
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');

/**
 * Sends one command on the socket and reads the answer: a JSON line, then `bytes` bytes when it says so.
 * Resolves null when nothing listens there (no socket file, or one a dead process left).
 */
function ask(socketPath, command, timeoutMs) {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    const chunks = [];
    let connected = false;
    socket.setTimeout(timeoutMs, () =>
      socket.destroy(
        new BackupError(`The server on ${socketPath} did not answer within ${timeoutMs / 1000} s`),
      ),
    );
    socket.once('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify({ command })}\n`);
    });
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.once('error', (error) => {
      if (!connected && (error.code === 'ENOENT' || error.code === 'ECONNREFUSED')) resolve(null);
      else reject(error);
    });
    socket.once('end', () => {
      const all = Buffer.concat(chunks);
      const newline = all.indexOf(10);
      if (newline < 0) return reject(new BackupError(`The server on ${socketPath} closed without an answer`));
      const answer = JSON.parse(all.subarray(0, newline).toString('utf8'));
      const body = all.subarray(newline + 1);
      if (answer.ok && typeof answer.bytes === 'number' && body.length !== answer.bytes)
        return reject(
          new BackupError(`The database copy was cut short (${body.length} of ${answer.bytes} bytes)`),
        );
      resolve({ answer, body });
    });
  });
}

/** Every directory and file under `dir`, parents before children; sockets and other special files are left out. */
async function* walk(dir, relative = '') {
  let names;
  try {
    names = (await readdir(path.join(dir, relative))).sort();
  } catch (error) {
    if (error.code === 'ENOENT') return; // removed while the backup ran
    throw error;
  }
  for (const name of names) {
    const rel = relative ? `${relative}/${name}` : name;
    let info;
    try {
      info = await lstat(path.join(dir, rel));
    } catch (error) {
      if (error.code === 'ENOENT') continue;
      throw error;
    }
    if (info.isDirectory()) {
      yield { rel, info, type: 'directory' };
      yield* walk(dir, rel);
    } else if (info.isFile()) yield { rel, info, type: 'file' };
  }
}

const addEntry = (pack, header, content) =>
  new Promise((resolve, reject) =>
    pack.entry(header, content, (error) => (error ? reject(error) : resolve())),
  );

async function backup(args) {
  if (args.positional.length > 0) throw new BackupError(`Unexpected argument ${args.positional[0]}`);
  const dataDir = resolveDataDir(args.dataDir);
  const socketPath = path.join(dataDir, SOCKET_NAME);
  const out = args.out
    ? fromInvocation(args.out)
    : path.join(fromInvocation('backups'), `maplesource-${stamp()}.tar.gz`);
  if (!path.relative(dataDir, out).startsWith('..'))
    throw new BackupError(`Write the backup outside DATA_DIR (${dataDir}), or it would copy itself`);
  const startedAt = new Date();

  // 1. The database, first (decision 318): the server copies it between two queries.
  const reply = await ask(socketPath, 'backup', 10 * 60_000);
  if (!reply)
    throw new BackupError(
      `No server answers on ${socketPath}: is it running with DATA_DIR=${dataDir}? ` +
        '(With the server stopped, a copy of DATA_DIR as it is is a backup.)',
    );
  if (!reply.answer.ok) throw new BackupError(`The server refused: ${reply.answer.message}`);

  await mkdir(path.dirname(out), { recursive: true });
  const partial = `${out}.partial`;
  const pack = tar.pack();
  const written = pipeline(pack, createGzip(), createWriteStream(partial, { mode: 0o600 }));
  try {
    const manifest = {
      format: FORMAT,
      createdAt: startedAt.toISOString(),
      dataDir,
      database: { bytes: reply.answer.bytes, dumpMs: reply.answer.dumpMs },
    };
    await addEntry(pack, { name: MANIFEST_NAME, mode: 0o600 }, `${JSON.stringify(manifest, null, 2)}\n`);

    // PGlite's tar names its entries /PG_VERSION, /base/1/…: they go under pglite/, private to the account.
    const extract = tar.extract();
    const parsed = pipeline(async function* () {
      yield reply.body;
    }, extract);
    await addEntry(pack, { name: 'pglite', type: 'directory', mode: 0o700 });
    for await (const entry of extract) {
      const name = entry.header.name.replace(/^\/+/, '').replace(/\/+$/, '');
      const chunks = [];
      for await (const chunk of entry) chunks.push(chunk);
      if (!name || DATABASE_SKIPPED.has(name)) continue;
      if (entry.header.type === 'directory')
        await addEntry(pack, { name: `pglite/${name}`, type: 'directory', mode: 0o700 });
      else if (entry.header.type === 'file')
        await addEntry(
          pack,
          { name: `pglite/${name}`, mode: 0o600, mtime: entry.header.mtime },
          Buffer.concat(chunks),
        );
      else throw new BackupError(`Unexpected ${entry.header.type} ${name} in the database copy`);
    }
    await parsed;

    // 2. The files, after the database: every one its rows name was written before the copy began.
    let files = 0;
    for await (const { rel, info, type } of walk(dataDir)) {
      const top = rel.split('/')[0];
      if (top === 'pglite' || rel === SOCKET_NAME) continue;
      if (type === 'directory') {
        await addEntry(pack, { name: rel, type: 'directory', mode: info.mode & 0o7777, mtime: info.mtime });
        continue;
      }
      let content;
      try {
        content = await readFile(path.join(dataDir, rel));
      } catch (error) {
        if (error.code === 'ENOENT') continue; // deleted since it was listed
        throw error;
      }
      await addEntry(pack, { name: rel, mode: info.mode & 0o7777, mtime: info.mtime }, content);
      files += 1;
    }
    pack.finalize();
    await written;
    await rename(partial, out);
    const { size } = await stat(out);
    console.info(
      `Backup written: ${out} (${size} bytes; database copied by the server in ${reply.answer.dumpMs} ms, ` +
        `${files} files of ${dataDir})`,
    );
  } catch (error) {
    pack.destroy();
    await written.catch(() => undefined);
    await rm(partial, { force: true });
    throw error;
  }
}

/** A name from the archive as a path inside `dir`, or an error for one that would leave it. */
function insideDir(dir, name) {
  const clean = name.replace(/\/+$/, '');
  if (!clean || path.isAbsolute(clean) || clean.split('/').some((part) => part === '..' || part === ''))
    throw new BackupError(
      `Refusing the archive entry ${JSON.stringify(name)}: not a relative path inside DATA_DIR`,
    );
  return path.join(dir, clean);
}

async function extractInto(file, dir) {
  const extract = tar.extract();
  const read = pipeline(createReadStream(file), createGunzip(), extract);
  let manifest = null;
  for await (const entry of extract) {
    const { name, type, mode } = entry.header;
    if (name === MANIFEST_NAME) {
      const chunks = [];
      for await (const chunk of entry) chunks.push(chunk);
      manifest = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      continue;
    }
    const target = insideDir(dir, name);
    if (type === 'directory') {
      await mkdir(target, { recursive: true, mode: mode ?? 0o700 });
      entry.resume();
    } else if (type === 'file') {
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      await pipeline(entry, createWriteStream(target, { mode: mode ?? 0o600 }));
    } else throw new BackupError(`Refusing the archive entry ${name}: a ${type}, not a file or directory`);
  }
  await read;
  return manifest;
}

async function restore(args) {
  if (args.positional.length !== 1)
    throw new BackupError('Usage: npm run restore -- <backup.tar.gz> [--force]');
  const file = fromInvocation(args.positional[0]);
  if (!existsSync(file)) throw new BackupError(`No such backup: ${file}`);
  const dataDir = resolveDataDir(args.dataDir);

  const running = await ask(path.join(dataDir, SOCKET_NAME), 'status', 10_000);
  if (running)
    throw new BackupError(
      `A server is running on ${dataDir}${running.answer.pid ? ` (pid ${running.answer.pid})` : ''}: ` +
        'stop it (SIGTERM) before restoring, then start it again.',
    );
  if (existsSync(path.join(dataDir, 'pglite', 'postmaster.pid'))) {
    if (!args.force)
      throw new BackupError(
        `The database in ${dataDir} was not closed cleanly: a server is starting on it, or one stopped without ` +
          'closing it. Make sure none runs, then restore with --force.',
      );
    console.warn(`The database in ${dataDir} was not closed cleanly; restoring anyway (--force).`);
  }
  const notEmpty = existsSync(dataDir) && readdirSync(dataDir).length > 0;
  const aside = `${dataDir}.before-restore-${stamp()}`;
  if (notEmpty && !args.force)
    throw new BackupError(
      `${dataDir} is not empty. Restore with --force to keep it aside as ${path.basename(aside)} and restore ` +
        'into a fresh one.',
    );

  // Unpacked beside DATA_DIR (the same file system), then renamed into place: a broken archive changes nothing.
  const staging = `${dataDir}.restoring-${stamp()}`;
  await mkdir(staging, { recursive: true, mode: 0o700 });
  let manifest;
  try {
    manifest = await extractInto(file, staging);
    if (manifest?.format !== FORMAT || !existsSync(path.join(staging, 'pglite', 'PG_VERSION')))
      throw new BackupError(
        `${file} is not a MapleSource backup (no ${MANIFEST_NAME} or no pglite/ database)`,
      );
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  if (notEmpty) await rename(dataDir, aside);
  else if (existsSync(dataDir)) await rmdir(dataDir);
  await rename(staging, dataDir);
  console.info(`Restored the backup of ${manifest.createdAt} into ${dataDir}.`);
  if (notEmpty) console.info(`The previous DATA_DIR is kept at ${aside}.`);
  console.info('Start the server.');
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (args.command === 'backup') await backup(args);
  else if (args.command === 'restore') await restore(args);
  else throw new BackupError('Usage: node scripts/backup.mjs backup|restore …');
}

main().catch((error) => {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
});
