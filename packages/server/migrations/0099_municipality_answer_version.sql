-- The municipality lookups keep the answers of recently asked municipalities in each process
-- (lookups/municipality-cache.ts, issue 15). answer_version moves on every statement that may change what
-- the API answers for a municipality: any column of municipalities, the permit team's directory (its main
-- phone and cut-off override the reference data) and the administrative areas (each answer carries its
-- areas). It moves in the writer's own transaction, so a reader sees the new version exactly when it sees
-- the new rows; a process holding answers of an older version drops them. (version, of 0092, still moves
-- only with the names, so a directory edit does not reload the list of names.)
ALTER TABLE municipality_search_version ADD COLUMN answer_version bigint NOT NULL DEFAULT 1;

CREATE FUNCTION municipality_answer_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE municipality_search_version SET answer_version = answer_version + 1;
  RETURN NULL;
END;
$$;

CREATE TRIGGER municipalities_answer_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON municipalities
  FOR EACH STATEMENT EXECUTE FUNCTION municipality_answer_version_bump();
CREATE TRIGGER municipality_directory_answer_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON municipality_directory
  FOR EACH STATEMENT EXECUTE FUNCTION municipality_answer_version_bump();
CREATE TRIGGER administrative_areas_answer_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON administrative_areas
  FOR EACH STATEMENT EXECUTE FUNCTION municipality_answer_version_bump();
