-- Invoices keep their category's French name beside the English one (decision 212), both copied when the invoice
-- is issued, so the French invoice page and PDF show the category in French.
ALTER TABLE invoices ADD COLUMN subject_category_fr text;

-- Existing invoices stored the English name only. Their French name is taken from the catalogue only where it is
-- unambiguous: exactly one category of the invoice's kind has that English name today. Any other invoice keeps
-- NULL (it shows the English name it was issued with) rather than a guess.
UPDATE invoices i SET subject_category_fr = c.name_fr
FROM categories c
WHERE c.kind = i.kind AND c.name_en = i.subject_category
  AND (SELECT count(*) FROM categories d WHERE d.kind = i.kind AND d.name_en = i.subject_category) = 1;
