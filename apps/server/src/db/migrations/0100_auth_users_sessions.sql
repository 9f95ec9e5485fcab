CREATE SEQUENCE member_number_seq START 100001;
CREATE TABLE users (
  id uuid PRIMARY KEY,
  member_id text NOT NULL UNIQUE,
  full_name text NOT NULL,
  email text NOT NULL,
  email_verified_at timestamptz,
  phone_number text NOT NULL,
  password_hash text NOT NULL,
  roles text[] NOT NULL DEFAULT ARRAY['buyer']::text[],
  state text,
  city text,
  country text NOT NULL DEFAULT 'Canada',
  avatar text,
  is_verified_business boolean NOT NULL DEFAULT false,
  is_premium_employer boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email));
CREATE UNIQUE INDEX users_phone_key ON users (phone_number);

CREATE TABLE sessions (
  id text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  user_agent text,
  ip text
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);
