-- Requests for quotes to many suppliers (docs/product.md, /global-quote; decision 298). The limits that protect
-- suppliers live here: at most 10 open requests per buyer and 20 created per buyer per UTC day (counter rows with
-- CHECKs, moved by atomic upserts in the same transaction as the request), one quote version number per
-- recipient, one acceptance per request.
CREATE TABLE rfqs (
  id uuid PRIMARY KEY,
  buyer_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  title text NOT NULL CHECK (length(title) BETWEEN 3 AND 160),
  category_id bigint NOT NULL,
  description text NOT NULL CHECK (length(description) BETWEEN 1 AND 5000),
  quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 10000000),
  target_unit_price_cents bigint CHECK (target_unit_price_cents > 0),
  deadline timestamptz NOT NULL,
  delivery_province text NOT NULL CHECK (delivery_province ~ '^[A-Z]{2}$'),
  delivery_postal_code text NOT NULL CHECK (delivery_postal_code ~ '^[A-Z][0-9][A-Z] ?[0-9][A-Z][0-9]$'),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'accepted', 'closed', 'expired')),
  accepted_recipient_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  closed_at timestamptz,
  CHECK ((status = 'accepted') = (accepted_recipient_id IS NOT NULL)),
  CHECK ((status = 'open') = (closed_at IS NULL))
);
CREATE INDEX rfqs_buyer_idx ON rfqs (buyer_id, created_at DESC);
CREATE INDEX rfqs_open_deadline_idx ON rfqs (deadline) WHERE status = 'open';

CREATE TABLE rfq_buyer_limits (
  buyer_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  open_count integer NOT NULL DEFAULT 0 CHECK (open_count BETWEEN 0 AND 10)
);
CREATE TABLE rfq_buyer_days (
  buyer_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  day date NOT NULL,
  created_count integer NOT NULL DEFAULT 0 CHECK (created_count BETWEEN 0 AND 20),
  PRIMARY KEY (buyer_id, day)
);

-- Who a request went to: one row per matched storefront (its owner user answers), at most 10 per request.
CREATE TABLE rfq_recipients (
  id uuid PRIMARY KEY,
  rfq_id uuid NOT NULL REFERENCES rfqs(id) ON DELETE CASCADE,
  seller_id bigint NOT NULL,
  seller_user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  position smallint NOT NULL CHECK (position BETWEEN 1 AND 10),
  status text NOT NULL DEFAULT 'invited' CHECK (status IN ('invited', 'quoted', 'declined', 'accepted', 'closed')),
  decline_reason text CHECK (length(decline_reason) BETWEEN 1 AND 1000),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (rfq_id, seller_id),
  UNIQUE (rfq_id, position),
  CHECK ((status = 'declined') = (decline_reason IS NOT NULL))
);
CREATE INDEX rfq_recipients_seller_user_idx ON rfq_recipients (seller_user_id, updated_at DESC);

-- Every version of a supplier's quote is kept; the latest is the one compared.
CREATE TABLE rfq_quote_versions (
  recipient_id uuid NOT NULL REFERENCES rfq_recipients(id) ON DELETE CASCADE,
  version integer NOT NULL CHECK (version >= 1),
  unit_price_cents bigint NOT NULL CHECK (unit_price_cents > 0),
  -- Quantity tiers: [{ "minQuantity": n, "unitPriceCents": c }], validated by the contract.
  tiers jsonb NOT NULL DEFAULT '[]',
  lead_days integer NOT NULL CHECK (lead_days BETWEEN 1 AND 365),
  shipping_cents bigint NOT NULL CHECK (shipping_cents >= 0),
  valid_until date NOT NULL,
  notes text NOT NULL DEFAULT '' CHECK (length(notes) <= 2000),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (recipient_id, version)
);

-- A supplier's mute of a buyer: no more requests from that buyer reach the supplier's storefronts.
CREATE TABLE rfq_buyer_mutes (
  seller_user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  buyer_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (seller_user_id, buyer_id)
);
