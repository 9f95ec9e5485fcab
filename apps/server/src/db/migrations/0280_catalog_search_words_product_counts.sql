-- Issue 15 (decision 085): the typo vocabulary's document counts span products, services, storefronts, categories
-- and blog posts, so a word only services use ("flatbed": 2,735 services, 0 products at 1M products) looked
-- "frequent" to the product listing, which then walked the whole popularity index looking for a page of matches
-- that do not exist (seconds). `product_ndoc` is the count among products alone; the product listing chooses its
-- plan from it. The seed's rebuild fills both; words added by admin edits start at 0 (the GIN plan, always right).
ALTER TABLE search_words ADD COLUMN product_ndoc integer NOT NULL DEFAULT 0;
UPDATE search_words w SET product_ndoc = s.ndoc
FROM ts_stat('SELECT search_doc FROM products') s
WHERE s.word = w.word;
