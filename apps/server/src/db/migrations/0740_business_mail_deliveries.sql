-- Business e-mails sent once per event (decision 260). One row per e-mail, keyed by what it is about
-- (`invoice-issued:<invoiceId>`, …): the event's subscriber inserts it in its transaction (a replayed event or a
-- second process inserts nothing) and queues one job with the same key; the job claims the row (one claim at a
-- time), sends, and marks it sent.
CREATE TABLE mail_deliveries (
  mail_key text PRIMARY KEY,
  recipient_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  template text NOT NULL,
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  claimed_at timestamptz,
  sent_at timestamptz
);

-- The sandbox mail outbox keeps the HTML part, the attachments' names and sizes, and the e-mail's key: a key is
-- stored once, so the sandbox never lists one e-mail twice.
ALTER TABLE outbox_messages ADD COLUMN html text;
ALTER TABLE outbox_messages ADD COLUMN attachments jsonb;
ALTER TABLE outbox_messages ADD COLUMN mail_key text UNIQUE;
