-- The global search answer cache (decision 180) lives minutes, not seconds: everything a search answer shows must
-- bump the catalogue version (0230, 0240, 0290), not only what the listings show. Missing until now: category
-- names (the categories group and the listings' breadcrumbs), blog posts (the posts group; the table was made in the
-- catalogue's range, 0220) and the typo vocabulary (which words a search corrects to). Statement-level, like 0230:
-- one bump per statement, none for statistics (categories.views, item_count only reorder, the TTL bounds that).
CREATE TRIGGER categories_catalog_version_names AFTER UPDATE OF name_en, name_fr, position ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
CREATE TRIGGER blogs_catalog_version AFTER INSERT OR UPDATE OR DELETE ON blogs
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
CREATE TRIGGER blogs_catalog_version_truncate AFTER TRUNCATE ON blogs
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
CREATE TRIGGER search_words_catalog_version AFTER INSERT OR UPDATE OR DELETE ON search_words
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
CREATE TRIGGER search_words_catalog_version_truncate AFTER TRUNCATE ON search_words
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
