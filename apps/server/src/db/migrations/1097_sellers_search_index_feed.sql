-- The storefronts' part of the in-process search index (decision 334), fed like products and services (1094): each
-- storefront records when something the grouped search matches or shows of it last changed (from the clock), and
-- deleted storefronts (or an emptied table) land in sellers_search_removals. Popularity (storefront visits) does not
-- touch it: the index takes the popularity order at its build, which is rebuilt periodically.
CREATE FUNCTION sellers_search_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_changed_at := clock_timestamp();
  RETURN NEW;
END
$$;
ALTER TABLE sellers ADD COLUMN search_changed_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX sellers_search_changed_idx ON sellers (search_changed_at);
CREATE TRIGGER sellers_search_changed BEFORE INSERT OR UPDATE OF slug, name, business_type, province, city, verified,
  claimed, listed, logo_url, product_count, service_count, created_at ON sellers
  FOR EACH ROW EXECUTE FUNCTION sellers_search_touch();
-- Every process reads the feed when the catalogue version moved: the card fields the version did not follow yet
-- (claimed, listed, logo, counts, creation date: the grouped search shows them, 0230 bumped only the listing cards'
-- fields) move it too. Statement-level, like 0230.
CREATE TRIGGER sellers_catalog_version_search AFTER UPDATE OF claimed, listed, logo_url, product_count, service_count,
  created_at ON sellers FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
CREATE TABLE sellers_search_removals (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  seller_id bigint,
  removed_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX sellers_search_removals_at_idx ON sellers_search_removals (removed_at);
CREATE FUNCTION sellers_search_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'ROW' THEN
    INSERT INTO sellers_search_removals (seller_id) VALUES (OLD.id);
  ELSE
    INSERT INTO sellers_search_removals (seller_id) VALUES (NULL);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER sellers_search_removed AFTER DELETE ON sellers
  FOR EACH ROW EXECUTE FUNCTION sellers_search_removed();
CREATE TRIGGER sellers_search_truncated AFTER TRUNCATE ON sellers
  FOR EACH STATEMENT EXECUTE FUNCTION sellers_search_removed();
