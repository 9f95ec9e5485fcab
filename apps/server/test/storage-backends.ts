import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/**
 * The storage adapters a test runs its suite against (`describe.each([diskStorage, s3Storage('…')])`): the
 * local disk (the default, no settings), and an S3-compatible server (s3rver) started by the test on a free
 * port in its own temporary folder, with the `S3_*` settings that select the S3 adapter.
 */
export interface StorageBackend {
  name: 'disk' | 's3';
  /** Starts what the adapter needs; the settings to build the app with. */
  env(): Promise<Record<string, string>>;
  /** Stops it and removes its files. */
  stop(): Promise<void>;
}

export const diskStorage: StorageBackend = {
  name: 'disk',
  env: async () => ({}),
  stop: async () => undefined,
};

export function s3Storage(bucket: string): StorageBackend {
  let server: S3rver | undefined;
  const directory = mkdtempSync(path.join(os.tmpdir(), `${bucket}-s3rver-`));
  return {
    name: 's3',
    async env() {
      server = new S3rver({
        address: '127.0.0.1',
        port: 0,
        silent: true,
        directory,
        configureBuckets: [{ name: bucket }],
      });
      const { port } = await server.run();
      return {
        S3_BUCKET: bucket,
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      };
    },
    async stop() {
      await server?.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
