-- Seller payouts, the provider side (decision 312): the sandbox provider's connected accounts, transfers and
-- balance transactions. It plays Stripe Connect's test mode; with Stripe, Stripe keeps this state on its side.

-- A connected account ("acct_sb_…"): pending until the seller completes the sandbox onboarding page.
CREATE TABLE sandbox_connected_accounts (
  id text PRIMARY KEY,
  idempotency_key text NOT NULL UNIQUE,
  country text NOT NULL CHECK (country = 'CA'),
  email text,
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  details_submitted boolean NOT NULL DEFAULT false,
  charges_enabled boolean NOT NULL DEFAULT false,
  payouts_enabled boolean NOT NULL DEFAULT false,
  -- The bank account given on the onboarding page: Stripe's test numbers decide what transfers to it do.
  bank_last4 text CHECK (bank_last4 ~ '^[0-9]{4}$'),
  fails_transfers boolean NOT NULL DEFAULT false,
  requirements_due text[] NOT NULL DEFAULT ARRAY['external_account', 'individual.verification.document'],
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The link a seller follows to onboard: single-use, short-lived, as Stripe's account links are.
CREATE TABLE sandbox_account_links (
  token text PRIMARY KEY,
  account_id text NOT NULL REFERENCES sandbox_connected_accounts (id) ON DELETE CASCADE,
  return_url text NOT NULL,
  refresh_url text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX sandbox_account_links_account_idx ON sandbox_account_links (account_id);

-- A transfer to a connected account: one per idempotency key (the payout id), whatever the number of calls.
CREATE TABLE sandbox_transfers (
  id text PRIMARY KEY,
  idempotency_key text NOT NULL UNIQUE,
  destination text NOT NULL REFERENCES sandbox_connected_accounts (id),
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  currency text NOT NULL CHECK (currency = 'cad'),
  transfer_group text,
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  status text NOT NULL CHECK (status IN ('pending', 'paid', 'failed')),
  failure_code text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sandbox_transfers_destination_idx ON sandbox_transfers (destination, created_at);

-- The platform balance's movements (a transfer out; its reversal when it fails), for reconciliation.
CREATE TABLE sandbox_balance_transactions (
  seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  id text NOT NULL UNIQUE,
  type text NOT NULL CHECK (type IN ('transfer', 'transfer_cancel')),
  source_id text NOT NULL REFERENCES sandbox_transfers (id),
  amount_cents bigint NOT NULL,
  currency text NOT NULL CHECK (currency = 'cad'),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (type, source_id)
);
