-- The offline chat e-mail's pending check, one row per conversation and recipient (decision 185): armed by the
-- first unseen message (with one durable job due when that message is 2 minutes old), then only raised by the
-- next ones (last_seq), instead of one job per message.
CREATE TABLE chat_offline_mail_pending (
  chat_id uuid NOT NULL,
  recipient_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  due_at timestamptz NOT NULL,
  last_seq bigint NOT NULL,
  PRIMARY KEY (chat_id, recipient_id)
);
