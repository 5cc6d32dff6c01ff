-- Radar keyword search at a million permits (bench/README.md).
--
-- 1. One trigram index led by the radar scope. The search_text index of 0003 answered a keyword over
--    every company at once: a word shared by 1.6 % of all permits made it return ~16,000 rows, of which
--    the scope's ~3,300 were kept after reading every one from the heap. With btree_gin the scope is a
--    GIN key of its own, so the index hands over the scope's matches only. A multicolumn GIN index
--    serves a condition on any subset of its columns equally well, so the same index answers a
--    search_text-only LIKE (the operator's permit list) and the old index goes.
-- 2. The project's address and order number, lower-cased, on each permit (kept by a trigger of their
--    own, beside 0003's permits_radar_fill): a keyword limited to those fields is then tested on the row
--    the trigram index already fetched, instead of by one project lookup per match.

CREATE EXTENSION IF NOT EXISTS btree_gin;

-- Dropped before the backfill below, created after it: the backfill then maintains no trigram index.
DROP INDEX IF EXISTS permits_search_trgm_idx;

ALTER TABLE permits
  ADD COLUMN search_address text NOT NULL DEFAULT '',
  ADD COLUMN search_order_number text;

UPDATE permits r SET search_address = lower(p.project_address), search_order_number = lower(p.order_number)
FROM projects p WHERE p.id = r.project_id;

-- Fires on insert and whenever project_id is set, which 0003's projects_radar_push does for every permit
-- of a project whose address or order number changes.
CREATE FUNCTION permits_search_fields_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT lower(p.project_address), lower(p.order_number) INTO NEW.search_address, NEW.search_order_number
  FROM projects p WHERE p.id = NEW.project_id;
  RETURN NEW;
END $$;
CREATE TRIGGER permits_search_fields_fill BEFORE INSERT OR UPDATE OF project_id ON permits
  FOR EACH ROW EXECUTE FUNCTION permits_search_fields_fill();

CREATE INDEX permits_radar_search_idx ON permits USING gin (radar_scope, search_text gin_trgm_ops);
