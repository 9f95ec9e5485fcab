-- Frequently searched terms per page language (issue 15): the landing's chips of a French page are the terms
-- searched on French pages. `search_terms` keeps the all-language count (suggestions, "suggested").
CREATE TABLE search_term_languages (
  term text NOT NULL REFERENCES search_terms(term) ON DELETE CASCADE,
  language text NOT NULL CHECK (language IN ('en', 'fr')),
  count bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (term, language)
);
CREATE INDEX search_term_languages_count_idx ON search_term_languages (language, count DESC, term);
