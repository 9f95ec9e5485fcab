-- Orders (issue 12, decisions 140–142): one order per accepted invoice (invoice_id UNIQUE), made by the
-- accept-invoice workflow in the transaction that accepts the invoice. The invoice's parties, subject and money
-- are copied at acceptance (an order is a record of what was agreed). Status changes are row-locked updates
-- along the legal transitions (contracts/orders.ts) and each leaves a timeline row.
CREATE TABLE orders (
  id uuid PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('product', 'service')),
  invoice_id text NOT NULL,
  invoice_token text NOT NULL,
  chat_id uuid NOT NULL,
  buyer_user_id uuid NOT NULL,
  buyer_name text NOT NULL,
  seller_user_id uuid NOT NULL,
  seller_id bigint NOT NULL,
  seller_slug text NOT NULL,
  seller_name text NOT NULL,
  subject_id bigint NOT NULL,
  subject_name text NOT NULL,
  subject_category text NOT NULL DEFAULT '',
  quantity integer NOT NULL CHECK (quantity >= 1),
  unit text,
  negotiated_price_cents bigint NOT NULL CHECK (negotiated_price_cents >= 0),
  shipping_cents bigint NOT NULL CHECK (shipping_cents >= 0),
  tax_cents bigint NOT NULL CHECK (tax_cents >= 0),
  total_cents bigint NOT NULL CHECK (total_cents > 0),
  lead_days integer NOT NULL DEFAULT 0 CHECK (lead_days >= 0),
  shipping_address jsonb NOT NULL,
  billing_address jsonb NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed', 'processing', 'ready_to_ship',
    'shipped', 'in_transit', 'out_for_delivery', 'delivered', 'cancelled', 'returned')),
  tracking_number text,
  carrier text,
  placed_at timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz,
  cancelled_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT orders_invoice_id_key UNIQUE (invoice_id),
  CHECK (buyer_user_id <> seller_user_id)
);
CREATE INDEX orders_buyer_idx ON orders (buyer_user_id, kind, placed_at DESC, id);
CREATE INDEX orders_seller_idx ON orders (seller_user_id, placed_at DESC, id);

CREATE TABLE order_timeline (
  id bigserial PRIMARY KEY,
  order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  status text NOT NULL,
  tracking_number text,
  carrier text,
  actor_user_id uuid,
  at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX order_timeline_order_idx ON order_timeline (order_id, id);

-- One payment (one provider intent) per order: order_id is the key, intent_id unique. Its state follows the
-- provider's signed events; last_event_at orders them (an older event never overwrites a newer state).
CREATE TABLE order_payments (
  order_id uuid PRIMARY KEY REFERENCES orders(id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('sandbox', 'stripe')),
  intent_id text NOT NULL,
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  status text NOT NULL DEFAULT 'unpaid' CHECK (status IN ('unpaid', 'processing', 'requires_action', 'paid',
    'failed', 'refunded', 'partially_refunded')),
  card_brand text,
  card_last4 text CHECK (card_last4 IS NULL OR card_last4 ~ '^[0-9]{4}$'),
  failure_code text,
  refunded_cents bigint NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0),
  paid_at timestamptz,
  last_event_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT order_payments_intent_id_key UNIQUE (provider, intent_id)
);

-- Payment reviews (spec §9): at most one open review per order (partial unique index).
CREATE TABLE payment_reviews (
  id uuid PRIMARY KEY,
  order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  buyer_user_id uuid NOT NULL,
  reason text NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'refunded', 'dismissed')),
  resolution_note text,
  refund_cents bigint NOT NULL DEFAULT 0 CHECK (refund_cents >= 0),
  resolved_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz
);
CREATE UNIQUE INDEX payment_reviews_one_open_per_order ON payment_reviews (order_id) WHERE status = 'open';
CREATE INDEX payment_reviews_status_idx ON payment_reviews (status, created_at, id);

-- Refunds made through the provider; the idempotency key is the one sent to the provider.
CREATE TABLE order_refunds (
  id text PRIMARY KEY,
  order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  review_id uuid REFERENCES payment_reviews(id) ON DELETE SET NULL,
  idempotency_key text NOT NULL UNIQUE,
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_refunds_order_idx ON order_refunds (order_id);
