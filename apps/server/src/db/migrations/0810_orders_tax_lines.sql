-- An order's own copy of its tax components (decision 256): copied from its invoice when the invoice is accepted,
-- in the same statement, so the orders module's export writes one line per tax component without reading the
-- invoices' table. Orders placed before take their invoice's lines.
ALTER TABLE orders ADD COLUMN tax_lines jsonb NOT NULL DEFAULT '[]'::jsonb;
UPDATE orders o SET tax_lines = i.tax_lines FROM invoices i WHERE i.id::text = o.invoice_id::text;
