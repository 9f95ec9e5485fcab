-- Accounts issue: phone codes, rate-limit events, e-mail/reset tokens, the sandbox outbox, pending e-mail.
ALTER TABLE users ADD COLUMN pending_email text;

CREATE TABLE otp_codes (
  id uuid PRIMARY KEY,
  phone_number text NOT NULL,
  purpose text NOT NULL CHECK (purpose IN ('signup', 'reset')),
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz
);
CREATE INDEX otp_codes_phone_idx ON otp_codes (phone_number, purpose, created_at DESC);

-- One row per counted event (OTP sent, failed login); counted over a sliding window. Works across processes.
CREATE TABLE auth_rate_events (
  id bigserial PRIMARY KEY,
  bucket text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX auth_rate_events_bucket_idx ON auth_rate_events (bucket, created_at);

CREATE TABLE auth_tokens (
  id text PRIMARY KEY, -- sha256 of the token
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('verify_email', 'reset_password')),
  email text,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX auth_tokens_user_idx ON auth_tokens (user_id, purpose);

CREATE TABLE outbox_messages (
  id uuid PRIMARY KEY,
  recipient text NOT NULL,
  channel text NOT NULL CHECK (channel IN ('sms', 'email')),
  subject text,
  body text NOT NULL,
  code text,
  link text,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX outbox_messages_recipient_idx ON outbox_messages (lower(recipient), created_at DESC);
