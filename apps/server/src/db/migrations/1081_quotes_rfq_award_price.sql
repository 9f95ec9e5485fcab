-- A quotation that holds an awarded request for quotes (decision 317) carries the one unit price the buyer accepted
-- as both ends of its range, and a quoted unit price may be under a dollar: the inquiry form's own rules
-- (max > min, min ≥ $1) stay in the contracts' inquiry schema.
ALTER TABLE quotation_requests DROP CONSTRAINT quotation_requests_min_price_cents_check;
ALTER TABLE quotation_requests ADD CONSTRAINT quotation_requests_min_price_cents_check CHECK (min_price_cents >= 1);
ALTER TABLE quotation_requests DROP CONSTRAINT quotation_requests_check;
ALTER TABLE quotation_requests ADD CONSTRAINT quotation_requests_price_range_check
  CHECK (max_price_cents >= min_price_cents);
