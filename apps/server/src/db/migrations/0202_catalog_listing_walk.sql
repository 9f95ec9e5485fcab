-- Listing speed at 1M products, second step (decision 040):
-- * an ordered walk for frequent words: (province, verified) then popularity, the text checked per row;
-- * more filter tokens (active status, delivery-day thresholds) so a capped count with text needs no heap visits.
--   0fsa = active; 0fd<T> for each T in 2,3,5,7,10,14 with delivery_days <= T.
CREATE INDEX products_province_verified_popular_idx ON products (province, verified, popularity_score DESC, id DESC);
DROP INDEX products_search_idx;
ALTER TABLE products DROP COLUMN search_doc;
ALTER TABLE products ADD COLUMN search_doc tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('simple', catalog_fold(name_en || ' ' || name_fr)), 'A')
  || setweight(to_tsvector('simple', catalog_fold(material_en || ' ' || material_fr)), 'B')
  || to_tsvector('simple',
       '0fp' || lower(province) || ' 0fv' || (CASE WHEN verified THEN '1' ELSE '0' END)
       || ' 0fo' || (CASE origin WHEN 'made-in-canada' THEN 'mic' WHEN 'product-of-canada' THEN 'poc' ELSE 'imp' END)
       || ' 0fb' || replace(business_type, '-', '')
       || (CASE WHEN status = 'active' THEN ' 0fsa' ELSE '' END)
       || (CASE WHEN delivery_days <= 2 THEN ' 0fd2' ELSE '' END)
       || (CASE WHEN delivery_days <= 3 THEN ' 0fd3' ELSE '' END)
       || (CASE WHEN delivery_days <= 5 THEN ' 0fd5' ELSE '' END)
       || (CASE WHEN delivery_days <= 7 THEN ' 0fd7' ELSE '' END)
       || (CASE WHEN delivery_days <= 10 THEN ' 0fd10' ELSE '' END)
       || (CASE WHEN delivery_days <= 14 THEN ' 0fd14' ELSE '' END))
) STORED;
CREATE INDEX products_search_idx ON products USING gin (search_doc);
