import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import { sendError } from './errors';
import { LocalDiskStorage } from './storage/local-disk';
import {
  assertStorageKey,
  isStorageKey,
  type FileStorage,
  type StorageAdapter,
  type StoredFile,
  type StoredFileInfo,
  type Visibility,
} from './storage/adapter';

export { isStorageKey, type FileStorage, type StoredFile, type StoredFileInfo, type Visibility };

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
  }
}

/** Content-addressed names (`<sha256>.<ext>`): their bytes never change, so they are cached for a year. */
const contentAddressedKey = /(^|\/)[a-f0-9]{64}\.[a-z0-9]+$/;

/** `attachment; filename="…"; filename*=UTF-8''…` with a plain-ASCII fallback name. */
export function attachmentDisposition(filename: string): string {
  const clean = filename.replace(/[\r\n"\\/]/g, '').slice(0, 200) || 'download';
  const ascii = clean.replace(/[^\x20-\x7e]/g, '_');
  const encoded = encodeURIComponent(clean).replace(
    /['()*!]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * The storage port over one adapter: keys are validated once here; each key lives in exactly one
 * visibility (a put moves it), and reads look in both, public first.
 */
export function createFileStorage(adapter: StorageAdapter): FileStorage {
  const visibilities: Visibility[] = ['public', 'private'];
  const head = async (key: string): Promise<StoredFileInfo | null> => {
    if (!isStorageKey(key)) return null;
    for (const visibility of visibilities) {
      const info = await adapter.stat(visibility, key);
      if (info) return { key, visibility, ...info };
    }
    return null;
  };
  const stream = async (key: string, only?: Visibility): Promise<StoredFile | null> => {
    if (!isStorageKey(key)) return null;
    for (const visibility of only ? [only] : visibilities) {
      const file = await adapter.read(visibility, key);
      if (file) return { key, visibility, ...file };
    }
    return null;
  };

  return {
    adapterName: adapter.name,
    async put(key, data, { visibility, contentType }) {
      assertStorageKey(key);
      await adapter.write(visibility, key, data, contentType);
      await adapter.remove(visibility === 'public' ? 'private' : 'public', key);
    },
    head,
    async exists(key) {
      return (await head(key)) !== null;
    },
    stream,
    async get(key) {
      const file = await stream(key);
      if (!file) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of file.body)
        chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
      const { body: _body, ...info } = file;
      return { ...info, data: Buffer.concat(chunks) };
    },
    async delete(key) {
      if (!isStorageKey(key)) return false;
      let deleted = false;
      for (const visibility of visibilities) {
        if (await adapter.stat(visibility, key)) {
          await adapter.remove(visibility, key);
          deleted = true;
        }
      }
      return deleted;
    },
    probe: () => adapter.probe(),
    publicUrl(key) {
      assertStorageKey(key);
      return `/uploads/${key}`;
    },
    async sendPrivate(reply: FastifyReply, key: string, { filename }: { filename: string }) {
      const file = await stream(key, 'private');
      if (!file) return sendError(reply, 404, 'NOT_FOUND', 'No such file');
      return reply
        .header('content-disposition', attachmentDisposition(filename))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('content-length', String(file.size))
        .type(file.contentType)
        .send(file.body);
    },
  };
}

/**
 * Chooses the adapter from the configuration: S3-compatible when S3_BUCKET is set, else local disk. The AWS SDK is
 * loaded only then (it is a large import that an embedded node, and each server test file, would pay for nothing).
 */
export async function createStorageAdapter(config: AppConfig): Promise<StorageAdapter> {
  if (config.S3_BUCKET) {
    const { S3Storage } = await import('./storage/s3');
    return new S3Storage({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT } : {}),
      ...(config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? {
            credentials: {
              accessKeyId: config.S3_ACCESS_KEY_ID,
              secretAccessKey: config.S3_SECRET_ACCESS_KEY,
            },
          }
        : {}),
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return new LocalDiskStorage({
    public: path.join(config.DATA_DIR, 'uploads'),
    private: path.join(config.DATA_DIR, 'private-files'),
  });
}

export interface StorageOptions {
  /** Replaces the adapter chosen from the configuration (tests). */
  adapter?: StorageAdapter;
}

/**
 * `app.storage` (decision 071) and `GET /uploads/<key>`, which serves public files only: a private
 * key there is a 404, like a missing one. Private files are streamed by their module's route after
 * its access check, through `app.storage.sendPrivate`.
 */
async function storagePlugin(app: FastifyInstance, options: StorageOptions) {
  const adapter = options.adapter ?? (await createStorageAdapter(app.config));
  const storage = createFileStorage(adapter);
  app.decorate('storage', storage);
  app.addHook('onClose', async () => adapter.close?.());

  app.get<{ Params: { '*': string } }>('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
    const key = request.params['*'];
    const file = await storage.stream(key, 'public');
    if (!file) return sendError(reply, 404, 'NOT_FOUND', 'No such file');
    return reply
      .header(
        'cache-control',
        contentAddressedKey.test(key) ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
      )
      .header('x-content-type-options', 'nosniff')
      .header('content-length', String(file.size))
      .type(file.contentType)
      .send(file.body);
  });
}

export default fp(storagePlugin, { name: 'storage', dependencies: ['context'] });
