-- The order that came out of the conversation, kept from its `order_created` action as `invoice_id` is kept from
-- `invoice_sent` (decision 253): the chat header shows that order's payment review, or the way to request one.
-- Conversations whose order was made before keep NULL until their next order; the header then shows no review.
ALTER TABLE chats ADD COLUMN order_id text;
