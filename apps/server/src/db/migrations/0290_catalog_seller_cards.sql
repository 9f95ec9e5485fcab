-- The catalogue's own copy of what a listing card shows of its seller (decision 110): listing pages join this
-- table instead of the sellers module's `sellers` (one query per page, decision 042), and the `sellerId` filter
-- resolves a slug here. The sellers module writes it through the catalogue's door in the same transaction as
-- every change of these fields; a deleted storefront's card goes with it (like its products and services).
CREATE TABLE catalog_seller_cards (
  seller_id bigint PRIMARY KEY REFERENCES sellers(id) ON DELETE CASCADE,
  slug text NOT NULL UNIQUE,
  name text NOT NULL,
  province text NOT NULL,
  city text NOT NULL,
  business_type text NOT NULL,
  verified boolean NOT NULL
);

INSERT INTO catalog_seller_cards (seller_id, slug, name, province, city, business_type, verified)
  SELECT id, slug, name, province, city, business_type, verified FROM sellers;

-- Cached listings (decision 041) follow the copy. The triggers on `sellers` (0230) stay: the global search's
-- cached answer also lists storefronts, which the sellers module reads from its own table.
CREATE TRIGGER catalog_seller_cards_version AFTER INSERT OR UPDATE OR DELETE ON catalog_seller_cards
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
CREATE TRIGGER catalog_seller_cards_version_truncate AFTER TRUNCATE ON catalog_seller_cards
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
