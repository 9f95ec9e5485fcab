import { afterAll, describe, expect, it } from 'vitest';
import { ProxyTracerProvider, trace } from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { sql } from 'drizzle-orm';
import { createTestApp, testConfig, type TestApp } from '../test/helpers';
import { startTracing } from './tracing';

/**
 * Traces off, the default (decision 319): without OTEL_EXPORTER_OTLP_ENDPOINT no provider is registered, and an app
 * built without a tracer provider makes no span at all, even in a process where someone else registered one.
 */
let t: TestApp | undefined;
afterAll(async () => {
  await t?.close();
  trace.disable();
});

describe('traces off (decision 319)', () => {
  it('registers no tracer provider without an endpoint', () => {
    const config = testConfig();
    expect(config.OTEL_EXPORTER_OTLP_ENDPOINT).toBeUndefined();
    expect(config.OTEL_SERVICE_NAME).toBe('maplesource');
    expect(startTracing(config)).toBeNull();
    const global = trace.getTracerProvider();
    // The API's proxy, with no SDK behind it: every span is a no-op that records nothing.
    expect(global).toBeInstanceOf(ProxyTracerProvider);
    expect((global as ProxyTracerProvider).getDelegate()).not.toBeInstanceOf(BasicTracerProvider);
    expect(trace.getTracer('probe').startSpan('probe').isRecording()).toBe(false);
  });

  it('makes no span for requests, statements or jobs of an app built without a provider', async () => {
    // A provider that would record anything made through the global API.
    const exporter = new InMemorySpanExporter();
    // Registered, or the test proves nothing: a second copy of @opentelemetry/api at another version refuses it
    // (and, registered first, refuses the SDK's own registration in the next file of this worker).
    expect(
      trace.setGlobalTracerProvider(
        new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }),
      ),
    ).toBe(true);
    let ran = false;
    t = await createTestApp({
      env: { JOBS_POLLING_INTERVAL_SECONDS: '0.5' },
      beforeReady: (app) => {
        app.jobs.register('tracing-off-test.job', async () => {
          await app.db.execute(sql`SELECT 1`);
          ran = true;
        });
      },
    });
    const app = t.app;
    expect((await app.inject({ method: 'GET', url: '/api/v1/blogs/no-such-post' })).statusCode).toBe(404);
    await app.jobs.send('tracing-off-test.job', {});
    await expect.poll(() => ran).toBe(true);
    expect(exporter.getFinishedSpans()).toEqual([]);
  });
});
