-- Payout accounts (decision 312, docs/product.md §7): where a storefront's sales are paid out. One per storefront;
-- its status follows the provider's account.updated events; the schedule and minimum are the seller's.
CREATE TABLE payout_accounts (
  seller_id bigint PRIMARY KEY REFERENCES sellers (id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('sandbox', 'stripe')),
  provider_account_id text NOT NULL,
  status text NOT NULL DEFAULT 'pending_onboarding'
    CHECK (status IN ('pending_onboarding', 'active', 'restricted', 'disabled')),
  details_submitted boolean NOT NULL DEFAULT false,
  charges_enabled boolean NOT NULL DEFAULT false,
  payouts_enabled boolean NOT NULL DEFAULT false,
  requirements_due text[] NOT NULL DEFAULT '{}',
  schedule_interval text NOT NULL DEFAULT 'weekly' CHECK (schedule_interval IN ('daily', 'weekly')),
  -- ISO weekday, 1 = Monday; set exactly when the schedule is weekly.
  schedule_weekday smallint CHECK (schedule_weekday BETWEEN 1 AND 7),
  minimum_cents bigint NOT NULL CHECK (minimum_cents BETWEEN 100 AND 100000000),
  -- The provider's `created` of the last account event applied: an older event arriving late changes nothing.
  provider_updated_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider, provider_account_id),
  CHECK ((schedule_interval = 'weekly') = (schedule_weekday IS NOT NULL))
);
