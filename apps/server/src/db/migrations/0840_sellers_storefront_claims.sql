-- Storefront claims (decision 263). A storefront lists the e-mail address and phone number a claimant proves
-- control of (the columns the owner edits, migration 0830): a code goes to an address at the listed e-mail's
-- domain, or to the listed phone, which is stored in E.164.
ALTER TABLE sellers ADD CONSTRAINT sellers_contact_email_shape CHECK (contact_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$');
ALTER TABLE sellers ADD CONSTRAINT sellers_contact_phone_e164 CHECK (contact_phone ~ '^\+[0-9]{8,15}$');

-- The admin's switch (one row): claims stay "under maintenance" until an admin opens them.
CREATE TABLE storefront_claim_settings (
  id smallint PRIMARY KEY CHECK (id = 1),
  claims_open boolean NOT NULL DEFAULT false,
  updated_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO storefront_claim_settings (id) VALUES (1);

-- A claim: 'verifying' until its code is entered, then 'pending' for the admin, then decided once.
CREATE TABLE storefront_claims (
  id uuid PRIMARY KEY,
  seller_id bigint NOT NULL REFERENCES sellers(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'verifying' CHECK (status IN ('verifying', 'pending', 'approved', 'refused')),
  channel text NOT NULL CHECK (channel IN ('email', 'phone')),
  destination text NOT NULL,
  business_number text NOT NULL CHECK (business_number ~ '^[0-9]{9}$'),
  code_hash text NOT NULL,
  code_expires_at timestamptz NOT NULL,
  -- Wrong codes entered for the current code, and codes sent for this claim: both capped by the database.
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts BETWEEN 0 AND 5),
  codes_sent integer NOT NULL DEFAULT 1 CHECK (codes_sent BETWEEN 1 AND 5),
  verified_at timestamptz,
  refusal_reason text,
  decided_by uuid,
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'refused') = (refusal_reason IS NOT NULL)),
  CHECK (status NOT IN ('pending', 'approved') OR verified_at IS NOT NULL)
);
-- One open claim per account and storefront; competing claims of other accounts wait side by side.
CREATE UNIQUE INDEX storefront_claims_one_open ON storefront_claims (seller_id, user_id)
  WHERE status IN ('verifying', 'pending');
-- At most one approved claim per storefront.
CREATE UNIQUE INDEX storefront_claims_one_approved ON storefront_claims (seller_id) WHERE status = 'approved';
CREATE INDEX storefront_claims_pending_idx ON storefront_claims (created_at, id) WHERE status = 'pending';
CREATE INDEX storefront_claims_user_idx ON storefront_claims (user_id, created_at DESC);
