-- Invoices (issue 12, spec §3 Invoice, decisions 130–134): issued by the seller user of a conversation to its buyer,
-- read by both by an unguessable token. The seller's ITC data, the subject and the buyer's name are copied at issue
-- time: an issued invoice is a document and does not change when a profile does. Status leaves 'pending' once
-- (UPDATE … WHERE status = 'pending'); one pending invoice per conversation (partial unique index, decision 131).
CREATE TABLE invoices (
  id uuid PRIMARY KEY,
  token text NOT NULL UNIQUE CHECK (token ~ '^[A-Za-z0-9_-]{22,100}$'),
  kind text NOT NULL CHECK (kind IN ('product', 'service')),
  chat_id uuid NOT NULL,
  quotation_id uuid,
  buyer_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  buyer_name text NOT NULL,
  seller_user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  seller_id bigint NOT NULL,
  seller_slug text NOT NULL,
  seller_name text NOT NULL,
  seller_legal_name text NOT NULL,
  seller_gst_hst_number text,
  seller_qst_number text,
  subject_id bigint NOT NULL,
  subject_name text NOT NULL,
  subject_category text NOT NULL,
  quantity integer NOT NULL CHECK (quantity >= 1),
  unit text,
  negotiated_price_cents bigint NOT NULL CHECK (negotiated_price_cents >= 1),
  shipping_cents bigint NOT NULL CHECK (shipping_cents >= 0),
  tax_lines jsonb NOT NULL,
  tax_cents bigint NOT NULL CHECK (tax_cents >= 0),
  tax_override_reason text,
  total_cents bigint NOT NULL,
  payment_terms text NOT NULL DEFAULT '',
  delivery_terms text NOT NULL DEFAULT '',
  notes text NOT NULL DEFAULT '',
  lead_days integer,
  delivery_province text NOT NULL,
  delivery_postal_code text NOT NULL,
  issued_on date NOT NULL,
  expires_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'rejected', 'expired')),
  viewed_at timestamptz,
  accepted_at timestamptz,
  rejected_at timestamptz,
  rejection_reason text,
  expired_at timestamptz,
  order_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT invoices_total_adds_up CHECK (total_cents = negotiated_price_cents + shipping_cents + tax_cents),
  CONSTRAINT invoices_rejected_has_reason CHECK (status <> 'rejected' OR (rejection_reason IS NOT NULL AND rejected_at IS NOT NULL)),
  CONSTRAINT invoices_accepted_has_order CHECK (status <> 'accepted' OR (order_id IS NOT NULL AND accepted_at IS NOT NULL))
);
CREATE UNIQUE INDEX invoices_one_pending_per_chat ON invoices (chat_id) WHERE status = 'pending';
CREATE INDEX invoices_chat_idx ON invoices (chat_id, created_at DESC);
CREATE INDEX invoices_pending_expiry_idx ON invoices (expires_at) WHERE status = 'pending';
CREATE INDEX invoices_buyer_idx ON invoices (buyer_id);
CREATE INDEX invoices_seller_user_idx ON invoices (seller_user_id);

-- The buyer's acceptance: signature, time, IP and the exact terms text accepted. One per invoice.
CREATE TABLE invoice_acceptances (
  id uuid PRIMARY KEY,
  invoice_id uuid NOT NULL UNIQUE REFERENCES invoices(id) ON DELETE CASCADE,
  order_id text NOT NULL,
  signer_name text NOT NULL,
  signature_svg text NOT NULL,
  terms_version text NOT NULL,
  terms_language text NOT NULL CHECK (terms_language IN ('en', 'fr')),
  terms_text text NOT NULL,
  ip text NOT NULL,
  user_agent text,
  accepted_at timestamptz NOT NULL
);
