-- The invoice's own time zone (decision 248): the seller's province's when issued. Invoices issued before were
-- dated in Eastern time, which is what they keep.
ALTER TABLE invoices ADD COLUMN time_zone text NOT NULL DEFAULT 'America/Toronto';
