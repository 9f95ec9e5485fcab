-- A seller's tax override gives one of a fixed list of reasons (decision 241), stored beside the lines it explains
-- and printed on the invoice page and PDF; the exemption-certificate reason carries the certificate's number, and
-- only it does. Invoices issued before keep NULL here and go on printing their free-text tax_override_reason.
ALTER TABLE invoices ADD COLUMN tax_override_code text
  CONSTRAINT invoices_tax_override_code_known
  CHECK (tax_override_code IN ('zeroRated', 'exempt', 'export', 'exemptionCertificate'));
ALTER TABLE invoices ADD COLUMN tax_exemption_certificate text
  CONSTRAINT invoices_tax_exemption_certificate_with_its_reason
  CHECK ((tax_exemption_certificate IS NOT NULL) = (tax_override_code IS NOT DISTINCT FROM 'exemptionCertificate'));
