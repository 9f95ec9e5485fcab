-- Invoices and orders keep their product's (or service's) French name beside the English one (decision 232): the
-- invoice copies both from the catalogue when it is issued, the order copies both from the invoice it accepts, so
-- French readers see the French name on the invoice page and PDF, My orders and the order pages.
ALTER TABLE invoices ADD COLUMN subject_name_fr text;
ALTER TABLE orders ADD COLUMN subject_name_fr text;

-- Existing invoices stored the English name only. Their French name is taken from the catalogue only where it is
-- unambiguous: the invoice's subject still exists in its kind's table and its English name is still the one the
-- invoice was issued with. Any other invoice (subject deleted or renamed since) keeps NULL and goes on showing the
-- English name it was issued with, rather than a guess.
UPDATE invoices i SET subject_name_fr = p.name_fr
FROM products p
WHERE i.kind = 'product' AND p.id = i.subject_id AND p.name_en = i.subject_name;
UPDATE invoices i SET subject_name_fr = s.name_fr
FROM services s
WHERE i.kind = 'service' AND s.id = i.subject_id AND s.name_en = i.subject_name;

-- Orders take the French name of the invoice they were made from (the same English name, copied at acceptance).
UPDATE orders o SET subject_name_fr = i.subject_name_fr
FROM invoices i
WHERE o.invoice_id = i.id::text AND o.subject_name = i.subject_name AND i.subject_name_fr IS NOT NULL;
