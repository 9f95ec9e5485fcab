-- The parties' addresses as they were when the invoice was issued (decision 315): the seller's business address and
-- the buyer's billing address, each { street, city, province, postalCode } or null. Earlier invoices have none.
ALTER TABLE invoices ADD COLUMN seller_address jsonb, ADD COLUMN buyer_address jsonb;
