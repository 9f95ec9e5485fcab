-- Negotiating an invoice (decisions 271, 272): the seller withdraws a pending invoice (status 'withdrawn') and may
-- issue a revised one — a new row, version n + 1, naming the one it revises; every version is kept. A version is
-- revised at most once (unique previous_invoice_id), so two revisions of the same invoice cannot both be issued.
-- The buyer may reject with a counter-offer (price, quantity, delivery date, note), kept with the rejection.
ALTER TABLE invoices DROP CONSTRAINT invoices_status_check;
ALTER TABLE invoices ADD CONSTRAINT invoices_status_check
  CHECK (status IN ('pending', 'accepted', 'rejected', 'expired', 'withdrawn')) NOT VALID;
ALTER TABLE invoices VALIDATE CONSTRAINT invoices_status_check;
ALTER TABLE invoices
  ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  ADD COLUMN previous_invoice_id uuid REFERENCES invoices(id) ON DELETE CASCADE,
  ADD COLUMN withdrawn_at timestamptz,
  ADD COLUMN counter_offer jsonb,
  ADD CONSTRAINT invoices_withdrawn_has_time CHECK (status <> 'withdrawn' OR withdrawn_at IS NOT NULL),
  ADD CONSTRAINT invoices_counter_offer_on_rejection CHECK (counter_offer IS NULL OR status = 'rejected'),
  ADD CONSTRAINT invoices_version_follows_previous CHECK ((previous_invoice_id IS NULL) = (version = 1));
CREATE UNIQUE INDEX invoices_one_revision_per_version ON invoices (previous_invoice_id)
  WHERE previous_invoice_id IS NOT NULL;

-- The chat tells a withdrawal like the other invoice business actions (decision 271).
ALTER TABLE chat_messages DROP CONSTRAINT chat_messages_business_action_check;
ALTER TABLE chat_messages ADD CONSTRAINT chat_messages_business_action_check CHECK (business_action IN (
  'quotation_created', 'quotation_accepted', 'quotation_rejected', 'invoice_sent', 'invoice_accepted',
  'invoice_rejected', 'invoice_expired', 'invoice_withdrawn', 'order_created', 'order_updated',
  'order_cancelled')) NOT VALID;
ALTER TABLE chat_messages VALIDATE CONSTRAINT chat_messages_business_action_check;
