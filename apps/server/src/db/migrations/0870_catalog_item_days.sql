-- Seller centre stats (decision 273): what happened to each product and service, per calendar day in Toronto time (as the order exports), so a period's
-- numbers are sums over at most one row per item and day with events, read by the seller's key range.
CREATE TABLE catalog_item_days (
  seller_id bigint NOT NULL REFERENCES sellers(id) ON DELETE CASCADE,
  day date NOT NULL,
  item_kind text NOT NULL CHECK (item_kind IN ('product','service')),
  item_id bigint NOT NULL,
  views integer NOT NULL DEFAULT 0,
  quotations integer NOT NULL DEFAULT 0,
  accepted integer NOT NULL DEFAULT 0,
  rejected integer NOT NULL DEFAULT 0,
  in_progress integer NOT NULL DEFAULT 0,
  PRIMARY KEY (seller_id, day, item_kind, item_id)
);

-- The day rows follow the items' running counters in the statement that changes them, whoever writes them
-- (track-view, track-status, an inquiry, a quotation's answer): one upsert of the change, never a recount.
CREATE FUNCTION catalog_item_days_record() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalog_item_days AS d (seller_id, day, item_kind, item_id, views, quotations, accepted, rejected, in_progress)
  VALUES (NEW.seller_id, (now() AT TIME ZONE 'America/Toronto')::date, TG_ARGV[0], NEW.id,
          NEW.views - OLD.views, NEW.quotations - OLD.quotations, NEW.accepted - OLD.accepted,
          NEW.rejected - OLD.rejected, NEW.in_progress - OLD.in_progress)
  ON CONFLICT (seller_id, day, item_kind, item_id) DO UPDATE SET
    views = d.views + excluded.views,
    quotations = d.quotations + excluded.quotations,
    accepted = d.accepted + excluded.accepted,
    rejected = d.rejected + excluded.rejected,
    in_progress = d.in_progress + excluded.in_progress;
  RETURN NULL;
END $$;

CREATE TRIGGER products_item_days AFTER UPDATE OF views, quotations, accepted, rejected, in_progress ON products
  FOR EACH ROW WHEN (NEW.views <> OLD.views OR NEW.quotations <> OLD.quotations OR NEW.accepted <> OLD.accepted
    OR NEW.rejected <> OLD.rejected OR NEW.in_progress <> OLD.in_progress)
  EXECUTE FUNCTION catalog_item_days_record('product');
CREATE TRIGGER services_item_days AFTER UPDATE OF views, quotations, accepted, rejected, in_progress ON services
  FOR EACH ROW WHEN (NEW.views <> OLD.views OR NEW.quotations <> OLD.quotations OR NEW.accepted <> OLD.accepted
    OR NEW.rejected <> OLD.rejected OR NEW.in_progress <> OLD.in_progress)
  EXECUTE FUNCTION catalog_item_days_record('service');
