-- Workflow results by idempotency key (decision 066): the first run's JSON result under a unique (name, key).
CREATE TABLE workflow_runs (
  name text NOT NULL,
  key text NOT NULL,
  result jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (name, key)
);
CREATE INDEX workflow_runs_created_at_idx ON workflow_runs (created_at);
