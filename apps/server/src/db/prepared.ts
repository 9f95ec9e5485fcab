import { createHash } from 'node:crypto';
import { is, Placeholder, sql, type SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import { types as pgliteTypes } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db } from './client';
import { rowsOf } from './transaction';

/** Statement names by text: hashing a hot statement's text on every request cost more than finding it here. */
const names = new Map<string, string>();
const MAX_NAMES = 2_000;
function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `ms_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    if (names.size >= MAX_NAMES) names.clear();
    names.set(text, name);
  }
  return name;
}

type Warmer = { name: string; text: string; values: unknown[] };
/** Per pool: the hot statements a new connection prepares before its first use (decision 215). */
const warmers = new WeakMap<pg.Pool, Map<string, Warmer>>();
/** Per connection: the registered statements it has prepared already. */
const warmedOn = new WeakMap<pg.PoolClient, Set<string>>();

function poolOf(db: Db): pg.Pool | null {
  const client = (db as unknown as { $client: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}

/**
 * Registers a hot statement that every PostgreSQL connection of `db`'s pool prepares as soon as it is made, before
 * any request gets it (decision 215): the connection's first request then finds the statement parsed and the
 * backend's caches of the tables it names loaded. `query` is the statement exactly as the hot path builds it (the
 * same text, so the same name as `queryPrepared` gives it), with values that match no row: it is run once to be
 * prepared and must change nothing. On PGlite it does nothing.
 */
export function prepareOnConnect(db: Db, query: SQL): void {
  const pool = poolOf(db);
  if (!pool) return;
  const { sql: text, params } = (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(query);
  addWarmer(pool, { name: statementName(text), text, values: params });
}

function addWarmer(pool: pg.Pool, warmer: Warmer) {
  let list = warmers.get(pool);
  if (!list) warmers.set(pool, (list = new Map()));
  list.set(warmer.text, warmer);
}

/**
 * PostgreSQL plans a prepared statement afresh for each of its first five runs on a connection (custom plans) and
 * only on the sixth weighs a generic plan that later runs reuse. Planning the accept statement costs about as much
 * as running it (1.7 ms against 1.2 ms), so a warm-up that runs it once left the other five to the first requests:
 * a burst's first round on new connections paid them (decision 231). Six runs leave the plan cache settled.
 */
const WARM_UP_RUNS = 6;

/**
 * Prepares the registered statements a connection has not prepared yet: on a new connection (the pool's `verify`
 * step, so before its first use) and on those open before the app registered them (`Database.warmUp`). A
 * statement that fails here (say, its table is not migrated yet) is left to the first request, which prepares it
 * as before.
 */
export async function warmConnection(pool: pg.Pool, client: pg.PoolClient): Promise<void> {
  let done = warmedOn.get(client);
  if (!done) warmedOn.set(client, (done = new Set()));
  for (const warmer of warmers.get(pool)?.values() ?? []) {
    if (done.has(warmer.name)) continue;
    done.add(warmer.name);
    try {
      for (let run = 0; run < WARM_UP_RUNS; run += 1)
        await client.query({ name: warmer.name, text: warmer.text, values: warmer.values });
    } catch {
      // left to the first request
    }
  }
}

/** The statements `prepareOnConnect` registered for `db`'s pool (for tests). */
export function warmStatementNames(db: Db): string[] {
  const pool = poolOf(db);
  return [...(pool ? (warmers.get(pool)?.values() ?? []) : [])].map((warmer) => warmer.name);
}

/**
 * What runs `db`'s statements on PostgreSQL: the pool, or for a transaction (`Tx`) the pool connection it holds
 * (Drizzle's session client), so a statement in a transaction is prepared on that connection. Null on PGlite.
 */
function clientOf(db: Db): pg.Pool | pg.Client | null {
  const pool = poolOf(db);
  if (pool) return pool;
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client;
  return client instanceof pg.Pool || client instanceof pg.Client ? client : null;
}

/**
 * Runs a hot query as a named prepared statement on PostgreSQL, so each pool connection parses and plans a query
 * shape once instead of on every request: planning a listing page (five relations, a dozen candidate indexes) cost
 * more than running it (0.8 ms vs 0.6 ms at 1M products; decision 042). The name is a hash of the SQL text, so the
 * same shape with other parameter values reuses the statement. `db` may be a transaction: the statement runs (and
 * is prepared) on the connection the transaction holds (decision 228). On PGlite (one embedded connection, no
 * statement cache in its API) it is a plain query.
 */
export async function queryPrepared<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const client = clientOf(db);
  if (!client) return rowsOf<T>(await db.execute(query));
  const { sql: text, params } = (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(query);
  const name = statementName(text);
  const result = await client.query<T & pg.QueryResultRow>({ name, text, values: params });
  return result.rows;
}

/** What a PGlite client (the database, not a transaction) offers for a statement run in the simple protocol. */
interface PgliteExec {
  exec(text: string, options?: unknown): Promise<Array<{ rows: unknown[] }>>;
}

/** The PGlite client of `db` when it is the database itself (a transaction has none: it runs its statements as is). */
function pgliteExecOf(db: Db): PgliteExec | null {
  if (poolOf(db) || clientOf(db)) return null;
  const client = (db as unknown as { $client?: unknown }).$client;
  return client && typeof (client as PgliteExec).exec === 'function' ? (client as PgliteExec) : null;
}

/** Per PGlite client: the statements its session has prepared (a session's prepared statements live as long as it). */
const preparedOnPglite = new WeakMap<object, Set<string>>();

// The types Drizzle's PGlite session leaves as text (drizzle-orm/pglite/session.js): rows read here must look like the
// rows `db.execute` gives (timestamp, timestamptz, interval, date; numeric[] and the arrays of the four).
const asText = (value: string) => value;
const drizzleTextTypes = Object.fromEntries(
  [
    pgliteTypes.TIMESTAMP,
    pgliteTypes.TIMESTAMPTZ,
    pgliteTypes.INTERVAL,
    pgliteTypes.DATE,
    1231,
    1115,
    1185,
    1187,
    1182,
  ].map((oid) => [oid, asText]),
);

/** A parameter as an SQL literal for EXECUTE (which takes no protocol parameters); null for a value it cannot write. */
function literalOf(value: unknown): string | null {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'string') return value.includes('\u0000') ? null : `'${value.replace(/'/g, "''")}'`;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean')
    return `'${String(value)}'`;
  return null;
}

