-- Listing at 1M products without caches (decision 042).
--
-- 1. Covering walk indexes. A listing in popularity order (the default, and "relevance" with text) walks a btree
--    in order and checks the other filters and the text on each entry until a page is full. With every filtered
--    column and the tsvector in the index, the walk never visits the heap (index-only scan): ~0.6 µs an entry
--    instead of ~1.7 µs. They replace the plain (popularity), (province, popularity) and
--    (province, verified, popularity) indexes.
DROP INDEX IF EXISTS products_popular_idx;
DROP INDEX IF EXISTS products_province_idx;
DROP INDEX IF EXISTS products_province_verified_popular_idx;
CREATE INDEX products_popular_walk_idx ON products (popularity_score DESC, id DESC)
  INCLUDE (province, status, verified, origin, business_type, delivery_days, min_price_cents, min_order_quantity,
           rating_avg, rating_count, category_id, subcategory_id, seller_id, search_doc);
CREATE INDEX products_province_walk_idx ON products (province, popularity_score DESC, id DESC)
  INCLUDE (status, verified, origin, business_type, delivery_days, min_price_cents, min_order_quantity,
           rating_avg, rating_count, category_id, subcategory_id, seller_id, search_doc);

-- 2. The estimation sample: a fixed 1-in-64 subset of rows, chosen by a multiplicative hash of the id (Knuth:
--    the top 6 bits of id × 2654435761 mod 2^32), so it is spread evenly over ids and independent of every
--    attribute. A listing's total and facet counts at scale are 64 × what matches in the sample. The predicate
--    must be written exactly like this in queries (catalog.queries.ts `samplePredicate`) for the planner to use
--    these partial indexes.
-- Statistics on the hash tell the planner the sample is 1/64 of the rows (without them it guesses 1/3 and plans a
-- parallel scan of a few thousand index entries, ~5 ms of worker start-up).
CREATE STATISTICS products_sample_stats ON ((id * 2654435761) % 4294967296) FROM products;
CREATE STATISTICS services_sample_stats ON ((id * 2654435761) % 4294967296) FROM services;
CREATE INDEX products_sample_search_idx ON products USING gin (search_doc)
  WHERE ((id * 2654435761) % 4294967296) < 67108864;
CREATE INDEX products_sample_idx ON products (province)
  INCLUDE (status, verified, origin, business_type, delivery_days, min_price_cents, min_order_quantity,
           rating_avg, rating_count, category_id, subcategory_id, seller_id)
  WHERE ((id * 2654435761) % 4294967296) < 67108864;
CREATE INDEX services_sample_search_idx ON services USING gin (search_doc)
  WHERE ((id * 2654435761) % 4294967296) < 67108864;
CREATE INDEX services_sample_idx ON services (province)
  INCLUDE (status, verified, business_type, turnaround_days, starting_price_cents, rating_avg, rating_count,
           category_id, subcategory_id, seller_id)
  WHERE ((id * 2654435761) % 4294967296) < 67108864;

-- 3. Services take part in the catalogue version too (decision 041 covered products and sellers only), so their
--    listing can be result-cached like products.
CREATE TRIGGER services_catalog_version AFTER INSERT OR DELETE ON services
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
CREATE TRIGGER services_catalog_version_update AFTER UPDATE OF slug, seller_id, category_id, subcategory_id, status,
  name_en, name_fr, starting_price_cents, price_unit, turnaround_days, verified, province, business_type, rating_avg,
  rating_count, created_at ON services
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
CREATE TRIGGER services_catalog_version_truncate AFTER TRUNCATE ON services
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();

-- Gather the new statistics now: until the next ANALYZE the planner would not know the sample's size.
ANALYZE products;
ANALYZE services;
