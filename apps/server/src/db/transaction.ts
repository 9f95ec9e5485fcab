import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client';

/**
 * A transaction handle. Drizzle's transaction extends its database class, so a `Tx` can be passed
 * wherever a `Db` is taken: services take `Db` and run inside the caller's transaction when given one.
 */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
export function withTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(work);
}

/** node-postgres returns `{ rows }`, PGlite returns `{ rows }` too; both are normalised here. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  const rows = (result as { rows?: T[] }).rows;
  return rows ?? [];
}

/**
 * A timestamptz as JavaScript's `toISOString()` writes it (UTC, milliseconds), made inside the statement: a hot read
 * then skips the driver's date parsing and the conversion back to text.
 */
export const isoText = (value: SQL) =>
  sql`to_char(${value} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
