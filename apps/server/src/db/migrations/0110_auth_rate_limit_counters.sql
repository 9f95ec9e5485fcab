-- Atomic rate limits (decision 055): one row per bucket, counted and decided in one INSERT … ON CONFLICT … RETURNING.
-- Windows are aligned to multiples of their length (epoch milliseconds); the previous window's count weights the
-- current one (sliding-window estimate), so a burst across a window boundary is still limited.
CREATE TABLE rate_limit_counters (
  bucket text PRIMARY KEY,
  window_start bigint NOT NULL,
  hits integer NOT NULL,
  prev_hits integer NOT NULL DEFAULT 0,
  expires_at bigint NOT NULL
);
CREATE INDEX rate_limit_counters_expires_idx ON rate_limit_counters (expires_at);

-- Cooldowns ("one per N seconds"): a row is taken only when the previous one has run out.
CREATE TABLE rate_limit_cooldowns (
  bucket text PRIMARY KEY,
  until_ms bigint NOT NULL
);
CREATE INDEX rate_limit_cooldowns_until_idx ON rate_limit_cooldowns (until_ms);

-- The event-per-row table it replaces (counted, then inserted: not atomic).
DROP TABLE auth_rate_events;
