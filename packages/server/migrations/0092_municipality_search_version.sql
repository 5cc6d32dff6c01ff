-- The municipality keyword search (GET /v4/lookup/municipalities, issue 15) answers from an in-memory list
-- of the names (lookups/municipality-name-index.ts): each process loads it once and reloads it when this
-- version has moved. Every statement that adds, removes or renames municipalities (the seed, an operator's
-- edit, a script on another replica) moves it in its own transaction, so a reader sees the new version
-- exactly when it sees the new names.
CREATE TABLE municipality_search_version (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  version bigint NOT NULL
);
INSERT INTO municipality_search_version (singleton, version) VALUES (true, 1);

CREATE FUNCTION municipality_search_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE municipality_search_version SET version = version + 1;
  RETURN NULL;
END;
$$;

CREATE TRIGGER municipalities_search_version
  AFTER INSERT OR DELETE OR UPDATE OF id, name, state_code ON municipalities
  FOR EACH STATEMENT EXECUTE FUNCTION municipality_search_version_bump();
CREATE TRIGGER municipalities_search_version_truncate
  AFTER TRUNCATE ON municipalities
  FOR EACH STATEMENT EXECUTE FUNCTION municipality_search_version_bump();
