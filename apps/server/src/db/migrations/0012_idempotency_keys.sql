-- Idempotency-Key answers (decision 067): the first answer per (user, method + route, key), replayed for
-- 24 hours. user_id has no foreign key: this foundation table is created before the users table.
CREATE TABLE idempotency_keys (
  user_id uuid NOT NULL,
  route text NOT NULL,
  key text NOT NULL,
  request_hash text NOT NULL,
  state text NOT NULL CHECK (state IN ('running', 'done')),
  response_status integer,
  response_type text,
  response_body text,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  PRIMARY KEY (user_id, route, key)
);
CREATE INDEX idempotency_keys_created_at_idx ON idempotency_keys (created_at);
