import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  context,
  propagation,
  trace,
  type Attributes,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import {
  ATTR_ERROR_TYPE,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
} from '@opentelemetry/semantic-conventions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** The id pino logs as `reqId` (decision 303), on every span of the work a request caused: traces meet logs. */
export const ATTR_REQUEST_ID = 'maplesource.request.id';

/**
 * Messaging attributes the job and event spans carry. Not yet stable in the semantic conventions package, whose
 * incubating entry point is not meant to be imported: the names, as the conventions spell them.
 */
export const ATTR_MESSAGING_SYSTEM = 'messaging.system';
export const ATTR_MESSAGING_OPERATION_TYPE = 'messaging.operation.type';
export const ATTR_MESSAGING_DESTINATION_NAME = 'messaging.destination.name';
export const ATTR_MESSAGING_MESSAGE_ID = 'messaging.message.id';
export const ATTR_MESSAGING_CONSUMER_GROUP_NAME = 'messaging.consumer.group.name';
export const ATTR_MESSAGING_BATCH_MESSAGE_COUNT = 'messaging.batch.message_count';

/** An error's kind for `error.type`: its code (`AppError`, SQLSTATE) or class. Never its message. */
export function errorTypeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && code.length > 0 && code.length <= 64) return code;
  return error instanceof Error ? error.name : 'Error';
}

/** The key under which an outbox event's payload carries its emitter's trace context (W3C `traceparent`). */
export const traceContextKey = '$traceparent';

/**
 * `payload` with the active span's trace context under `traceContextKey`, when a span is active (decision 349): the
 * event's delivery joins the trace of the request that emitted it. Without an active span, `payload` itself.
 */
export function withTraceContext<T extends object>(payload: T): T {
  if (!trace.getActiveSpan()) return payload;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ? { ...payload, [traceContextKey]: carrier.traceparent } : payload;
}

/** The trace context a stored payload carries (see `withTraceContext`), if any. */
export function traceContextIn(stored: unknown): string | undefined {
  if (stored === null || typeof stored !== 'object') return undefined;
  const value = (stored as Record<string, unknown>)[traceContextKey];
  return typeof value === 'string' && value.length <= 256 ? value : undefined;
}

/** A stored payload without its trace context, for the event's schema. */
export function withoutTraceContext(stored: unknown): unknown {
  if (stored === null || typeof stored !== 'object' || !(traceContextKey in stored)) return stored;
  const { [traceContextKey]: _trace, ...rest } = stored as Record<string, unknown>;
  return rest;
}

/**
 * Runs a unit of background work (a job's attempt, an event's delivery) in a span (decision 319): the statements it
 * runs are its children. Without a tracer it only runs `work` (the attributes are not even built). The span records a
 * failure's kind, not its message (which may quote data): the log line of the same failure, found by the request id,
 * has it. `causes` are the trace contexts of the work's origins (decision 349): with one, the span continues its
 * trace; with several (a batch of events from several requests), it starts a trace of its own linked to each.
 */
export function inBackgroundSpan<T>(
  tracer: Tracer | undefined,
  name: string,
  attributes: () => Attributes,
  work: () => Promise<T>,
  causes: ReadonlyArray<string | undefined> = [],
): Promise<T> {
  if (!tracer) return work();
  const origins = causes
    .filter((cause): cause is string => cause !== undefined)
    .map((traceparent) => propagation.extract(ROOT_CONTEXT, { traceparent }))
    .filter((origin) => trace.getSpanContext(origin) !== undefined);
  const parent = origins.length === 1 ? origins[0]! : ROOT_CONTEXT;
  const span = tracer.startSpan(
    name,
    {
      kind: SpanKind.CONSUMER,
      attributes: attributes(),
      root: parent === ROOT_CONTEXT,
      ...(origins.length > 1
        ? { links: origins.map((origin) => ({ context: trace.getSpanContext(origin)! })) }
        : {}),
    },
    parent,
  );
  return context.with(trace.setSpan(ROOT_CONTEXT, span), work).then(
    (result) => {
      span.end();
      return result;
    },
    (error: unknown) => {
      span.setAttribute(ATTR_ERROR_TYPE, errorTypeOf(error));
      span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
      throw error;
    },
  );
}

export interface TracingOptions {
  tracer: Tracer;
}

/**
 * One server span per HTTP request (decision 319), named `<METHOD> <route template>` (the method alone when no
 * route matched), with the method, the route template, the status and the request id. The request's handling runs
 * with the span active, so the spans of its statements nest under it. A `traceparent` header continues the
 * caller's trace. Registered only when tracing is on: off, there is no hook at all.
 */
async function tracingPlugin(app: FastifyInstance, options: TracingOptions) {
  const { tracer } = options;
  /** Each request's span, and the kind of error its handling threw, if any. */
  const spans = new WeakMap<FastifyRequest, { span: Span; errorType?: string }>();

  app.addHook('onRequest', (request, _reply, done) => {
    const parent = propagation.extract(ROOT_CONTEXT, request.headers);
    const route = request.routeOptions.url;
    const attributes: Attributes = {
      [ATTR_HTTP_REQUEST_METHOD]: request.method,
      [ATTR_REQUEST_ID]: request.id,
    };
    if (route) attributes[ATTR_HTTP_ROUTE] = route;
    const span = tracer.startSpan(
      route ? `${request.method} ${route}` : request.method,
      { kind: SpanKind.SERVER, attributes },
      parent,
    );
    spans.set(request, { span });
    context.with(trace.setSpan(parent, span), done);
  });

  /** Ends the request's span once: answered (`status`), or given up by the client (null). */
  const finish = (request: FastifyRequest, status: number | null) => {
    const state = spans.get(request);
    if (!state) return;
    spans.delete(request);
    const { span } = state;
    if (status !== null) span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, status);
    // A server span is an error only when the server failed (5xx) or the answer never went; a 4xx is the client's.
    if (status === null || status >= 500) {
      span.setAttribute(ATTR_ERROR_TYPE, state.errorType ?? (status === null ? 'aborted' : String(status)));
      span.setStatus({ code: SpanStatusCode.ERROR });
    }
    span.end();
  };

  app.addHook('onError', (request, _reply, error, done) => {
    const state = spans.get(request);
    if (state) state.errorType = errorTypeOf(error);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    finish(request, reply.statusCode);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    finish(request, null);
    done();
  });
}

export default fp(tracingPlugin, { name: 'tracing' });
