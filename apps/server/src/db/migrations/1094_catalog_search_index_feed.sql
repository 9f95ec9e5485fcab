-- The in-process search index's feed (decision 329): every product and service row records when something the
-- search matches or shows first changed (its search_doc's source columns and its status), from the clock, not the
-- transaction's start, so that each process can poll the rows changed since its last look (with a look-back for
-- transactions that commit late) once the catalogue version moved. Statistics updates (views, popularity) do not
-- touch it: the index takes the popularity order at its build (rebuilt periodically).
CREATE FUNCTION catalog_search_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_changed_at := clock_timestamp();
  RETURN NEW;
END
$$;
ALTER TABLE products ADD COLUMN search_changed_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE services ADD COLUMN search_changed_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX products_search_changed_idx ON products (search_changed_at);
CREATE INDEX services_search_changed_idx ON services (search_changed_at);
CREATE TRIGGER products_search_changed BEFORE INSERT OR UPDATE OF name_en, name_fr, material_en, material_fr,
  province, verified, origin, business_type, status, delivery_days ON products
  FOR EACH ROW EXECUTE FUNCTION catalog_search_touch();
CREATE TRIGGER services_search_changed BEFORE INSERT OR UPDATE OF name_en, name_fr, status ON services
  FOR EACH ROW EXECUTE FUNCTION catalog_search_touch();
-- Rows deleted (and tables emptied) leave no row to read: the index's feed reads them here. A null item is a
-- TRUNCATE (the whole index is built again). Kept a day; the index's rebuild deletes older ones.
CREATE TABLE catalog_search_removals (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  item_kind text NOT NULL CHECK (item_kind IN ('product', 'service')),
  item_id bigint,
  removed_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX catalog_search_removals_at_idx ON catalog_search_removals (removed_at);
CREATE FUNCTION catalog_search_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'ROW' THEN
    INSERT INTO catalog_search_removals (item_kind, item_id) VALUES (TG_ARGV[0], OLD.id);
  ELSE
    INSERT INTO catalog_search_removals (item_kind, item_id) VALUES (TG_ARGV[0], NULL);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER products_search_removed AFTER DELETE ON products
  FOR EACH ROW EXECUTE FUNCTION catalog_search_removed('product');
CREATE TRIGGER services_search_removed AFTER DELETE ON services
  FOR EACH ROW EXECUTE FUNCTION catalog_search_removed('service');
CREATE TRIGGER products_search_truncated AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_search_removed('product');
CREATE TRIGGER services_search_truncated AFTER TRUNCATE ON services
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_search_removed('service');
