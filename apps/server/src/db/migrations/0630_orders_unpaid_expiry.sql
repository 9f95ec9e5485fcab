-- Unpaid orders are cancelled 7 days after they were placed (decision 166): the sweep finds pending orders by
-- placement date without reading every order.
CREATE INDEX orders_pending_placed_idx ON orders (placed_at, id) WHERE status = 'pending';
