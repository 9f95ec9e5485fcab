-- Transaction groundwork (issue 10, decision 073): the payment provider port.

-- Every verified provider webhook event, once: a replayed or re-sent event hits the unique key.
CREATE TABLE payment_webhook_events (
  provider text NOT NULL CHECK (provider IN ('sandbox', 'stripe')),
  event_id text NOT NULL,
  type text NOT NULL,
  payload jsonb NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, event_id)
);
CREATE INDEX payment_webhook_events_received_idx ON payment_webhook_events (received_at);

-- The sandbox provider's own state (it plays Stripe's test mode; a real provider keeps this on its side).
CREATE TABLE sandbox_payment_intents (
  id text PRIMARY KEY,
  idempotency_key text NOT NULL UNIQUE,
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  currency text NOT NULL CHECK (currency = 'cad'),
  status text NOT NULL CHECK (status IN ('requires_payment_method', 'requires_action', 'processing', 'succeeded')),
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  card_brand text,
  card_last4 text,
  pending_outcome text CHECK (pending_outcome IN ('succeeded', 'card_declined', 'insufficient_funds', 'authentication_failed')),
  failure_code text,
  refunded_cents integer NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0 AND refunded_cents <= amount_cents),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sandbox_payment_refunds (
  id text PRIMARY KEY,
  intent_id text NOT NULL REFERENCES sandbox_payment_intents (id),
  idempotency_key text NOT NULL UNIQUE,
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sandbox_payment_refunds_intent_idx ON sandbox_payment_refunds (intent_id);
