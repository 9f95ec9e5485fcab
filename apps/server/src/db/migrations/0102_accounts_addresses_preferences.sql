-- Accounts issue: addresses (exactly one default shipping address per user) and preferences.
CREATE TABLE addresses (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  street text NOT NULL,
  country text NOT NULL DEFAULT 'Canada',
  province text NOT NULL,
  city text NOT NULL,
  postal_code text NOT NULL,
  is_default_shipping boolean NOT NULL DEFAULT false,
  address_type text NOT NULL DEFAULT 'Shipping' CHECK (address_type IN ('Shipping', 'Billing')),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX addresses_user_idx ON addresses (user_id, created_at);
CREATE UNIQUE INDEX addresses_one_default_per_user ON addresses (user_id) WHERE is_default_shipping;

CREATE TABLE user_preferences (
  user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  preferred_payment_methods text[] NOT NULL DEFAULT ARRAY[]::text[],
  preferred_currency text NOT NULL DEFAULT 'CAD',
  preferred_language text NOT NULL DEFAULT 'en',
  updated_at timestamptz NOT NULL DEFAULT now()
);
