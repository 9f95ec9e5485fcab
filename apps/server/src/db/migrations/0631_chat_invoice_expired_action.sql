-- An invoice that expired unanswered is said in its conversation (decision 167): one more business action.
-- NOT VALID then VALIDATE: the new check is wider than the old one, so existing rows pass without a long lock.
ALTER TABLE chat_messages DROP CONSTRAINT chat_messages_business_action_check;
ALTER TABLE chat_messages ADD CONSTRAINT chat_messages_business_action_check CHECK (business_action IN (
  'quotation_created', 'quotation_accepted', 'quotation_rejected', 'invoice_sent', 'invoice_accepted',
  'invoice_rejected', 'invoice_expired', 'order_created', 'order_updated', 'order_cancelled')) NOT VALID;
ALTER TABLE chat_messages VALIDATE CONSTRAINT chat_messages_business_action_check;
