-- Payment reviews (docs/product.md §9, decision 316): the seller answers an open review within 3 business days,
-- else it escalates to an administrator. `answer_due_at` is set when the review opens; reviews opened before this
-- migration get 5 calendar days from their opening (3 business days over a weekend).
ALTER TABLE payment_reviews
  ADD COLUMN seller_answer text,
  ADD COLUMN seller_answered_at timestamptz,
  ADD COLUMN answer_due_at timestamptz,
  ADD COLUMN escalated_at timestamptz,
  ADD CONSTRAINT payment_reviews_answer_complete CHECK ((seller_answer IS NULL) = (seller_answered_at IS NULL));

UPDATE payment_reviews SET answer_due_at = created_at + interval '5 days' WHERE answer_due_at IS NULL;
ALTER TABLE payment_reviews ALTER COLUMN answer_due_at SET NOT NULL;

-- The escalation sweep's question: open, unanswered, not yet escalated, due.
CREATE INDEX payment_reviews_answer_due_idx ON payment_reviews (answer_due_at)
  WHERE status = 'open' AND seller_answered_at IS NULL AND escalated_at IS NULL;
