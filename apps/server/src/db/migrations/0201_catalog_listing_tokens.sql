-- Listing speed at 1M products (decision 040): equality filters become tokens of the GIN-indexed tsvector so the
-- index intersection returns only matching rows, and wide columns move to TOAST so the heap rows stay small.
-- Tokens start with "0f" (a digit: never in the typo vocabulary, never typed as a query word):
--   0fp<province>  0fv<0|1> verified  0fo<mic|poc|imp> origin  0fb<business type without dashes>
ALTER TABLE products SET (toast_tuple_target = 128);
DROP INDEX products_search_idx;
ALTER TABLE products DROP COLUMN search_doc;
ALTER TABLE products ADD COLUMN search_doc tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('simple', catalog_fold(name_en || ' ' || name_fr)), 'A')
  || setweight(to_tsvector('simple', catalog_fold(material_en || ' ' || material_fr)), 'B')
  || to_tsvector('simple',
       '0fp' || lower(province) || ' 0fv' || (CASE WHEN verified THEN '1' ELSE '0' END)
       || ' 0fo' || (CASE origin WHEN 'made-in-canada' THEN 'mic' WHEN 'product-of-canada' THEN 'poc' ELSE 'imp' END)
       || ' 0fb' || replace(business_type, '-', ''))
) STORED;
CREATE INDEX products_search_idx ON products USING gin (search_doc);
