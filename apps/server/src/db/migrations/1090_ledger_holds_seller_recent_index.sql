-- The seller's balance screen lists their newest paid orders (ledger_holds, newest first, a hundred): without this
-- index a storefront with tens of thousands of paid orders sorted them all on every read (decision 296's figures).
CREATE INDEX ledger_holds_seller_recent_idx ON ledger_holds (seller_id, created_at DESC, order_id);
