-- An order's own time zone (decisions 248 and 265): copied from its invoice when the invoice is accepted, so the
-- order page dates its timeline and the order's deadlines count calendar days in the zone the documents state.
-- Orders placed before take their invoice's zone.
ALTER TABLE orders ADD COLUMN time_zone text NOT NULL DEFAULT 'America/Toronto';
UPDATE orders o SET time_zone = i.time_zone FROM invoices i WHERE i.id::text = o.invoice_id::text AND o.time_zone <> i.time_zone;
