-- A service card shows the service's main image as a product card does (0790 gave products this trigger only):
-- changing a service's images changes what a cached listing or search answer shows, and what the in-process
-- index's feed reads (decisions 041, 180, 345).
CREATE TRIGGER services_catalog_version_images AFTER UPDATE OF images ON services
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
