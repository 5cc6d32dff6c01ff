-- The municipality keyword search (GET /v4/lookup/municipalities?keyword=…) tests lower(name) LIKE
-- '%keyword%': a trigram index (pg_trgm, created in 0003) answers it without reading all 19,000+ rows
-- (the seed vacuums and analyses the table after filling it, so the planner sees the index's entries).
CREATE INDEX municipalities_name_trgm_idx ON municipalities USING gin (lower(name) gin_trgm_ops);
