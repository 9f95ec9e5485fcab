-- Search suggestions only from terms that found results and that several distinct visitors searched (decision 056).
-- A visitor is an HMAC of the user id or the IP (never the raw address); each counts once per term.
ALTER TABLE search_terms ADD COLUMN visitors integer NOT NULL DEFAULT 0;
ALTER TABLE search_terms ADD COLUMN found_results boolean NOT NULL DEFAULT false;
CREATE TABLE search_term_visitors (
  term text NOT NULL,
  visitor_hash text NOT NULL,
  first_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (term, visitor_hash)
);
CREATE INDEX search_terms_suggestable_idx ON search_terms (count DESC, term) WHERE found_results AND visitors >= 3;
