-- Issue 17 (throughput): radar_counts had one row per scope, stage and dismissal, so every permit request of
-- one company upserted the same row (stage Requested) and held its lock until commit: concurrent form-52
-- submissions of a company waited on each other (pg_stat_activity under load: Lock/transactionid on
-- "insert into permits"). Each scope, stage and dismissal now has up to 16 rows, one per slot: a statement
-- adds its change to the slot of its connection (backend pid mod 16), so the pool's connections rarely
-- share a row. Every reader already sums n over the scope's rows; a slot's n may go below zero (a permit
-- counted in one slot and moved or deleted through another), the sum stays exact.
ALTER TABLE radar_counts ADD COLUMN slot smallint NOT NULL DEFAULT 0;
ALTER TABLE radar_counts DROP CONSTRAINT radar_counts_pkey;
ALTER TABLE radar_counts ADD PRIMARY KEY (radar_scope, stage, dismissed, slot);

CREATE OR REPLACE FUNCTION radar_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  my_slot smallint := pg_backend_pid() % 16;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO radar_counts AS c (radar_scope, stage, dismissed, slot, n)
    SELECT radar_scope, stage, dismissed, my_slot, -count(*) FROM old_rows GROUP BY 1, 2, 3
    ON CONFLICT (radar_scope, stage, dismissed, slot) DO UPDATE SET n = c.n + EXCLUDED.n;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO radar_counts AS c (radar_scope, stage, dismissed, slot, n)
    SELECT radar_scope, stage, dismissed, my_slot, count(*) FROM new_rows GROUP BY 1, 2, 3
    ON CONFLICT (radar_scope, stage, dismissed, slot) DO UPDATE SET n = c.n + EXCLUDED.n;
  END IF;
  RETURN NULL;
END $$;
