-- Invoice due date, delivery deadline, unit price and total price (spec §3 Invoice; decision 255), and the order's own
-- copy of the payment and delivery terms (spec §3 Order).
--
-- The total price and the unit price follow from what the invoice already holds, so the database derives them
-- (generated columns: existing rows get them at once, no writer can make them disagree): the total price is the
-- negotiated price (the goods for the whole quantity, before shipping and tax); the unit price that price over the
-- quantity, rounded half up to the cent (contracts `invoiceUnitPriceCents`). The due date is the date of the expiry in
-- the invoice's time zone, an expiry at midnight exactly being due the day before (contracts `invoiceDueOn`): written
-- by the server (a zone conversion cannot be a generated column), backfilled here the same way.
-- The deadline is the delivery deadline: backfilled from the invoice's quotation request when it has one.
ALTER TABLE invoices
  ADD COLUMN total_price_cents bigint GENERATED ALWAYS AS (negotiated_price_cents) STORED,
  ADD COLUMN unit_price_cents bigint GENERATED ALWAYS AS (round(negotiated_price_cents::numeric / quantity)) STORED,
  ADD COLUMN due_on date,
  ADD COLUMN deadline date;

UPDATE invoices SET due_on = ((expires_at - interval '1 microsecond') AT TIME ZONE time_zone)::date;
ALTER TABLE invoices
  ALTER COLUMN due_on SET NOT NULL,
  ADD CONSTRAINT invoices_due_on_not_before_issue CHECK (due_on >= issued_on);

UPDATE invoices i SET deadline = q.deadline FROM quotation_requests q WHERE q.id = i.quotation_id;

-- The order keeps the terms it was accepted under, whatever becomes of the invoice.
ALTER TABLE orders
  ADD COLUMN payment_terms text NOT NULL DEFAULT '',
  ADD COLUMN delivery_terms text NOT NULL DEFAULT '';

UPDATE orders o SET payment_terms = i.payment_terms, delivery_terms = i.delivery_terms
  FROM invoices i WHERE i.id::text = o.invoice_id;
