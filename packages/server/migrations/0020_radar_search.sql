-- Radar keyword search at a million permits (bench/README.md): one trigram index led by the radar scope.
--
-- The search_text trigram index of 0003 answered a keyword over every company at once: a word shared by
-- 1.6 % of all permits made it return ~16,000 rows, of which the scope's ~3,300 were kept after reading
-- every one from the heap. With btree_gin the scope becomes a GIN key of its own, so the index hands
-- over only the scope's matches. A multicolumn GIN index serves a condition on any subset of its
-- columns equally well, so the same index answers a search_text-only LIKE (the operator's permit list)
-- and the old index goes.

CREATE EXTENSION IF NOT EXISTS btree_gin;

CREATE INDEX permits_radar_search_idx ON permits USING gin (radar_scope, search_text gin_trgm_ops);
DROP INDEX IF EXISTS permits_search_trgm_idx;
