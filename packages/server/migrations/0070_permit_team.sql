-- The permit team's workspace (issue 12): a service-admin role above operators, the permit's version
-- (every change by the team carries the version it was made on; a stale one is refused with 409), the
-- operator a permit is assigned to, when it entered its current stage (the SLA clock), and the audit trail.
ALTER TABLE users ADD COLUMN staff_admin boolean NOT NULL DEFAULT false;

ALTER TABLE permits ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE permits ADD COLUMN assigned_to uuid REFERENCES users(id) ON DELETE SET NULL;
ALTER TABLE permits ADD COLUMN stage_entered_at timestamptz;
UPDATE permits r SET stage_entered_at = COALESCE(
  (SELECT max(h.changed_at) FROM permit_stage_history h WHERE h.permit_id = r.id AND h.to_stage = r.stage),
  r.created_at);
ALTER TABLE permits ALTER COLUMN stage_entered_at SET DEFAULT now();
ALTER TABLE permits ALTER COLUMN stage_entered_at SET NOT NULL;

-- Every change by anyone to a permit, project, company, role, invitation, vault item, quote or
-- municipality, written in the transaction of the change. `before` and `after` hold only the fields that
-- changed. customer_visible marks the entries a permit's customer may read on their permit page.
CREATE TABLE audit_events (
  id bigserial PRIMARY KEY,
  occurred_at timestamptz NOT NULL DEFAULT now(),
  actor_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  -- 'customer', 'permit_team', 'service_admin' or 'system': who acted, as the trail shows it.
  actor_role text NOT NULL,
  -- permit, project, company, role, invitation, vault_item, quote, municipality
  entity text NOT NULL,
  entity_id text NOT NULL,
  action text NOT NULL,
  company_id integer,
  permit_id integer,
  customer_visible boolean NOT NULL DEFAULT false,
  before jsonb,
  after jsonb,
  request_id text
);
CREATE INDEX audit_events_entity ON audit_events (entity, entity_id, id);
CREATE INDEX audit_events_company ON audit_events (company_id, id) WHERE company_id IS NOT NULL;
CREATE INDEX audit_events_permit ON audit_events (permit_id, id) WHERE permit_id IS NOT NULL;
