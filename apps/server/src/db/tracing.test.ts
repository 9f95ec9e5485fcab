import { describe, expect, it } from 'vitest';
import { describeStatement } from './tracing';

/** What a SQL span says about its statement (decision 319): the operation and its table, nothing else. */
describe('describeStatement', () => {
  it.each([
    ['select "id", "name" from "catalog_products" where "id" = $1', 'SELECT', 'SELECT catalog_products'],
    [
      'insert into "pgboss"."job_common" ("id", "name") values ($1, $2)',
      'INSERT',
      'INSERT pgboss.job_common',
    ],
    ['UPDATE ONLY event_deliveries SET attempts = $1', 'UPDATE', 'UPDATE event_deliveries'],
    ['delete from handled_events where subscriber = $1', 'DELETE', 'DELETE handled_events'],
    [
      'SELECT extract(epoch FROM clock_timestamp() - min(e.occurred_at)) FROM event_deliveries d',
      'SELECT',
      'SELECT event_deliveries',
    ],
    ['select 1', 'SELECT', 'SELECT'],
    ['WITH claimed AS (SELECT 1) INSERT INTO x SELECT * FROM claimed', 'WITH', 'WITH'],
    ['  -- a comment\n/* another */ begin', 'BEGIN', 'BEGIN'],
    ['', 'SQL', 'SQL'],
  ])('%j → %s, %s', (text, operation, summary) => {
    expect(describeStatement(text)).toEqual({ operation, summary });
  });

  it("never repeats a literal of the statement's text", () => {
    const { summary } = describeStatement(
      "SELECT 'otel-literal-4c1d' FROM users WHERE email = 'someone@example.ca'",
    );
    expect(summary).toBe('SELECT users');
  });
});
