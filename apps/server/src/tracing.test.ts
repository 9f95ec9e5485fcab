import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/helpers';
import { inBackgroundSpan } from './plugins/tracing';
import { startTracing, tracesUrl, type Tracing } from './tracing';

/**
 * Traces on (decision 319), on the driver this run tests: a request's server span, the spans of the statements it
 * ran nested under it (never a parameter's value), a job run's span and an event delivery's, each with their
 * statements as children.
 */
const exporter = new InMemorySpanExporter();
let tracing: Tracing;
let t: TestApp;

/** Values the test's statements are given as parameters: no span may carry them. */
const secretSlug = 'otel-secret-slug-5b1f0c';
const secretJobValue = 'otel-secret-job-value-9d2e';
const secretEventValue = 'otel-secret-event-value-47aa';
const secretTxValue = 'otel-secret-tx-value-c03b';

const testJob = 'tracing-test.job';
const testSubscriber = 'tracing-test.listener';
const eventMarker = 'tracing-test-category';
let jobId: string | null = null;

beforeAll(async () => {
  const started = startTracing(
    { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_SERVICE_NAME: 'maplesource-test' },
    { spanProcessor: new SimpleSpanProcessor(exporter) },
  );
  if (!started) throw new Error('tracing did not start with an endpoint');
  tracing = started;
  t = await createTestApp({
    tracerProvider: tracing.provider,
    env: { JOBS_POLLING_INTERVAL_SECONDS: '0.5' },
    beforeReady: (app) => {
      app.jobs.register<{ step: string }>(testJob, async () => {
        await app.db.execute(sql`SELECT ${secretJobValue}::text AS value`);
      });
      app.events.subscribe(testSubscriber, 'category.renamed', async (payload, { tx }) => {
        if (payload.categoryId === eventMarker)
          await tx.execute(sql`SELECT ${secretEventValue}::text AS value`);
      });
      app.get('/test/tracing/fail', async () => {
        throw new Error('otel-secret-failure-message-0e7d');
      });
      // A request that writes in a transaction: emits an event and queues a job, both delivered later.
      app.post('/test/tracing/cause-work', async () => {
        await app.db.transaction(async (tx) => {
          await tx.execute(sql`SELECT ${secretTxValue}::text AS value`);
          await app.events.emit('category.renamed', { categoryId: eventMarker }, tx);
          jobId = await app.jobs.send(testJob, { step: 'one' }, { tx });
        });
        return { queued: true };
      });
    },
  });
});
afterAll(async () => {
  await t?.close();
  await tracing?.shutdown();
});

const spans = () => exporter.getFinishedSpans();
const spanId = (span: ReadableSpan) => span.spanContext().spanId;
const traceId = (span: ReadableSpan) => span.spanContext().traceId;
const statementSpans = (of: ReadableSpan) =>
  spans().filter((span) => span.attributes['db.system.name'] && traceId(span) === traceId(of));

/** True when `ancestor` is `span`'s parent, or its parent's, and so on. */
function descendsFrom(span: ReadableSpan, ancestor: ReadableSpan): boolean {
  const byId = new Map(spans().map((each) => [spanId(each), each]));
  let parentId = span.parentSpanContext?.spanId;
  while (parentId) {
    if (parentId === spanId(ancestor)) return true;
    parentId = byId.get(parentId)?.parentSpanContext?.spanId;
  }
  return false;
}

/** Every attribute value of every finished span, as text. */
const allAttributeText = () =>
  spans()
    .flatMap((span) => [span.name, ...Object.values(span.attributes).map(String)])
    .join('\n');

