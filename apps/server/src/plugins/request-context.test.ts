import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { testTimeouts } from '../../../../test-timeouts.mjs';

/**
 * A request's id reaches the work it causes after it answered (decision 303): the outbox event it emitted is
 * delivered, and the jobs it queued (directly, or from that event's subscriber) run, with log lines carrying the
 * same `reqId` as the request's own lines. The log is read as pino writes it.
 */
const testJob = 'request-id-test.job';
const marker = 'request-id-test';

interface LogLine {
  msg?: string;
  reqId?: string;
  subscriber?: string;
  job?: string;
  [key: string]: unknown;
}

let t: TestApp;
const lines: LogLine[] = [];
const jobData: object[] = [];

beforeAll(async () => {
  t = await createTestApp({
    env: { LOG_LEVEL: 'debug', JOBS_POLLING_INTERVAL_SECONDS: '0.5' },
    logStream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) },
    beforeReady: (app) => {
      app.jobs.register<{ step: string }>(testJob, async (data) => {
        jobData.push(data);
      });
      app.events.subscribe('request-id-test.listener', 'category.renamed', async (payload, ctx) => {
        if (payload.categoryId === marker)
          await app.jobs.send(testJob, { step: 'from-event' }, { tx: ctx.tx });
      });
      app.post('/test/cause-work', async () => {
        await app.db.transaction(async (tx) => {
          await app.events.emit('category.renamed', { categoryId: marker }, tx);
          await app.jobs.send(testJob, { step: 'direct' }, { tx });
        });
        return { queued: true };
      });
    },
  });
});
afterAll(async () => {
  await t?.close();
});

async function workCausedBy(headers: Record<string, string>) {
  lines.length = 0;
  jobData.length = 0;
  const answer = await t.app.inject({ method: 'POST', url: '/test/cause-work', headers });
  expect(answer.statusCode).toBe(200);
  const requestId = String(answer.headers['x-request-id']);
  const jobsStarted = () => lines.filter((line) => line.msg === 'job started' && line.job === testJob);
  await expect.poll(() => jobsStarted().length, { timeout: testTimeouts.conditionMs }).toBe(2);
  const delivery = lines.find(
    (line) => line.msg === 'event handled' && line.subscriber === 'request-id-test.listener',
  );
  return { requestId, delivery, jobsStarted: jobsStarted() };
}

describe('request ids reach event deliveries and jobs (decision 303)', () => {
  it("carries the client's x-request-id to the event delivery, the job it queued and the job the event queued", async () => {
    const { requestId, delivery, jobsStarted } = await workCausedBy({ 'x-request-id': 'client-trace-0001' });
    expect(requestId).toBe('client-trace-0001');
    // The request's own lines carry it (pino's `reqId`), and so does the work it caused.
    expect(lines.some((line) => line.msg === 'request completed' && line.reqId === requestId)).toBe(true);
    expect(delivery?.reqId).toBe(requestId);
    expect(jobsStarted.map((line) => line.reqId)).toEqual([requestId, requestId]);
    // The id travels beside the job's data, not in it: the handler sees only what was sent.
    expect(jobData).toEqual(expect.arrayContaining([{ step: 'direct' }, { step: 'from-event' }]));
  });

  it('carries the generated id when the client sent none', async () => {
    const { requestId, delivery, jobsStarted } = await workCausedBy({});
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(delivery?.reqId).toBe(requestId);
    expect(jobsStarted.map((line) => line.reqId)).toEqual([requestId, requestId]);
  });

  it('leaves work no request caused without an id', async () => {
    lines.length = 0;
    await t.app.jobs.send(testJob, { step: 'no-request' });
    await expect
      .poll(() => lines.find((line) => line.msg === 'job started' && line.job === testJob), {
        timeout: testTimeouts.conditionMs,
      })
      .toBeDefined();
    expect(lines.find((line) => line.msg === 'job started' && line.job === testJob)?.reqId).toBeUndefined();
  });
});
