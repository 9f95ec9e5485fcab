-- Quotations (issue 11, spec §3 Inquiry, decision 107): a buyer's inquiry about a product or a service, held by
-- the conversation it opened. `request_id` is the short reference shown to both parties. A decision moves
-- `status` from 'pending' once (an UPDATE … WHERE status = 'pending'), so two answers cannot both win.
CREATE TABLE quotation_requests (
  id uuid PRIMARY KEY,
  request_id text NOT NULL,
  subject_kind text NOT NULL CHECK (subject_kind IN ('product', 'service')),
  subject_id bigint NOT NULL,
  subject_name text NOT NULL,
  seller_id bigint NOT NULL,
  buyer_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  seller_user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  chat_id uuid NOT NULL,
  quantity integer NOT NULL CHECK (quantity >= 1),
  min_price_cents bigint NOT NULL CHECK (min_price_cents >= 100),
  max_price_cents bigint NOT NULL,
  deadline date NOT NULL,
  delivery_province text NOT NULL,
  delivery_postal_code text NOT NULL,
  lead_days integer,
  message text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'rejected')),
  rejection_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  CHECK (max_price_cents > min_price_cents),
  CHECK (buyer_id <> seller_user_id),
  CONSTRAINT quotation_requests_request_id_key UNIQUE (request_id)
);
CREATE INDEX quotation_requests_buyer_idx ON quotation_requests (buyer_id, created_at DESC, id);
CREATE INDEX quotation_requests_seller_user_idx ON quotation_requests (seller_user_id, created_at DESC, id);
CREATE INDEX quotation_requests_chat_idx ON quotation_requests (chat_id);
