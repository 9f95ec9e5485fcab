-- Exact sliding windows (decision 055): each bucket keeps the times of its hits inside the window (at most `max`
-- of them), pruned and appended in the same INSERT … ON CONFLICT … RETURNING that decides. Replaces the two-window
-- estimate of 0110, which could refuse for up to two windows after a burst.
DROP TABLE rate_limit_counters;
CREATE TABLE rate_limit_windows (
  bucket text PRIMARY KEY,
  hits_at bigint[] NOT NULL,
  allowed boolean NOT NULL,
  expires_at bigint NOT NULL
);
CREATE INDEX rate_limit_windows_expires_idx ON rate_limit_windows (expires_at);
