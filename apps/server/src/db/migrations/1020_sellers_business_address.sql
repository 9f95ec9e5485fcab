-- The seller's business address printed on its invoices (decision 315): { street, city, province, postalCode },
-- set with the tax profile; null until the seller gives one.
ALTER TABLE sellers ADD COLUMN business_address jsonb;
