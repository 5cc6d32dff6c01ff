-- Issue 12: quotes the permit team issues from the desk, and the municipality directory.
--
-- A desk quote belongs to a permit and has line items; it is answered by a signed-in customer, not by an
-- accounting agent, so agent_id / org_id are empty for it (the SPEC's header path, /v1/permit-quote,
-- keeps needing them and never finds a desk quote).
ALTER TABLE permit_quotes ALTER COLUMN agent_id DROP NOT NULL;
ALTER TABLE permit_quotes ALTER COLUMN org_id DROP NOT NULL;
-- [{ label, amount }]; total is their sum.
ALTER TABLE permit_quotes ADD COLUMN line_items jsonb NOT NULL DEFAULT '[]';
ALTER TABLE permit_quotes ADD COLUMN answered_at timestamptz;
ALTER TABLE permit_quotes ADD COLUMN answered_by uuid REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE permit_quotes ADD COLUMN decline_reason text;
CREATE INDEX permit_quotes_permit_idx ON permit_quotes (permit_id, created_at) WHERE permit_id IS NOT NULL;

-- What the permit team learns about a municipality. Every change is versioned in audit_events
-- (entity 'municipality', before → after); main_phone and cutoff_hour override the reference data's
-- 'main' phone number and permit_cutoff_hour in the public lookups (the widget shows them).
CREATE TABLE municipality_directory (
  municipality_id integer PRIMARY KEY REFERENCES municipalities (id) ON DELETE CASCADE,
  -- '+1' and digits, as core's phoneSchema outputs.
  main_phone text,
  office_address text,
  portal_url text,
  cutoff_hour smallint CHECK (cutoff_hour BETWEEN 0 AND 23),
  submission_methods text[] NOT NULL DEFAULT '{}'
    CHECK (submission_methods <@ ARRAY['online', 'email', 'in_person', 'mail']::text[]),
  -- { "<task id>": typical days }
  turnaround jsonb NOT NULL DEFAULT '{}',
  fee_notes text,
  filing_notes text,
  updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