describe('traces (decision 319)', () => {
  it('builds the OTLP traces URL from the base endpoint', () => {
    expect(tracesUrl('http://collector:4318')).toBe('http://collector:4318/v1/traces');
    expect(tracesUrl('http://collector:4318/otlp/')).toBe('http://collector:4318/otlp/v1/traces');
  });

  it("makes one server span per request, named by its route template, with the statements' spans under it", async () => {
    exporter.reset();
    const answer = await t.app.inject({ method: 'GET', url: `/api/v1/blogs/${secretSlug}` });
    expect(answer.statusCode).toBe(404);
    const requestId = String(answer.headers['x-request-id']);

    const serverSpans = () => spans().filter((span) => span.kind === SpanKind.SERVER);
    await expect.poll(() => serverSpans().length).toBe(1);
    const [server] = serverSpans();
    expect(server!.name).toBe('GET /api/v1/blogs/:slug');
    expect(server!.attributes).toMatchObject({
      'http.request.method': 'GET',
      'http.route': '/api/v1/blogs/:slug',
      'http.response.status_code': 404,
      'maplesource.request.id': requestId,
    });
    // A 404 is the client's: the server span is no error.
    expect(server!.status.code).not.toBe(SpanStatusCode.ERROR);
    expect(server!.resource.attributes['service.name']).toBe('maplesource-test');

    const statements = statementSpans(server!);
    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements) {
      expect(statement.kind).toBe(SpanKind.CLIENT);
      expect(descendsFrom(statement, server!)).toBe(true);
      expect(statement.attributes['db.system.name']).toBe('postgresql');
      expect(statement.attributes['db.operation.name']).toMatch(/^[A-Z]+$/);
    }
    expect(statements.map((span) => span.attributes['db.operation.name'])).toContain('SELECT');
    expect(allAttributeText()).not.toContain(secretSlug);
  });

  it('names an unmatched request by its method alone, without a route', async () => {
    exporter.reset();
    const answer = await t.app.inject({ method: 'DELETE', url: '/api/v1/no-such-route' });
    expect(answer.statusCode).toBe(404);
    await expect.poll(() => spans().filter((span) => span.kind === SpanKind.SERVER).length).toBe(1);
    const server = spans().find((span) => span.kind === SpanKind.SERVER)!;
    expect(server.name).toBe('DELETE');
    expect(server.attributes['http.route']).toBeUndefined();
    expect(server.attributes['http.response.status_code']).toBe(404);
  });

  it('marks a request the server failed (5xx) as an error, by its kind and not its message', async () => {
    exporter.reset();
    const answer = await t.app.inject({ method: 'GET', url: '/test/tracing/fail' });
    expect(answer.statusCode).toBe(500);
    await expect.poll(() => spans().filter((span) => span.kind === SpanKind.SERVER).length).toBe(1);
    const server = spans().find((span) => span.kind === SpanKind.SERVER)!;
    expect(server.status.code).toBe(SpanStatusCode.ERROR);
    expect(server.attributes['http.response.status_code']).toBe(500);
    expect(server.attributes['error.type']).toBe('Error');
    expect(JSON.stringify([server.status, server.events])).not.toContain('otel-secret-failure-message');
  });

  it("continues the caller's trace from a traceparent header", async () => {
    exporter.reset();
    const callerTrace = '0af7651916cd43dd8448eb211c80319c';
    await t.app.inject({
      method: 'GET',
      url: '/api/v1/blogs/some-post',
      headers: { traceparent: `00-${callerTrace}-b7ad6b7169203331-01` },
    });
    await expect.poll(() => spans().filter((span) => span.kind === SpanKind.SERVER).length).toBe(1);
    const server = spans().find((span) => span.kind === SpanKind.SERVER)!;
    expect(traceId(server)).toBe(callerTrace);
    expect(server.parentSpanContext?.spanId).toBe('b7ad6b7169203331');
  });

  it("traces a transaction's statements under the request, then the job run and the event delivery it caused", async () => {
    exporter.reset();
    const answer = await t.app.inject({ method: 'POST', url: '/test/tracing/cause-work' });
    expect(answer.statusCode).toBe(200);
    const requestId = String(answer.headers['x-request-id']);
    await expect.poll(() => spans().some((span) => span.kind === SpanKind.SERVER)).toBe(true);
    const server = spans().find((span) => span.kind === SpanKind.SERVER)!;
    expect(server.name).toBe('POST /test/tracing/cause-work');
    const inTransaction = statementSpans(server);
    // The transaction's own statement, and the outbox and queue writes made in it, all under the request.
    expect(inTransaction.length).toBeGreaterThanOrEqual(3);
    for (const statement of inTransaction) expect(descendsFrom(statement, server)).toBe(true);
    expect(inTransaction.map((span) => span.name)).toEqual(
      expect.arrayContaining(['SELECT', expect.stringMatching(/^INSERT /)]),
    );

    // The job run (pg-boss's span): with the queue, the job's id and the request that queued it, in its trace.
    const jobSpan = () => spans().find((span) => span.name === `process ${testJob}`);
    await expect.poll(() => jobSpan() !== undefined).toBe(true);
    expect(jobSpan()!.kind).toBe(SpanKind.CONSUMER);
    expect(descendsFrom(jobSpan()!, server)).toBe(true);
    expect(jobSpan()!.attributes).toMatchObject({
      'messaging.destination.name': testJob,
      'messaging.message.id': jobId,
      'maplesource.request.id': requestId,
    });
    // The handler's statement, under the run's span.
    const jobStatements = statementSpans(jobSpan()!).filter((span) => descendsFrom(span, jobSpan()!));
    expect(jobStatements.map((span) => span.name)).toContain('SELECT');

    // The event delivery: a span with the event's name and the subscriber, its handler's statement under it.
    await t.app.events.drain();
    const deliverySpan = () =>
      spans().find(
        (span) =>
          span.name === 'process category.renamed' &&
          span.attributes['messaging.consumer.group.name'] === testSubscriber,
      );
    await expect.poll(() => deliverySpan() !== undefined).toBe(true);
    expect(deliverySpan()!.attributes['maplesource.request.id']).toBe(requestId);
    // In the request's trace (decision 349): the outbox row carried the emitting span's context.
    expect(traceId(deliverySpan()!)).toBe(traceId(server));
    expect(descendsFrom(deliverySpan()!, server)).toBe(true);
    expect(statementSpans(deliverySpan()!).some((span) => descendsFrom(span, deliverySpan()!))).toBe(true);

    const text = allAttributeText();
    for (const secret of [secretTxValue, secretJobValue, secretEventValue])
      expect(text).not.toContain(secret);
  });

  it('starts work caused by several traces (a batch of events) as a trace of its own linked to each', async () => {
    exporter.reset();
    const tracer = tracing.provider.getTracer('tracing-test');
    const [one, two] = ['4bf92f3577b34da6a3ce929d0e0e4736', '5cf92f3577b34da6a3ce929d0e0e4737'];
    const causes = [`00-${one}-00f067aa0ba902b7-01`, undefined, `00-${two}-00f067aa0ba902b8-01`];
    await inBackgroundSpan(
      tracer,
      'process batch',
      () => ({}),
      async () => undefined,
      causes,
    );
    await inBackgroundSpan(
      tracer,
      'process single',
      () => ({}),
      async () => undefined,
      [causes[0]],
    );
    await inBackgroundSpan(
      tracer,
      'process unknown',
      () => ({}),
      async () => undefined,
      ['00-garbage'],
    );
    const byName = (name: string) => spans().find((span) => span.name === name)!;
    const batch = byName('process batch');
    expect([one, two]).not.toContain(traceId(batch));
    expect(batch.parentSpanContext).toBeUndefined();
    expect(batch.links.map((link) => link.context.traceId)).toEqual([one, two]);
    expect(traceId(byName('process single'))).toBe(one);
    expect(byName('process single').parentSpanContext?.spanId).toBe('00f067aa0ba902b7');
    expect(byName('process unknown').parentSpanContext).toBeUndefined();
  });

  it("marks a failed statement with its SQLSTATE, not the error's message", async () => {
    exporter.reset();
    const value = 'otel-not-a-uuid-61e0';
    await tracing.tracer.startActiveSpan('probe', async (probe) => {
      await expect(t.app.db.execute(sql`SELECT ${value}::uuid`)).rejects.toThrow();
      probe.end();
    });
    const failed = spans().find(
      (span) => span.attributes['db.system.name'] && span.status.code === SpanStatusCode.ERROR,
    );
    expect(failed?.attributes['error.type']).toBe('22P02');
    expect(failed?.attributes['db.response.status_code']).toBe('22P02');
    expect(JSON.stringify(failed?.status)).not.toContain(value);
    expect(allAttributeText()).not.toContain(value);
  });
});