/**
 * Runs a hot by-id read with its plan made once (decision 338). On PostgreSQL it is `queryPrepared`. On PGlite, which
 * plans every statement it is sent (its API has no named statements), planning the card statement (four relations,
 * the products' dozen indexes) cost about twice its run: the statement is prepared once per session (`PREPARE`, named
 * by its text like `queryPrepared`) and run by `EXECUTE` with its values written as literals, under a generic plan
 * (PostgreSQL kept choosing a fresh custom plan for `id = ANY($1)`). `SET`, `EXECUTE` and `RESET` go in one
 * simple-protocol message, one implicit transaction: a failed `EXECUTE` undoes the `SET` too. Only for statements
 * whose plan does not depend on their values (lookups by primary key); a transaction (`Tx`) runs it as a plain query.
 */
export async function queryGenericPlan<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const client = pgliteExecOf(db);
  if (!client) return queryPrepared<T>(db, query);
  const { sql: text, params } = (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(query);
  const literals = params.map(literalOf);
  if (literals.some((literal) => literal === null)) return rowsOf<T>(await db.execute(query));
  const name = statementName(text);
  const prepared = preparedOnPglite.get(client) ?? new Set<string>();
  preparedOnPglite.set(client, prepared);
  const run = async () => {
    if (!prepared.has(name)) {
      try {
        await client.exec(`PREPARE ${name} AS ${text}`);
      } catch (error) {
        // Prepared already by another app on the same database (tests), under the same name: the same text.
        if ((error as { code?: string }).code !== '42P05') throw error;
      }
      prepared.add(name);
    }
    const args = literals.length > 0 ? `(${literals.join(', ')})` : '';
    const results = await client.exec(
      `SET plan_cache_mode = force_generic_plan; EXECUTE ${name}${args}; RESET plan_cache_mode`,
      { parsers: drizzleTextTypes },
    );
    return (results[1]?.rows ?? []) as T[];
  };
  try {
    return await run();
  } catch (error) {
    // The session lost its prepared statements (DEALLOCATE, DISCARD): prepared again, once.
    if ((error as { code?: string }).code !== '26000') throw error;
    prepared.delete(name);
    return run();
  }
}

/**
 * A hot statement built and rendered once (decision 234): its SQL is made with `slot(name)` wherever a request's
 * value goes, so each run only puts its values into a copy of the parameter list. Building and rendering the
 * accept statement's SQL tree (86 parameters, 6 KB of text) cost about 0.45 ms of the server's CPU per accept.
 */
export interface StatementTemplate<K extends string> {
  readonly name: string;
  readonly text: string;
  /** The parameters in order: the fixed ones as they are, each slot's value from `values`. */
  parameters(values: Readonly<Record<K, unknown>>): unknown[];
}

/** Builds a statement template: `build` gets `slot(name)`, the SQL of the value `name` of each run. */
export function statementTemplate<K extends string>(
  db: Db,
  build: (slot: (name: K) => SQL) => SQL,
): StatementTemplate<K> {
  const query = build((name) => sql`${sql.placeholder(name)}`);
  const { sql: text, params } = (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(query);
  const slots = params.map((param) => (is(param, Placeholder) ? (param.name as K) : null));
  if (!slots.some((slot) => slot !== null)) throw new Error('A statement template needs at least one slot');
  return {
    name: statementName(text),
    text,
    parameters(values) {
      return slots.map((slot, index) => {
        if (slot === null) return params[index];
        const value = values[slot];
        if (value === undefined) throw new Error(`No value for the slot ${slot}`);
        return value;
      });
    },
  };
}

/**
 * Runs a statement template with a request's values: on PostgreSQL as the named prepared statement of its text
 * (like `queryPrepared`), on PGlite as a plain query. `db` is the database, not a transaction.
 */
export async function queryTemplate<T = Record<string, unknown>, K extends string = string>(
  db: Db,
  template: StatementTemplate<K>,
  values: Readonly<Record<K, unknown>>,
): Promise<T[]> {
  const parameters = template.parameters(values);
  const pool = poolOf(db);
  if (pool) {
    const result = await pool.query<T & pg.QueryResultRow>({
      name: template.name,
      text: template.text,
      values: parameters,
    });
    return result.rows;
  }
  const client = (
    db as unknown as { $client: { query: (text: string, values: unknown[]) => Promise<unknown> } }
  ).$client;
  return rowsOf<T>(await client.query(template.text, parameters));
}

/** Like `prepareOnConnect`, for a statement template run with `values` that match no row and change nothing. */
export function prepareTemplateOnConnect<K extends string>(
  db: Db,
  template: StatementTemplate<K>,
  values: Readonly<Record<K, unknown>>,
): void {
  const pool = poolOf(db);
  if (pool)
    addWarmer(pool, { name: template.name, text: template.text, values: template.parameters(values) });
}
