import { context, propagation, trace, type Tracer, type TracerProvider } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import type { AppConfig } from './config';

/** The instrumentation scope of every span the app makes. */
export const tracerName = 'maplesource';

export interface Tracing {
  /** The registered provider: `buildApp` takes it (the job queue's own instrumentation names its scope with it). */
  provider: TracerProvider;
  /** The app's tracer, `tracerName`'s: `openDatabase` makes the statements' spans with it. */
  tracer: Tracer;
  /** Sends the spans still buffered and unregisters the provider. */
  shutdown(): Promise<void>;
}

export type TracingSettings = Pick<AppConfig, 'OTEL_EXPORTER_OTLP_ENDPOINT' | 'OTEL_SERVICE_NAME'>;

/**
 * The OTLP/HTTP traces URL of a base endpoint, as the OpenTelemetry specification builds it from
 * OTEL_EXPORTER_OTLP_ENDPOINT: `v1/traces` appended to its path.
 */
export function tracesUrl(endpoint: string): string {
  return `${endpoint.replace(/\/+$/, '')}/v1/traces`;
}

/**
 * Starts tracing for this process (decision 319), or answers null and does nothing when no
 * OTEL_EXPORTER_OTLP_ENDPOINT is set: no provider is registered, nothing is wrapped, no hook is added, and the
 * OpenTelemetry API stays its no-op self. On, a Node tracer provider is registered globally (with the
 * AsyncLocalStorage context manager, so a statement's span nests under its request's, and the W3C trace-context
 * propagator), its spans batched to the OTLP/HTTP exporter. The exporter reads its other standard variables
 * (OTEL_EXPORTER_OTLP_HEADERS, …_TIMEOUT) and the SDK its sampler (OTEL_TRACES_SAMPLER) from the environment.
 * `spanProcessor` replaces the exporter (tests).
 */
export function startTracing(
  settings: TracingSettings,
  options: { spanProcessor?: SpanProcessor } = {},
): Tracing | null {
  if (!settings.OTEL_EXPORTER_OTLP_ENDPOINT) return null;
  const spanProcessor =
    options.spanProcessor ??
    new BatchSpanProcessor(new OTLPTraceExporter({ url: tracesUrl(settings.OTEL_EXPORTER_OTLP_ENDPOINT) }));
  // OTEL_RESOURCE_ATTRIBUTES (deployment.environment.name, service.instance.id, …) then the service's name.
  const resource = detectResources({ detectors: [envDetector] }).merge(
    resourceFromAttributes({ [ATTR_SERVICE_NAME]: settings.OTEL_SERVICE_NAME }),
  );
  const provider = new NodeTracerProvider({ resource, spanProcessors: [spanProcessor] });
  provider.register();
  return {
    provider,
    tracer: provider.getTracer(tracerName),
    shutdown: async () => {
      await provider.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}
