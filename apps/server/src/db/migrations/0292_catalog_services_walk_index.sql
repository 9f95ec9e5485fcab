-- Services get the covering walk index products have had since 0240 (decision 042): the search's services group
-- and `/services?q=` walk the popularity order checking the text on each entry (decision 128). Without the tsvector
-- and the filtered columns in the index, each of the up to 10,000 entries read its heap row and detoasted its
-- search_doc: 230 ms for a walk that found nothing at 1M products / 100k services (EXPLAIN ANALYZE, decision 180).
-- It replaces the plain popularity index (same key, same order).
DROP INDEX IF EXISTS services_popular_idx;
CREATE INDEX services_popular_walk_idx ON services (popularity_score DESC, id DESC)
  INCLUDE (status, province, verified, business_type, turnaround_days, starting_price_cents, rating_avg,
           rating_count, category_id, subcategory_id, seller_id, search_doc);
