import { createReadStream } from 'node:fs';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from './errors';

/** A stored file as read back for serving. */
export interface StoredFile {
  body: Readable;
  size: number;
  contentType: string;
}

/**
 * Where uploaded files live. Keys are flat, content-addressed names (`<sha256>.webp`), so a key
 * never changes meaning and can be cached forever. The local-disk implementation is the default;
 * an S3-compatible one (PutObject / GetObject on a bucket, same keys) can implement this later.
 */
export interface FileStorage {
  /** Stores `data` under `key`; storing the same key again is a no-op (content-addressed). */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The file, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** The public address the web app uses (`/uploads/<key>`). */
  publicUrl(key: string): string;
}

/** Names the storage accepts: lowercase hex (a SHA-256) and one known image extension. */
export const storageKeyPattern = /^[a-f0-9]{64}\.(webp|png|jpg)$/;
const contentTypes: Record<string, string> = { webp: 'image/webp', png: 'image/png', jpg: 'image/jpeg' };
export const contentTypeOfKey = (key: string) =>
  contentTypes[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';

/** Files under one directory (DATA_DIR/uploads by default); writes are atomic (temp file + rename). */
export class LocalDiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    if (!storageKeyPattern.test(key)) throw new Error(`invalid storage key: ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, data: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(this.root, { recursive: true });
    if (await stat(target).catch(() => null)) return;
    const temp = path.join(this.root, `.${key}.${randomBytes(6).toString('hex')}.tmp`);
    await writeFile(temp, data);
    await rename(temp, target);
  }

  async get(key: string): Promise<StoredFile | null> {
    if (!storageKeyPattern.test(key)) return null;
    const file = this.pathOf(key);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    return { body: createReadStream(file), size: info.size, contentType: contentTypeOfKey(key) };
  }

  publicUrl(key: string): string {
    return `/uploads/${key}`;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
  }
}

export interface StorageOptions {
  /** Replaces the default local-disk storage (tests, or S3-compatible storage later). */
  storage?: FileStorage;
}

/**
 * `app.storage` (uploaded files) and `GET /uploads/<key>`: served with their content type and
 * cached for a year (keys are content hashes, so a key's bytes never change).
 */
async function storagePlugin(app: FastifyInstance, options: StorageOptions) {
  const storage = options.storage ?? new LocalDiskStorage(path.join(app.config.DATA_DIR, 'uploads'));
  app.decorate('storage', storage);

  app.get<{ Params: { key: string } }>(
    '/uploads/:key',
    { schema: { hide: true } },
    async (request, reply) => {
      const file = await storage.get(request.params.key);
      if (!file) return sendError(reply, 404, 'NOT_FOUND', 'No such file');
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-length', String(file.size))
        .type(file.contentType)
        .send(file.body);
    },
  );
}

export default fp(storagePlugin, { name: 'storage', dependencies: ['context'] });
