-- The ledger's side of decision 304: the provider's fee on a capture is an entry of its own (`provider-fee:<orderId>`),
-- and the disputes opened on orders are recorded — an open one freezes the order's hold, like an open payment review.
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_kind_check;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_kind_check
  CHECK (kind IN ('capture', 'release', 'refund', 'refund_paid', 'payout', 'payout_failed', 'chargeback',
    'provider_fee'));
-- The reconciliation reads a day's entries.
CREATE INDEX ledger_entries_created_idx ON ledger_entries (created_at, id);

CREATE TABLE ledger_disputes (
  dispute_id text PRIMARY KEY,
  provider text NOT NULL CHECK (provider IN ('sandbox', 'stripe')),
  order_id uuid NOT NULL,
  seller_id bigint NOT NULL,
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  reason text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'won', 'lost')),
  opened_at timestamptz NOT NULL DEFAULT now(),
  closed_at timestamptz,
  CHECK ((status = 'open') = (closed_at IS NULL))
);
CREATE INDEX ledger_disputes_open_idx ON ledger_disputes (order_id) WHERE status = 'open';

-- The daily reconciliation's report (decision 304): one row per day, replaced by a re-run in one transaction, and
-- one row per movement that did not match.
CREATE TABLE ledger_reconciliation_days (
  run_date date PRIMARY KEY,
  provider text NOT NULL CHECK (provider IN ('sandbox', 'stripe')),
  ran_at timestamptz NOT NULL DEFAULT now(),
  provider_count integer NOT NULL,
  ledger_count integer NOT NULL,
  matched_count integer NOT NULL,
  mismatch_count integer NOT NULL,
  provider_total_cents bigint NOT NULL,
  ledger_total_cents bigint NOT NULL
);

CREATE TABLE ledger_reconciliation_mismatches (
  id bigserial PRIMARY KEY,
  run_date date NOT NULL REFERENCES ledger_reconciliation_days (run_date) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('missing_in_ledger', 'missing_at_provider', 'amount_differs')),
  type text NOT NULL CHECK (type IN ('charge', 'refund', 'transfer', 'adjustment', 'provider_fee')),
  source_id text NOT NULL,
  provider_transaction_id text,
  ledger_entry_key text,
  order_id uuid,
  provider_amount_cents bigint,
  ledger_amount_cents bigint
);
CREATE INDEX ledger_reconciliation_mismatches_day_idx ON ledger_reconciliation_mismatches (run_date, id);
