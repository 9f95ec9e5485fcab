-- Catalogue version for the listing result cache (decision 041): any statement that changes what a product or
-- service card shows, or which rows a listing filter matches, bumps one counter; servers poll it (≤ 1 s) and drop
-- cached listing pages from an older version. Pure statistics updates (views, quotations, popularity, bestseller
-- score) do not bump it: they only reorder, and the cache's TTL (a few seconds) bounds that staleness.
CREATE TABLE catalog_version (
  id integer PRIMARY KEY CHECK (id = 1),
  version bigint NOT NULL
);
INSERT INTO catalog_version (id, version) VALUES (1, 1);
CREATE FUNCTION catalog_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalog_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END
$$;
CREATE TRIGGER products_catalog_version AFTER INSERT OR DELETE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
CREATE TRIGGER products_catalog_version_update AFTER UPDATE OF slug, seller_id, category_id, subcategory_id, status,
  name_en, name_fr, material_en, material_fr, unit, price_tiers, min_price_cents, max_price_cents, min_order_quantity,
  lead_days, delivery_days, origin, verified, province, business_type, rating_avg, rating_count, created_at ON products
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
CREATE TRIGGER products_catalog_version_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
CREATE TRIGGER sellers_catalog_version AFTER INSERT OR DELETE ON sellers
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
CREATE TRIGGER sellers_catalog_version_update AFTER UPDATE OF slug, name, business_type, province, city, verified
  ON sellers FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
CREATE TRIGGER categories_catalog_version AFTER INSERT OR DELETE OR UPDATE OF slug, parent_id, kind ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
