-- site_settings (0300) is not used: hero settings and landing features belong to the catalogue's tables (0220).
DROP TABLE IF EXISTS site_settings;
