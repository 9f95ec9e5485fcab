-- The storefront a seller edits in the seller centre (decision 261): banner, contact details, website, service area
-- and certifications (logo, descriptions and year founded already exist). Certification codes are the fixed list in
-- contracts (`storefrontCertifications`); the route checks them, the table keeps only their shape.
ALTER TABLE sellers ADD COLUMN banner_url text;
ALTER TABLE sellers ADD COLUMN contact_email text;
ALTER TABLE sellers ADD COLUMN contact_phone text;
ALTER TABLE sellers ADD COLUMN website text CHECK (website ~ '^https://');
ALTER TABLE sellers ADD COLUMN service_provinces text[] NOT NULL DEFAULT '{}';
ALTER TABLE sellers ADD COLUMN certifications text[] NOT NULL DEFAULT '{}';
