-- Notifications (issue 11, spec §3, decision 105): one row per notice to one recipient. Subscribers of business
-- events create them; `source_key` (e.g. the chat message id) makes a redelivered event create nothing new.
CREATE TABLE notifications (
  id uuid PRIMARY KEY,
  recipient_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  sender_model text NOT NULL DEFAULT 'system' CHECK (sender_model IN ('system', 'user', 'seller')),
  sender_id text,
  sender_name text NOT NULL DEFAULT 'System',
  type text NOT NULL DEFAULT 'system',
  message text NOT NULL DEFAULT 'You have a new notification',
  is_read boolean NOT NULL DEFAULT false,
  is_archived boolean NOT NULL DEFAULT false,
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  source_key text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT notifications_source_key UNIQUE (source_key)
);
CREATE INDEX notifications_recipient_created_idx ON notifications (recipient_id, created_at DESC, id DESC);
CREATE INDEX notifications_recipient_unread_idx ON notifications (recipient_id) WHERE NOT is_read;

-- The offline e-mail's throttle (decision 106): one row per conversation and recipient; the e-mail is sent only
-- by the job whose atomic upsert moved `last_sent_at` (at most one per conversation per throttle window).
CREATE TABLE chat_offline_mails (
  chat_id uuid NOT NULL,
  recipient_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  last_sent_at timestamptz NOT NULL,
  last_seq bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (chat_id, recipient_id)
);
