CREATE TABLE seo_entries (
  id uuid PRIMARY KEY,
  path text NOT NULL,
  code text NOT NULL,
  updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT seo_entries_path_lowercase CHECK (path = lower(path))
);
CREATE UNIQUE INDEX seo_entries_path_key ON seo_entries (path);

CREATE TABLE global_paragraphs (
  id uuid PRIMARY KEY,
  path text NOT NULL,
  text_en text NOT NULL,
  text_fr text NOT NULL,
  updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT global_paragraphs_path_lowercase CHECK (path = lower(path))
);
CREATE UNIQUE INDEX global_paragraphs_path_key ON global_paragraphs (path);

CREATE TABLE site_settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE admin_audit_log (
  id uuid PRIMARY KEY,
  actor_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  action text NOT NULL,
  entity text NOT NULL,
  entity_id text NOT NULL,
  before jsonb,
  after jsonb,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX admin_audit_log_at_idx ON admin_audit_log (at DESC, id DESC);
CREATE INDEX admin_audit_log_entity_idx ON admin_audit_log (entity, entity_id);
