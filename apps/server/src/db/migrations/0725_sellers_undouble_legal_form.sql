-- The demo seed gave every storefront the legal name `name || ' Inc.'`, also when its name already ended in a
-- legal form ("MapleSource Demo Fabrication Inc. Inc."). Only that exact shape is repaired: the storefront's own
-- name is its legal name. Invoices already issued keep the name they were issued with.
UPDATE sellers
SET legal_name = btrim(name)
WHERE legal_name = name || ' Inc.'
  AND btrim(name) ~* '(^|\s)(Inc\.|Inc|Incorporated|Incorporée|Ltd\.|Ltd|Limited|Ltée|Limitée|Corp\.|Corp|Corporation|Co\.|Company|Cie|ULC|LLP)$';
