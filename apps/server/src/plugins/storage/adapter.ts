import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** Public files are served by path at `/uploads/<key>`; private ones only by their module's route. */
export type Visibility = 'public' | 'private';

export interface ObjectInfo {
  size: number;
  contentType: string;
  lastModified: Date;
}

/** One storage backend (local disk, S3-compatible): plain object operations per visibility. */
export interface StorageAdapter {
  readonly name: 'disk' | 's3';
  write(visibility: Visibility, key: string, data: Buffer, contentType: string): Promise<void>;
  stat(visibility: Visibility, key: string): Promise<ObjectInfo | null>;
  read(visibility: Visibility, key: string): Promise<(ObjectInfo & { body: Readable }) | null>;
  /** Removing a missing object is not an error. */
  remove(visibility: Visibility, key: string): Promise<void>;
  /** Throws when the backend cannot take files now (readiness): the disk roots not writable, the bucket unreachable. */
  probe(): Promise<void>;
  close?(): Promise<void>;
}

export interface StoredFileInfo extends ObjectInfo {
  key: string;
  visibility: Visibility;
}
export interface StoredFile extends StoredFileInfo {
  body: Readable;
}

/** The storage port modules use (`app.storage`). */
export interface FileStorage {
  readonly adapterName: StorageAdapter['name'];
  /** Stores `data` under `key` (replacing it, and moving it if it had the other visibility). */
  put(key: string, data: Buffer, options: { visibility: Visibility; contentType: string }): Promise<void>;
  head(key: string): Promise<StoredFileInfo | null>;
  exists(key: string): Promise<boolean>;
  /** The whole file in memory (small files only); null when there is none. */
  get(key: string): Promise<(StoredFileInfo & { data: Buffer }) | null>;
  /** The file as a stream, optionally only if it has the given visibility; null when there is none. */
  stream(key: string, visibility?: Visibility): Promise<StoredFile | null>;
  /** True when there was something to delete. */
  delete(key: string): Promise<boolean>;
  /** Throws when files cannot be stored now (`/readyz`). */
  probe(): Promise<void>;
  /** The public address (`/uploads/<key>`) of a public file. */
  publicUrl(key: string): string;
  /**
   * Answers a private file as a download (`Content-Disposition: attachment`, `nosniff`, not cached),
   * or 404. Call it only after the route's own access check.
   */
  sendPrivate(reply: FastifyReply, key: string, options: { filename: string }): Promise<FastifyReply>;
}

/**
 * Keys are relative paths of 1–8 segments; each segment starts with a letter or digit and holds only
 * letters, digits, `.`, `_` and `-`, so `..`, absolute paths, backslashes and hidden names cannot occur.
 */
const storageKeyPattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}(\/[A-Za-z0-9][A-Za-z0-9._-]{0,127}){0,7}$/;

export const isStorageKey = (key: string): boolean => key.length <= 512 && storageKeyPattern.test(key);

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key).slice(0, 80)}`);
}
