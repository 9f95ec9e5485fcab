-- Chat (issue 11, decisions 100–101): one conversation per buyer + seller user + subject; messages with a
-- per-chat sequence assigned in the inserting transaction; the sender's client message id unique forever;
-- read/delivered markers per participant; private image attachments.
CREATE TABLE chats (
  id uuid PRIMARY KEY,
  buyer_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  seller_user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  subject_kind text NOT NULL CHECK (subject_kind IN ('product', 'service')),
  subject_id bigint NOT NULL,
  subject_name text NOT NULL DEFAULT '',
  buyer_name text NOT NULL DEFAULT '',
  seller_name text NOT NULL DEFAULT '',
  quotation_id text,
  quantity integer,
  invoice_id text,
  phase text NOT NULL DEFAULT 'inquiry'
    CHECK (phase IN ('inquiry', 'negotiation', 'invoiced', 'ordered', 'completed', 'cancelled')),
  last_seq bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (buyer_id <> seller_user_id),
  CONSTRAINT chats_pair_subject_key UNIQUE (buyer_id, seller_user_id, subject_kind, subject_id)
);
CREATE INDEX chats_buyer_updated_idx ON chats (buyer_id, updated_at DESC, id);
CREATE INDEX chats_seller_updated_idx ON chats (seller_user_id, updated_at DESC, id);

CREATE TABLE chat_messages (
  id uuid PRIMARY KEY,
  chat_id uuid NOT NULL REFERENCES chats(id) ON DELETE CASCADE,
  seq bigint NOT NULL,
  client_message_id text NOT NULL,
  sender_id uuid NOT NULL,
  text text NOT NULL DEFAULT '',
  business_action text CHECK (business_action IN ('quotation_created', 'quotation_accepted',
    'quotation_rejected', 'invoice_sent', 'invoice_accepted', 'invoice_rejected', 'order_created',
    'order_updated', 'order_cancelled')),
  business_payload jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT chat_messages_chat_seq_key UNIQUE (chat_id, seq),
  CONSTRAINT chat_messages_client_message_id_key UNIQUE (client_message_id)
);

CREATE TABLE chat_read_markers (
  chat_id uuid NOT NULL REFERENCES chats(id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  last_read_seq bigint NOT NULL DEFAULT 0,
  last_delivered_seq bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (chat_id, user_id)
);

CREATE TABLE chat_attachments (
  id uuid PRIMARY KEY,
  chat_id uuid NOT NULL REFERENCES chats(id) ON DELETE CASCADE,
  uploader_id uuid NOT NULL,
  message_id uuid REFERENCES chat_messages(id) ON DELETE CASCADE,
  storage_key text NOT NULL,
  thumbnail_key text NOT NULL,
  content_type text NOT NULL,
  width integer NOT NULL,
  height integer NOT NULL,
  bytes integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX chat_attachments_message_idx ON chat_attachments (message_id);
