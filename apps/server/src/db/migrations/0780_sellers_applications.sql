-- Applications to sell and draft storefronts (decision 280). A storefront is `listed` once an admin approved its
-- application: a draft answers at /seller/{slug} but stays out of the directory, search, the home page's recent
-- sellers, the business-type counts and the sitemaps. Every storefront before this one is listed.
ALTER TABLE sellers ADD COLUMN listed boolean NOT NULL DEFAULT true;
-- The business number the application gave (9 digits): one input of the verified badge the admin grants.
ALTER TABLE sellers ADD COLUMN business_number text CHECK (business_number ~ '^[0-9]{9}$');

CREATE TABLE seller_applications (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  seller_id bigint REFERENCES sellers(id) ON DELETE SET NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'refused')),
  legal_name text NOT NULL,
  operating_name text NOT NULL,
  business_number text NOT NULL CHECK (business_number ~ '^[0-9]{9}$'),
  province text NOT NULL,
  city text NOT NULL,
  business_type text NOT NULL,
  categories text[] NOT NULL,
  contact_email text NOT NULL,
  contact_phone text NOT NULL,
  gst_hst_number text,
  qst_number text,
  refusal_reason text,
  decided_by uuid,
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'refused') = (refusal_reason IS NOT NULL))
);
-- One open application per account: a pending or approved one blocks another (a refused one does not).
CREATE UNIQUE INDEX seller_applications_one_open ON seller_applications (user_id)
  WHERE status IN ('pending', 'approved');
CREATE INDEX seller_applications_pending_idx ON seller_applications (created_at, id) WHERE status = 'pending';
CREATE INDEX seller_applications_user_idx ON seller_applications (user_id, created_at DESC);
