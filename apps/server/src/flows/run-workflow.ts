import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf, withTransaction, type Tx } from '../db/transaction';

export interface WorkflowRun {
  /** The use case, e.g. 'accept-invoice'. */
  name: string;
  /** Its idempotency key, e.g. the client's Idempotency-Key scoped by user, or a natural key. */
  key: string;
}

const workflowName = /^[a-z][a-z0-9-]*(\.[a-z0-9-]+)*$/;
const workflowKey = /^[\x20-\x7e]{1,300}$/;

/**
 * Runs a use case once per (name, key) (ARCHITECTURE rule 5, decision 066). `work` runs in one transaction
 * with the claim of the key; its result is stored as JSON with it. Called again with the same key, the
 * stored result is returned and `work` does not run; a concurrent call waits on the key's unique index
 * until the first commits (or rolls back, and then runs itself). A `work` that throws stores nothing.
 *
 * The result must be JSON: both the first and later callers get it back as JSON (a Date becomes a string).
 * Emit the use case's events inside `work` with `tx`, so they commit or vanish with it.
 */
export async function runWorkflow<T>(db: Db, run: WorkflowRun, work: (tx: Tx) => Promise<T>): Promise<T> {
  if (!workflowName.test(run.name) || run.name.length > 100)
    throw new Error(`Workflow names are like 'accept-invoice', not ${JSON.stringify(run.name)}`);
  if (!workflowKey.test(run.key)) throw new Error('A workflow key is 1–300 printable ASCII characters');
  return withTransaction(db, async (tx) => {
    const claimed = rowsOf(
      await tx.execute(sql`
        INSERT INTO workflow_runs (name, key) VALUES (${run.name}, ${run.key})
        ON CONFLICT DO NOTHING RETURNING name`),
    );
    if (claimed.length === 0) {
      const [stored] = rowsOf<{ result: unknown }>(
        await tx.execute(sql`SELECT result FROM workflow_runs WHERE name = ${run.name} AND key = ${run.key}`),
      );
      if (!stored) throw new Error(`Workflow run ${run.name}/${run.key} vanished while it was read`);
      return stored.result as T;
    }
    const json = JSON.stringify((await work(tx)) ?? null);
    await tx.execute(
      sql`UPDATE workflow_runs SET result = ${json}::jsonb WHERE name = ${run.name} AND key = ${run.key}`,
    );
    return JSON.parse(json) as T;
  });
}
