-- Seller centre stats (decision 290, "Monthly rows"): the day rows of decision 273 summed per item and calendar
-- month (the month of the same Toronto day), so a long period sums its whole months here and only its edge days
-- in catalog_item_days. `month` is the month's first day. Always the exact sum of the item's day rows of that month.
CREATE TABLE catalog_item_months (
  seller_id bigint NOT NULL REFERENCES sellers(id) ON DELETE CASCADE,
  month date NOT NULL CHECK (extract(day FROM month) = 1),
  item_kind text NOT NULL CHECK (item_kind IN ('product','service')),
  item_id bigint NOT NULL,
  views integer NOT NULL DEFAULT 0,
  quotations integer NOT NULL DEFAULT 0,
  accepted integer NOT NULL DEFAULT 0,
  rejected integer NOT NULL DEFAULT 0,
  in_progress integer NOT NULL DEFAULT 0,
  PRIMARY KEY (seller_id, month, item_kind, item_id)
);

-- The items' triggers now add the change to the day row and to its month row, in the same statement (one upsert
-- more per change, never a recount). The triggers are replaced first: the lock they take on products and services
-- holds every writer until this migration commits, so the backfill below misses no change and counts none twice.
DROP TRIGGER products_item_days ON products;
DROP TRIGGER services_item_days ON services;
DROP FUNCTION catalog_item_days_record();

CREATE FUNCTION catalog_item_counts_record() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  today date := (now() AT TIME ZONE 'America/Toronto')::date;
BEGIN
  INSERT INTO catalog_item_days AS d (seller_id, day, item_kind, item_id, views, quotations, accepted, rejected, in_progress)
  VALUES (NEW.seller_id, today, TG_ARGV[0], NEW.id,
          NEW.views - OLD.views, NEW.quotations - OLD.quotations, NEW.accepted - OLD.accepted,
          NEW.rejected - OLD.rejected, NEW.in_progress - OLD.in_progress)
  ON CONFLICT (seller_id, day, item_kind, item_id) DO UPDATE SET
    views = d.views + excluded.views,
    quotations = d.quotations + excluded.quotations,
    accepted = d.accepted + excluded.accepted,
    rejected = d.rejected + excluded.rejected,
    in_progress = d.in_progress + excluded.in_progress;
  INSERT INTO catalog_item_months AS m (seller_id, month, item_kind, item_id, views, quotations, accepted, rejected, in_progress)
  VALUES (NEW.seller_id, date_trunc('month', today::timestamp)::date, TG_ARGV[0], NEW.id,
          NEW.views - OLD.views, NEW.quotations - OLD.quotations, NEW.accepted - OLD.accepted,
          NEW.rejected - OLD.rejected, NEW.in_progress - OLD.in_progress)
  ON CONFLICT (seller_id, month, item_kind, item_id) DO UPDATE SET
    views = m.views + excluded.views,
    quotations = m.quotations + excluded.quotations,
    accepted = m.accepted + excluded.accepted,
    rejected = m.rejected + excluded.rejected,
    in_progress = m.in_progress + excluded.in_progress;
  RETURN NULL;
END $$;

CREATE TRIGGER products_item_counts AFTER UPDATE OF views, quotations, accepted, rejected, in_progress ON products
  FOR EACH ROW WHEN (NEW.views <> OLD.views OR NEW.quotations <> OLD.quotations OR NEW.accepted <> OLD.accepted
    OR NEW.rejected <> OLD.rejected OR NEW.in_progress <> OLD.in_progress)
  EXECUTE FUNCTION catalog_item_counts_record('product');
CREATE TRIGGER services_item_counts AFTER UPDATE OF views, quotations, accepted, rejected, in_progress ON services
  FOR EACH ROW WHEN (NEW.views <> OLD.views OR NEW.quotations <> OLD.quotations OR NEW.accepted <> OLD.accepted
    OR NEW.rejected <> OLD.rejected OR NEW.in_progress <> OLD.in_progress)
  EXECUTE FUNCTION catalog_item_counts_record('service');

-- The months of the day rows written so far.
INSERT INTO catalog_item_months (seller_id, month, item_kind, item_id, views, quotations, accepted, rejected, in_progress)
SELECT seller_id, date_trunc('month', day::timestamp)::date, item_kind, item_id,
       sum(views), sum(quotations), sum(accepted), sum(rejected), sum(in_progress)
FROM catalog_item_days
GROUP BY 1, 2, 3, 4;
