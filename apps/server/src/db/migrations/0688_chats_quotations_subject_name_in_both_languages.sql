-- Conversations and quotation requests keep their product's (or service's) French name beside the English one
-- (decision 233): both are copied from the catalogue when the inquiry opens the conversation and creates the
-- quotation, so French readers see the French name in the chat list and header, the quotation panel, the invoice
-- generation modal and the notifications built from the conversation's names.
ALTER TABLE chats ADD COLUMN subject_name_fr text;
ALTER TABLE quotation_requests ADD COLUMN subject_name_fr text;

-- Existing rows stored the English name only. Their French name is taken from the catalogue only where it is
-- unambiguous: the subject still exists in its kind's table and its English name is still the one stored. Any other
-- row (subject deleted or renamed since) keeps NULL and goes on showing its English name, rather than a guess.
UPDATE chats c SET subject_name_fr = p.name_fr
FROM products p
WHERE c.subject_kind = 'product' AND p.id = c.subject_id AND p.name_en = c.subject_name;
UPDATE chats c SET subject_name_fr = s.name_fr
FROM services s
WHERE c.subject_kind = 'service' AND s.id = c.subject_id AND s.name_en = c.subject_name;
UPDATE quotation_requests q SET subject_name_fr = p.name_fr
FROM products p
WHERE q.subject_kind = 'product' AND p.id = q.subject_id AND p.name_en = q.subject_name;
UPDATE quotation_requests q SET subject_name_fr = s.name_fr
FROM services s
WHERE q.subject_kind = 'service' AND s.id = q.subject_id AND s.name_en = q.subject_name;
