import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createTestApp, createTestDatabase, type TestApp, type TestDatabase } from '../../../test/helpers';
import { s3Storage } from '../../../test/storage-backends';

const redisUrl = 'redis://127.0.0.1:6379';
/** Nothing listens on port 1 of loopback: a Redis or S3 endpoint there is unreachable. */
const nowhere = '127.0.0.1:1';

let database: TestDatabase;
const s3 = s3Storage('readiness-bucket');
let s3Env: Record<string, string>;

beforeAll(async () => {
  database = await createTestDatabase();
  s3Env = await s3.env();
});
afterAll(async () => {
  await s3.stop();
  await database.destroy();
});

async function readiness(env: Record<string, string>) {
  const test: TestApp = await createTestApp({ database, env });
  try {
    const answer = await test.app.inject({ method: 'GET', url: '/readyz' });
    return { status: answer.statusCode, body: answer.json<Record<string, string>>() };
  } finally {
    await test.close();
  }
}

describe('readiness names every dependency a node needs (decision 303)', () => {
  it('is ready when the database, Redis and the S3 bucket all answer', async () => {
    expect(await readiness({ REDIS_URL: redisUrl, ...s3Env })).toEqual({
      status: 200,
      body: { status: 'ready', database: 'ok', redis: 'ok', storage: 'ok' },
    });
  });

  it('is 503 naming Redis when Redis does not answer', async () => {
    expect(await readiness({ REDIS_URL: `redis://${nowhere}`, ...s3Env })).toEqual({
      status: 503,
      body: { status: 'unavailable', database: 'ok', redis: 'unreachable', storage: 'ok' },
    });
  });

  it('is 503 naming storage when the S3 service cannot be reached', async () => {
    expect(await readiness({ REDIS_URL: redisUrl, ...s3Env, S3_ENDPOINT: `http://${nowhere}` })).toEqual({
      status: 503,
      body: { status: 'unavailable', database: 'ok', redis: 'ok', storage: 'unreachable' },
    });
  });

  it('is 503 naming storage when the S3 bucket does not exist', async () => {
    expect(await readiness({ ...s3Env, S3_BUCKET: 'no-such-bucket' })).toEqual({
      status: 503,
      body: { status: 'unavailable', database: 'ok', storage: 'unreachable' },
    });
  });

  it('is 503 naming storage when the local upload directory cannot be made', async () => {
    const test = await createTestApp({ database });
    try {
      // A file where the uploads directory should be: nothing can be stored under it.
      writeFileSync(path.join(test.config.DATA_DIR, 'uploads'), 'not a directory');
      const answer = await test.app.inject({ method: 'GET', url: '/readyz' });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({ status: 'unavailable', database: 'ok', storage: 'unreachable' });
    } finally {
      await test.close();
    }
  });
});
