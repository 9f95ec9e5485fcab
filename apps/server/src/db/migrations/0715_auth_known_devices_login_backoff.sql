-- Lockouts that protect, not punish (decision 245).
-- A device that signed in to an account before: the sha256 of the random token in its long-lived cookie. One row
-- per (device, account); a password change or reset deletes the account's rows.
CREATE TABLE auth_known_devices (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX auth_known_devices_user_idx ON auth_known_devices (user_id);

-- Growing delays (rate-limits plugin): a bucket's attempts since it was last quiet, and when the last one was
-- let through. The next attempt waits until last_ms + delay(attempts); one upsert decides and records it.
CREATE TABLE rate_limit_backoffs (
  bucket text PRIMARY KEY,
  attempts integer NOT NULL,
  last_ms bigint NOT NULL,
  previous_ms bigint NOT NULL,
  allowed boolean NOT NULL,
  expires_at bigint NOT NULL
);
CREATE INDEX rate_limit_backoffs_expires_idx ON rate_limit_backoffs (expires_at);

-- The "someone is trying your password" e-mail: at most one per account per window; the upsert that claims the
-- window writes the e-mail's event in the same statement.
CREATE TABLE auth_login_alerts (
  user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  sent_at timestamptz NOT NULL
);
