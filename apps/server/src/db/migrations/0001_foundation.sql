CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE TABLE app_meta (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
