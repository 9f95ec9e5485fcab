-- Seller centre stats (decision 314): the chart of a storefront's item counters reads one row per storefront and
-- day instead of summing every item's day row, and a long period's per-item sums are a difference of two running
-- totals ("before month M") instead of a sum over every month of the period.

-- The storefront-wide day rows: always the exact sum of the storefront's item day rows of that day.
CREATE TABLE catalog_storefront_item_days (
  seller_id bigint NOT NULL REFERENCES sellers(id) ON DELETE CASCADE,
  day date NOT NULL,
  views integer NOT NULL DEFAULT 0,
  quotations integer NOT NULL DEFAULT 0,
  accepted integer NOT NULL DEFAULT 0,
  rejected integer NOT NULL DEFAULT 0,
  in_progress integer NOT NULL DEFAULT 0,
  PRIMARY KEY (seller_id, day)
);

-- An item's counters summed over every day before `month` (its first day), for the months the stats have asked for
-- (written when first needed, from the month rows). Only items with something before the month have a row. A month
-- is written once it has begun (and an hour more, so a transaction started on the month's eve has committed): the
-- days before it no longer change.
CREATE TABLE catalog_item_month_starts (
  seller_id bigint NOT NULL REFERENCES sellers(id) ON DELETE CASCADE,
  month date NOT NULL CHECK (extract(day FROM month) = 1),
  item_kind text NOT NULL CHECK (item_kind IN ('product','service')),
  item_id bigint NOT NULL,
  views integer NOT NULL,
  quotations integer NOT NULL,
  accepted integer NOT NULL,
  rejected integer NOT NULL,
  in_progress integer NOT NULL,
  PRIMARY KEY (seller_id, month, item_kind, item_id)
);
-- Which storefront's months are written (a month's rows and its mark are one transaction).
CREATE TABLE catalog_item_month_start_marks (
  seller_id bigint NOT NULL REFERENCES sellers(id) ON DELETE CASCADE,
  month date NOT NULL CHECK (extract(day FROM month) = 1),
  PRIMARY KEY (seller_id, month)
);

-- Writers of item counters wait here until the backfill below has committed, so it misses no change and counts
-- none twice (the function is replaced in the same transaction).
LOCK TABLE products, services IN SHARE ROW EXCLUSIVE MODE;

CREATE OR REPLACE FUNCTION catalog_item_counts_record() RETURNS trigger LANGUAGE plpgsql AS $$
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
  INSERT INTO catalog_storefront_item_days AS s (seller_id, day, views, quotations, accepted, rejected, in_progress)
  VALUES (NEW.seller_id, today,
          NEW.views - OLD.views, NEW.quotations - OLD.quotations, NEW.accepted - OLD.accepted,
          NEW.rejected - OLD.rejected, NEW.in_progress - OLD.in_progress)
  ON CONFLICT (seller_id, day) DO UPDATE SET
    views = s.views + excluded.views,
    quotations = s.quotations + excluded.quotations,
    accepted = s.accepted + excluded.accepted,
    rejected = s.rejected + excluded.rejected,
    in_progress = s.in_progress + excluded.in_progress;
  RETURN NULL;
END $$;

INSERT INTO catalog_storefront_item_days (seller_id, day, views, quotations, accepted, rejected, in_progress)
SELECT seller_id, day, sum(views), sum(quotations), sum(accepted), sum(rejected), sum(in_progress)
FROM catalog_item_days
GROUP BY 1, 2;
