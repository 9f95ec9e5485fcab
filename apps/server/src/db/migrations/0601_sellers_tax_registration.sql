-- Seller company data printed on invoices for the buyer's input tax credits (issue 12, decision 132; owner: sellers).
-- A registered supplier has a GST/HST number (BN + RT + 4 digits) and, for Quebec, a QST number (10 digits + TQ +
-- 4 digits); a small supplier (≤ $30,000 of taxable supplies over four quarters) may be unregistered and declares it.
ALTER TABLE sellers
  ADD COLUMN legal_name text,
  ADD COLUMN gst_hst_number text CHECK (gst_hst_number ~ '^[0-9]{9}RT[0-9]{4}$'),
  ADD COLUMN qst_number text CHECK (qst_number ~ '^[0-9]{10}TQ[0-9]{4}$'),
  ADD COLUMN small_supplier boolean NOT NULL DEFAULT false;
