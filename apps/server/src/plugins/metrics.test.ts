import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { createTestApp, type TestApp } from '../../test/helpers';
import { signUp } from '../../test/accounts-helpers';
import { connectedSocket } from '../../test/socket-client';
import { testTimeouts } from '../../../../test-timeouts.mjs';
import { paymentWebhookPath } from './payments';
import { signWebhook } from './payments/signature';

/**
 * `GET /metrics` (decision 303): Prometheus text behind a bearer token, never public. The text format is parsed
 * here line by line (`name{label="value",…} number`), so every family and label is checked as a scraper sees it.
 */
const token = 'metrics-token-for-the-test-0123456789';
const failingJob = 'metrics-test.always-fails';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parseSamples(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
      labels[key!] = value!.replace(/\\(.)/g, '$1');
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

let t: TestApp;
let url: string;
const sockets: Socket[] = [];

async function scrape(): Promise<Sample[]> {
  const answer = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseSamples(answer.body);
}
const named = (samples: Sample[], name: string) => samples.filter((sample) => sample.name === name);
const labelKeys = (sample: Sample) => Object.keys(sample.labels).sort();

beforeAll(async () => {
  t = await createTestApp({
    env: { METRICS_TOKEN: token, JOBS_POLLING_INTERVAL_SECONDS: '0.5' },
    beforeReady: (app) =>
      app.jobs.register(
        failingJob,
        async () => {
          throw new Error('this job always fails');
        },
        { retryLimit: 0 },
      ),
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t?.close();
});

describe('metrics are never public (decision 303)', () => {
  it('answers 401 without the token or with a wrong one', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong' }, { authorization: token }]) {
      const answer = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
      expect(answer.body).not.toContain('maplesource_');
    }
  });

  it('answers 404 when METRICS_TOKEN is not set, whatever is sent', async () => {
    const plain = await createTestApp({ database: t.database });
    try {
      const answer = await plain.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    } finally {
      await plain.close();
    }
  });
});

describe('the families a scrape carries (decision 303)', () => {
  it('times requests by route template and status class, never by raw URL', async () => {
    await t.app.inject({ method: 'GET', url: '/healthz' });
    await t.app.inject({ method: 'GET', url: '/uploads/no-such-file-4711.webp' });
    const samples = named(await scrape(), 'maplesource_http_request_duration_seconds_count');
    for (const sample of samples) expect(labelKeys(sample)).toEqual(['method', 'route', 'status_class']);
    expect(samples).toContainEqual({
      name: 'maplesource_http_request_duration_seconds_count',
      labels: { method: 'GET', route: '/healthz', status_class: '2xx' },
      value: 1,
    });
    expect(samples).toContainEqual({
      name: 'maplesource_http_request_duration_seconds_count',
      labels: { method: 'GET', route: '/uploads/*', status_class: '4xx' },
      value: 1,
    });
    expect(samples.some((sample) => sample.labels.route!.includes('4711'))).toBe(false);
    const buckets = named(await scrape(), 'maplesource_http_request_duration_seconds_bucket').filter(
      (sample) => sample.labels.route === '/healthz',
    );
    expect(buckets.map((sample) => sample.labels.le)).toEqual([
      '0.005',
      '0.01',
      '0.025',
      '0.05',
      '0.1',
      '0.25',
      '0.5',
      '1',
      '2.5',
      '5',
      '10',
      '30',
      '+Inf',
    ]);
    expect(buckets.at(-1)!.value).toBe(1);
  });

  it('counts open sockets and chat messages sent', async () => {
    const [buyer, seller] = [await signUp(t.app), await signUp(t.app)];
    const { chatId } = await t.app.db.transaction((tx) =>
      t.app.chat.openConversation(tx, {
        buyerId: buyer.id,
        sellerUserId: seller.id,
        subject: { kind: 'product', id: 7 },
        quotationId: null,
      }),
    );
    const socket = await connectedSocket(url, seller.cookie);
    sockets.push(socket);
    const payload = { chatId, receiverId: seller.id, clientMessageId: 'metrics-0001', text: 'Counted' };
    for (let i = 0; i < 2; i += 1) {
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/v1/messages',
        headers: { role: 'buyer', cookie: buyer.cookie },
        payload,
      });
      expect(sent.statusCode).toBeLessThan(300);
    }

    const samples = await scrape();
    expect(named(samples, 'maplesource_open_sockets')).toEqual([
      { name: 'maplesource_open_sockets', labels: {}, value: 1 },
    ]);
    // The repeated client message id stores nothing new: one message.
    expect(named(samples, 'maplesource_chat_messages_sent_total')).toEqual([
      { name: 'maplesource_chat_messages_sent_total', labels: { kind: 'product' }, value: 1 },
    ]);
    socket.close();
    await expect
      .poll(async () => named(await scrape(), 'maplesource_open_sockets')[0]!.value, {
        timeout: testTimeouts.conditionMs,
      })
      .toBe(0);
  });

  it('reports the event outbox backlog and the age of its oldest event', async () => {
    const eventId = randomUUID();
    await t.app.db.execute(sql`
      WITH event AS (
        INSERT INTO domain_events (id, name, payload, occurred_at)
        VALUES (${eventId}::uuid, 'metrics.test', '{}'::jsonb, now() - interval '90 seconds') RETURNING id
      )
      INSERT INTO event_deliveries (event_id, subscriber) SELECT id, 'metrics-test.nobody' FROM event`);
    const samples = await scrape();
    const [pending] = named(samples, 'maplesource_event_outbox_pending');
    const [oldest] = named(samples, 'maplesource_event_outbox_oldest_age_seconds');
    expect(pending!.labels).toEqual({});
    expect(pending!.value).toBeGreaterThanOrEqual(1);
    expect(oldest!.labels).toEqual({});
    expect(oldest!.value).toBeGreaterThanOrEqual(90);
    expect(oldest!.value).toBeLessThan(3_600);
    await t.app.db.execute(sql`DELETE FROM domain_events WHERE id = ${eventId}::uuid`);
  });

  it('reports each queue by state and counts failed job attempts per queue', async () => {
    await t.app.jobs.send(failingJob, {});
    await expect
      .poll(
        async () =>
          named(await scrape(), 'maplesource_job_failures_total').find(
            (sample) => sample.labels.queue === failingJob,
          )?.value,
        { timeout: testTimeouts.conditionMs },
      )
      .toBe(1);
    const jobs = named(await scrape(), 'maplesource_job_queue_jobs');
    for (const sample of jobs) expect(labelKeys(sample)).toEqual(['queue', 'state']);
    const queues = new Set(jobs.map((sample) => sample.labels.queue));
    expect(queues).toContain(failingJob);
    for (const queue of queues)
      expect(
        jobs
          .filter((sample) => sample.labels.queue === queue)
          .map((sample) => sample.labels.state)
          .sort(),
      ).toEqual(['active', 'deferred', 'failed', 'ready']);
    await expect
      .poll(
        async () =>
          named(await scrape(), 'maplesource_job_queue_jobs').find(
            (sample) => sample.labels.queue === failingJob && sample.labels.state === 'failed',
          )?.value,
        { timeout: testTimeouts.conditionMs },
      )
      .toBe(1);
  });

  it('counts payment webhooks accepted and refused', async () => {
    const body = JSON.stringify({
      id: 'evt_metrics_1',
      object: 'event',
      type: 'customer.created',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'cus_1', object: 'customer' } },
    });
    const post = (signature: string) =>
      t.app.inject({
        method: 'POST',
        url: paymentWebhookPath,
        payload: body,
        headers: { 'content-type': 'application/json', 'maplesource-signature': signature },
      });
    expect((await post(signWebhook(body, t.config.PAYMENT_WEBHOOK_SECRET))).statusCode).toBe(200);
    expect((await post('t=1,v1=forged')).statusCode).toBe(400);
    expect((await post('junk')).statusCode).toBe(400);
    expect(named(await scrape(), 'maplesource_payment_webhooks_total')).toEqual([
      { name: 'maplesource_payment_webhooks_total', labels: { outcome: 'accepted' }, value: 1 },
      { name: 'maplesource_payment_webhooks_total', labels: { outcome: 'refused' }, value: 2 },
    ]);
  });

  it('reports the database pool on PostgreSQL (none on PGlite, which has no pool)', async () => {
    const pool = named(await scrape(), 'maplesource_db_pool_connections');
    if (t.database.driver === 'pglite') {
      expect(pool).toEqual([]);
      return;
    }
    expect(pool.map((sample) => sample.labels)).toEqual([
      { state: 'in_use' },
      { state: 'idle' },
      { state: 'waiting' },
    ]);
    const byState = Object.fromEntries(pool.map((sample) => [sample.labels.state, sample.value]));
    expect(byState.in_use! + byState.idle!).toBeGreaterThanOrEqual(1);
    expect(byState.waiting).toBe(0);
  });

  it("carries the process's CPU, memory and event-loop lag", async () => {
    const samples = await scrape();
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_cpu_system_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
    ]) {
      const [sample] = named(samples, name);
      expect(sample, name).toBeDefined();
      expect(sample!.labels).toEqual({});
      expect(sample!.value).toBeGreaterThanOrEqual(0);
    }
    expect(named(samples, 'process_resident_memory_bytes')[0]!.value).toBeGreaterThan(1_000_000);
  });
});
