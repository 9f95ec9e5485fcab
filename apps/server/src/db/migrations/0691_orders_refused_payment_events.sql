-- Provider events about an order's intent whose amount or currency is not the intent's (decision 239): refused (the
-- order is not marked paid or refunded) and kept here, once per event, so they are counted and can be looked into.
CREATE TABLE order_payment_refused_events (
  provider text NOT NULL CHECK (provider IN ('sandbox', 'stripe')),
  event_id text NOT NULL,
  order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  intent_id text NOT NULL,
  event_type text NOT NULL,
  reason text NOT NULL CHECK (reason IN ('amount_mismatch', 'currency_mismatch')),
  expected_cents bigint NOT NULL,
  event_amount_cents bigint,
  event_currency text,
  refused_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, event_id)
);
CREATE INDEX order_payment_refused_events_order_idx ON order_payment_refused_events (order_id);
