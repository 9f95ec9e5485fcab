-- Payouts (decision 297): one row per storefront and run day, written in the transaction that moves the amount
-- from the seller's available balance to paid out in the ledger. The unique (seller_id, run_date) makes a second
-- run of the day — concurrent, or repeated after a success — pay nothing more; the row's id is the transfer's
-- idempotency key, so a payout left `pending` by a killed run is sent again without a second transfer.
CREATE TABLE payouts (
  id uuid PRIMARY KEY,
  seller_id bigint NOT NULL REFERENCES sellers (id) ON DELETE RESTRICT,
  run_date date NOT NULL,
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  provider text NOT NULL CHECK (provider IN ('sandbox', 'stripe')),
  destination text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  transfer_id text UNIQUE,
  failure_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  failed_at timestamptz,
  UNIQUE (seller_id, run_date),
  CHECK ((status = 'failed') = (failed_at IS NOT NULL))
);
CREATE INDEX payouts_pending_idx ON payouts (created_at, id) WHERE status = 'pending';
CREATE INDEX payouts_seller_idx ON payouts (seller_id, created_at DESC, id DESC);
