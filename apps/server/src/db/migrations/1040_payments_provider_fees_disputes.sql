-- Provider fees, disputes and reconciliation (decision 304), the sandbox provider's side: its balance records every
-- movement of the platform's balance as Stripe's does — a charge (+gross, with the provider's fee), a refund, a
-- transfer and its reversal, a dispute's adjustment — so the daily reconciliation has something to compare.
ALTER TABLE sandbox_balance_transactions DROP CONSTRAINT sandbox_balance_transactions_source_id_fkey;
ALTER TABLE sandbox_balance_transactions DROP CONSTRAINT sandbox_balance_transactions_type_check;
ALTER TABLE sandbox_balance_transactions ADD CONSTRAINT sandbox_balance_transactions_type_check
  CHECK (type IN ('charge', 'refund', 'transfer', 'transfer_cancel', 'adjustment'));
-- The provider's fee on the movement (Stripe's `fee`), and the payment intent it belongs to (charges, refunds,
-- disputes), which is how the ledger knows them.
ALTER TABLE sandbox_balance_transactions ADD COLUMN fee_cents bigint NOT NULL DEFAULT 0 CHECK (fee_cents >= 0);
ALTER TABLE sandbox_balance_transactions ADD COLUMN payment_intent_id text;
CREATE INDEX sandbox_balance_transactions_created_idx ON sandbox_balance_transactions (created_at, seq);

-- A dispute ("dp_sb_…") the cardholder's bank opened on a successful payment: open until closed won or lost.
CREATE TABLE sandbox_disputes (
  id text PRIMARY KEY,
  intent_id text NOT NULL REFERENCES sandbox_payment_intents (id),
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  reason text NOT NULL,
  status text NOT NULL DEFAULT 'needs_response' CHECK (status IN ('needs_response', 'won', 'lost')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- One dispute per payment, as with Stripe's charges.
CREATE UNIQUE INDEX sandbox_disputes_intent_idx ON sandbox_disputes (intent_id);
