import { createReadStream } from 'node:fs';
import { access, constants, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { assertStorageKey, type ObjectInfo, type StorageAdapter, type Visibility } from './adapter';

/** For files written before content types were kept (decision 019's `<sha256>.webp` images). */
const typesByExtension: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  pdf: 'application/pdf',
};
const typeOfName = (key: string) =>
  typesByExtension[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';

/**
 * Files on local disk, one root per visibility (DATA_DIR/uploads and DATA_DIR/private-files). Each
 * file's content type sits beside it under `<root>/.meta/` (no key can start with a dot, so that
 * directory is never a key). Writes are atomic: a temp file renamed into place.
 */
export class LocalDiskStorage implements StorageAdapter {
  readonly name = 'disk' as const;
  constructor(private readonly roots: Record<Visibility, string>) {}

  private pathsOf(visibility: Visibility, key: string) {
    assertStorageKey(key);
    const root = this.roots[visibility];
    return { root, file: path.join(root, key), meta: path.join(root, '.meta', `${key}.json`) };
  }

  private async writeAtomically(root: string, target: string, data: Buffer | string) {
    await mkdir(path.dirname(target), { recursive: true });
    const temp = path.join(root, `.tmp-${randomBytes(8).toString('hex')}`);
    await writeFile(temp, data);
    await rename(temp, target);
  }

  async write(visibility: Visibility, key: string, data: Buffer, contentType: string) {
    const { root, file, meta } = this.pathsOf(visibility, key);
    await mkdir(root, { recursive: true });
    await this.writeAtomically(root, meta, JSON.stringify({ contentType }));
    await this.writeAtomically(root, file, data);
  }

  async stat(visibility: Visibility, key: string): Promise<ObjectInfo | null> {
    const { file, meta } = this.pathsOf(visibility, key);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    const stored = await readFile(meta, 'utf8')
      .then((text) => JSON.parse(text) as { contentType?: string })
      .catch(() => ({}) as { contentType?: string });
    return {
      size: info.size,
      contentType: stored.contentType ?? typeOfName(key),
      lastModified: info.mtime,
    };
  }

  async read(visibility: Visibility, key: string) {
    const info = await this.stat(visibility, key);
    if (!info) return null;
    return { ...info, body: createReadStream(this.pathsOf(visibility, key).file) };
  }

  async remove(visibility: Visibility, key: string) {
    const { file, meta } = this.pathsOf(visibility, key);
    await rm(file, { force: true });
    await rm(meta, { force: true });
  }

  /** Both roots exist (made if missing) and this process may write in them. */
  async probe() {
    for (const root of Object.values(this.roots)) {
      await mkdir(root, { recursive: true });
      await access(root, constants.W_OK);
    }
  }
}
