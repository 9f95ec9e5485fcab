import type { PGlite, Transaction } from '@electric-sql/pglite';
import { SpanKind, SpanStatusCode, context, trace, type Tracer } from '@opentelemetry/api';
import {
  ATTR_DB_OPERATION_NAME,
  ATTR_DB_QUERY_SUMMARY,
  ATTR_DB_RESPONSE_STATUS_CODE,
  ATTR_DB_SYSTEM_NAME,
  ATTR_ERROR_TYPE,
  DB_SYSTEM_NAME_VALUE_POSTGRESQL,
} from '@opentelemetry/semantic-conventions';
import type pg from 'pg';

/** Not yet stable in the semantic conventions package (its incubating entry point is not for libraries). */
const ATTR_DB_RESPONSE_RETURNED_ROWS = 'db.response.returned_rows';

/** Leading comments and blanks, then the statement's first word. */
const firstWordPattern = /^(?:\s+|--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/)*([A-Za-z]+)/;
/** A table name as written: `name`, `"name"`, `schema.name`, `"schema"."name"`, whole. */
const identifier = String.raw`("?[A-Za-z_][\w$]*"?(?:\s*\.\s*"?[A-Za-z_][\w$]*"?)?)(?![\w$".])`;
const targetPatterns: Record<string, RegExp> = {
  // Not a function's FROM (`extract(epoch FROM clock_timestamp())`): a table name is not followed by `(`.
  SELECT: new RegExp(String.raw`\bFROM\s+(?:ONLY\s+)?${identifier}(?!\s*\()`, 'i'),
  INSERT: new RegExp(String.raw`^\s*INSERT\s+INTO\s+${identifier}`, 'i'),
  UPDATE: new RegExp(String.raw`^\s*UPDATE\s+(?:ONLY\s+)?${identifier}`, 'i'),
  DELETE: new RegExp(String.raw`^\s*DELETE\s+FROM\s+(?:ONLY\s+)?${identifier}`, 'i'),
};

export interface StatementDescription {
  /** The statement's first word, upper case: SELECT, INSERT, WITH, BEGIN, … */
  operation: string;
  /** The operation and, for a plain SELECT / INSERT / UPDATE / DELETE, the table it names first. */
  summary: string;
}

/** Descriptions by statement text: the app runs a few hundred distinct texts, each thousands of times. */
const descriptions = new Map<string, StatementDescription>();
const MAX_DESCRIPTIONS = 2_000;

/**
 * What a SQL span says about its statement (decision 319): the operation and the table, read from the statement's
 * first words. Never the text itself, which may hold literals, and never the parameters.
 */
export function describeStatement(text: string): StatementDescription {
  let description = descriptions.get(text);
  if (description) return description;
  const operation = firstWordPattern.exec(text)?.[1]?.toUpperCase() ?? 'SQL';
  const target = targetPatterns[operation]?.exec(text)?.[1]?.replace(/"|\s/g, '');
  description = { operation, summary: target ? `${operation} ${target}` : operation };
  if (descriptions.size >= MAX_DESCRIPTIONS) descriptions.clear();
  descriptions.set(text, description);
  return description;
}

/** The SQLSTATE of a database error (both drivers' errors carry `code`), else the error's class. */
function errorTypeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  return error instanceof Error ? error.name : 'Error';
}

function returnedRows(result: unknown): number | undefined {
  const rows = (result as { rows?: unknown } | null)?.rows;
  return Array.isArray(rows) ? rows.length : undefined;
}

/**
 * Runs one statement in a span, a child of the active span. A statement that no traced work runs (the dispatcher's
 * poll, migrations, a warm-up) gets none: there is nothing for it to belong to, and the polls alone would be a
 * trace a second (decision 319).
 */
export function traceStatement<T>(tracer: Tracer, text: string, run: () => Promise<T>): Promise<T> {
  const active = context.active();
  if (!trace.getSpan(active)?.isRecording()) return run();
  const { operation, summary } = describeStatement(text);
  const span = tracer.startSpan(
    summary,
    {
      kind: SpanKind.CLIENT,
      attributes: {
        [ATTR_DB_SYSTEM_NAME]: DB_SYSTEM_NAME_VALUE_POSTGRESQL,
        [ATTR_DB_OPERATION_NAME]: operation,
        [ATTR_DB_QUERY_SUMMARY]: summary,
      },
    },
    active,
  );
  return context.with(trace.setSpan(active, span), run).then(
    (result) => {
      const rows = returnedRows(result);
      if (rows !== undefined) span.setAttribute(ATTR_DB_RESPONSE_RETURNED_ROWS, rows);
      span.end();
      return result;
    },
    (error: unknown) => {
      // The SQLSTATE only: a database error's message may quote a value ("invalid input syntax for type uuid: …").
      const type = errorTypeOf(error);
      span.setAttribute(ATTR_ERROR_TYPE, type);
      if (/^[0-9A-Z]{5}$/.test(type)) span.setAttribute(ATTR_DB_RESPONSE_STATUS_CODE, type);
      span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
      throw error;
    },
  );
}

