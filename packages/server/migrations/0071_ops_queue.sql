-- The permit team's queue (issue 12): the flags an operator filters on, kept on the permit by statement
-- triggers in the transaction of the change that sets them (a message, a cancellation request, a quote,
-- an inspection), so that the queue's first page at 1,000,000 permits is an index walk, not a join.
--   last_message_role    'customer' or 'permit_team': who wrote last in the permit's conversations
--                        (needs a reply: the customer did).
--   cancellation_open    an unresolved cancellation request.
--   quote_pending_until  the latest expiry of the permit's pending quotes ('infinity' without an expiry
--                        date); pending while it is today or later.
--   next_inspection_at   the earliest date of an open or scheduled inspection (due when it is past or
--                        within two days).
ALTER TABLE permits ADD COLUMN last_message_role text;
ALTER TABLE permits ADD COLUMN cancellation_open boolean NOT NULL DEFAULT false;
ALTER TABLE permits ADD COLUMN quote_pending_until date;
ALTER TABLE permits ADD COLUMN next_inspection_at timestamptz;

-- Each conversation's last message is one backward step of conversation_messages_conversation_idx
-- (whatever the statistics say: a join here was planned as a scan of every message per permit).
CREATE FUNCTION ops_refresh_last_message(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE permits r SET last_message_role = (
    SELECT m.author_role FROM conversations c
    CROSS JOIN LATERAL (
      SELECT x.author_role, x.created_at, x.id FROM conversation_messages x
      WHERE x.conversation_id = c.id ORDER BY x.created_at DESC, x.id DESC LIMIT 1) m
    WHERE c.permit_id = r.id ORDER BY m.created_at DESC, m.id DESC LIMIT 1)
  WHERE r.id = ANY(ids)
$$;
CREATE FUNCTION ops_refresh_cancellation(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE permits r SET cancellation_open = EXISTS (
    SELECT 1 FROM cancellation_requests q WHERE q.permit_id = r.id AND q.resolved_at IS NULL)
  WHERE r.id = ANY(ids)
$$;
-- A permit's quotes are found by permit_quotes_permit_idx (0073_quotes_directory.sql).
CREATE FUNCTION ops_refresh_quote(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE permits r SET quote_pending_until = (
    SELECT max(COALESCE(q.expiry_date, 'infinity'::date)) FROM permit_quotes q WHERE q.permit_id = r.id AND q.status = 'pending')
  WHERE r.id = ANY(ids)
$$;
CREATE FUNCTION ops_refresh_inspection(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE permits r SET next_inspection_at = (
    SELECT min(i.scheduled_at) FROM permit_inspections i
    WHERE i.permit_id = r.id AND i.status IN ('open', 'scheduled') AND i.scheduled_at IS NOT NULL)
  WHERE r.id = ANY(ids)
$$;

-- Messages: the permit of each conversation touched.
CREATE FUNCTION ops_messages_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT c.permit_id) INTO ids FROM new_rows n JOIN conversations c ON c.id = n.conversation_id;
  ELSE
    SELECT array_agg(DISTINCT c.permit_id) INTO ids FROM old_rows o JOIN conversations c ON c.id = o.conversation_id;
  END IF;
  IF ids IS NOT NULL THEN PERFORM ops_refresh_last_message(ids); END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER ops_messages_insert AFTER INSERT ON conversation_messages REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ops_messages_changed();
CREATE TRIGGER ops_messages_delete AFTER DELETE ON conversation_messages REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ops_messages_changed();

-- Cancellation requests, quotes and inspections carry permit_id themselves.
CREATE FUNCTION ops_permit_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT permit_id) INTO ids FROM new_rows WHERE permit_id IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT permit_id) INTO ids FROM old_rows WHERE permit_id IS NOT NULL;
  ELSE
    SELECT array_agg(DISTINCT permit_id) INTO ids FROM (
      SELECT permit_id FROM new_rows UNION SELECT permit_id FROM old_rows) x WHERE permit_id IS NOT NULL;
  END IF;
  IF ids IS NULL THEN RETURN NULL; END IF;
  IF TG_TABLE_NAME = 'cancellation_requests' THEN PERFORM ops_refresh_cancellation(ids);
  ELSIF TG_TABLE_NAME = 'permit_quotes' THEN PERFORM ops_refresh_quote(ids);
  ELSE PERFORM ops_refresh_inspection(ids);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER ops_cancellations_insert AFTER INSERT ON cancellation_requests REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ops_permit_rows_changed();
CREATE TRIGGER ops_cancellations_update AFTER UPDATE ON cancellation_requests REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ops_permit_rows_changed();
CREATE TRIGGER ops_cancellations_delete AFTER DELETE ON cancellation_requests REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ops_permit_rows_changed();
CREATE TRIGGER ops_quotes_insert AFTER INSERT ON permit_quotes REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ops_permit_rows_changed();
CREATE TRIGGER ops_quotes_update AFTER UPDATE ON permit_quotes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ops_permit_rows_changed();
CREATE TRIGGER ops_quotes_delete AFTER DELETE ON permit_quotes REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ops_permit_rows_changed();
CREATE TRIGGER ops_inspections_insert AFTER INSERT ON permit_inspections REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ops_permit_rows_changed();
CREATE TRIGGER ops_inspections_update AFTER UPDATE ON permit_inspections REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ops_permit_rows_changed();
CREATE TRIGGER ops_inspections_delete AFTER DELETE ON permit_inspections REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ops_permit_rows_changed();

-- The flags of the permits that exist already.
SELECT ops_refresh_last_message(ARRAY(SELECT DISTINCT permit_id FROM conversations));
SELECT ops_refresh_cancellation(ARRAY(SELECT DISTINCT permit_id FROM cancellation_requests));
SELECT ops_refresh_quote(ARRAY(SELECT DISTINCT permit_id FROM permit_quotes WHERE permit_id IS NOT NULL));
SELECT ops_refresh_inspection(ARRAY(SELECT DISTINCT permit_id FROM permit_inspections));

-- The queue's orders and filters: newest first over every company, per stage (also the SLA order: the
-- stage's oldest clock first), per assignee, per municipality; the rare flags as partial indexes.
CREATE INDEX permits_queue_created_idx ON permits (created_at, id);
CREATE INDEX permits_queue_stage_idx ON permits (stage, created_at, id);
CREATE INDEX permits_queue_sla_idx ON permits (stage, stage_entered_at, id);
CREATE INDEX permits_queue_assignee_idx ON permits (assigned_to, created_at, id) WHERE assigned_to IS NOT NULL;
CREATE INDEX permits_queue_municipality_idx ON permits (municipality_id, created_at, id);
CREATE INDEX permits_queue_reply_idx ON permits (created_at, id) WHERE last_message_role = 'customer';
-- 'Waiting on customer': the team wrote last, or the permit is on hold (Pending, 52); the predicate is
-- the queue's condition word for word, so the planner can use it.
CREATE INDEX permits_queue_waiting_idx ON permits (created_at, id) WHERE (last_message_role = 'permit_team' OR stage = 52);
CREATE INDEX permits_queue_cancellation_idx ON permits (created_at, id) WHERE cancellation_open;
CREATE INDEX permits_queue_quote_idx ON permits (created_at, id) WHERE quote_pending_until IS NOT NULL;
CREATE INDEX permits_queue_inspection_idx ON permits (next_inspection_at, created_at, id) WHERE next_inspection_at IS NOT NULL;

-- SLA targets: how long a permit may stay in a stage (SPEC §4.3 stage numbers, core's stage list). A
-- stage without a row has no clock (Open, Closed, Canceled, the no-permit answers).
CREATE TABLE ops_stage_sla (
  stage integer PRIMARY KEY,
  target_hours integer NOT NULL CHECK (target_hours > 0 AND target_hours <= 8760),
  updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO ops_stage_sla (stage, target_hours)
VALUES (10, 24), (20, 72), (30, 240), (40, 72), (52, 168), (70, 48), (75, 48);

-- An operator's saved filters: a name and the queue's query.
CREATE TABLE ops_saved_views (
  id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  filters jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, name)
);