/** The text of what pg's `query` was given: a string or a query config; null for a submittable (a cursor). */
function pgStatementText(first: unknown): string | null {
  if (typeof first === 'string') return first;
  if (first && typeof first === 'object' && !('submit' in first)) {
    const text = (first as { text?: unknown }).text;
    if (typeof text === 'string') return text;
  }
  return null;
}

type AnyFunction = (...args: unknown[]) => unknown;

/**
 * A pg `query` that traces its promise form. The callback form is left alone: the pool's own `query` calls its
 * client's with a callback, and that statement already has the pool call's span.
 */
function tracedPgQuery(tracer: Tracer, query: AnyFunction): AnyFunction {
  return (...args) => {
    const text = pgStatementText(args[0]);
    if (text === null || typeof args.at(-1) === 'function') return query(...args);
    return traceStatement(tracer, text, () => query(...args) as Promise<unknown>);
  };
}

const tracedClients = new WeakSet<pg.PoolClient>();

/**
 * Traces the statements run through a node-postgres pool (decision 319), in place, so the pool keeps its identity
 * (prepared statements and warm-up are keyed by it, decision 215): `pool.query`, and the `query` of each client
 * handed out by `pool.connect()` (Drizzle's transactions, prepared statements in a transaction).
 */
export function tracePool(pool: pg.Pool, tracer: Tracer): void {
  // pg's overloads cannot be named one by one here; the wrappers pass every argument through unchanged.
  const query = pool.query.bind(pool) as unknown as AnyFunction;
  pool.query = tracedPgQuery(tracer, query) as unknown as typeof pool.query;
  const connect = pool.connect.bind(pool) as unknown as AnyFunction;
  pool.connect = ((...args: unknown[]) => {
    // The callback form is the pool's own (`pool.query` checks a client out that way).
    if (typeof args[0] === 'function') return connect(...args);
    return (connect() as Promise<pg.PoolClient>).then((client) => {
      if (!tracedClients.has(client)) {
        tracedClients.add(client);
        client.query = tracedPgQuery(
          tracer,
          client.query.bind(client) as unknown as AnyFunction,
        ) as unknown as typeof client.query;
      }
      return client;
    });
  }) as typeof pool.connect;
}

/** `target` with its `query` and `exec` traced; everything else is the target's own, bound to it. */
function tracedPgliteHandle<T extends PGlite | Transaction>(
  target: T,
  tracer: Tracer,
  extra: Partial<Record<keyof T, unknown>> = {},
): T {
  const overrides: Record<string | symbol, unknown> = {
    query: (text: string, ...rest: unknown[]) =>
      traceStatement(tracer, text, () => (target.query as AnyFunction)(text, ...rest) as Promise<unknown>),
    exec: (text: string, ...rest: unknown[]) =>
      traceStatement(tracer, text, () => (target.exec as AnyFunction)(text, ...rest) as Promise<unknown>),
    ...extra,
  };
  return new Proxy(target, {
    get(object, key) {
      if (key in overrides) return overrides[key];
      const value: unknown = Reflect.get(object, key, object);
      // PGlite's methods use private fields: they must run on the instance itself, not on the proxy.
      return typeof value === 'function' ? (value as AnyFunction).bind(object) : value;
    },
  });
}

/**
 * The PGlite client Drizzle is given when tracing is on (decision 319): its statements, and those of the
 * transactions it opens, are traced. The client itself is left as it is, so what uses it directly (the job queue,
 * migrations) is not traced twice or at all.
 */
export function tracePglite(client: PGlite, tracer: Tracer): PGlite {
  return tracedPgliteHandle(client, tracer, {
    transaction: <R>(callback: (tx: Transaction) => Promise<R>) =>
      client.transaction((tx) => callback(tracedPgliteHandle(tx, tracer))),
  });
}
