-- The construction-management platform (issue 14): a company's OAuth 2.0 connection to its platform
-- account, the links between platform projects and PermitDesk projects, the platform's inbound events
-- (replay-protected by event id), the single-use sign-in links, and the documents pushed back.
--
-- Tokens and the per-connection webhook secret are sealed with the secret box (AES-256-GCM, purpose
-- 'platform-tokens', context = the connection id): the database never holds them in clear.
CREATE TABLE platform_connections (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  -- 'connected', 'broken' (a refresh failed: the owner reconnects) or 'revoked' (disconnected).
  status text NOT NULL CHECK (status IN ('connected', 'broken', 'revoked')),
  platform_name text NOT NULL,
  account_id text,
  account_name text,
  access_token_sealed text,
  refresh_token_sealed text,
  token_expires_at timestamptz,
  scope text,
  webhook_secret_sealed text NOT NULL,
  last_error text,
  broken_at timestamptz,
  connected_by uuid REFERENCES users (id) ON DELETE SET NULL,
  connected_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- One live connection per company; revoked ones stay for the trail (and answer 410 to late webhooks).
CREATE UNIQUE INDEX platform_connections_live_idx ON platform_connections (company_id) WHERE status <> 'revoked';

-- An authorization request in flight: the state (only its SHA-256 kept), who started it, and the PKCE
-- verifier (sealed, context = the state hash). Used once, for ten minutes.
CREATE TABLE platform_oauth_states (
  state_hash text PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_verifier_sealed text NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A PermitDesk project imported from (and kept in step with) a platform project.
CREATE TABLE platform_project_links (
  id serial PRIMARY KEY,
  connection_id uuid NOT NULL REFERENCES platform_connections (id) ON DELETE CASCADE,
  project_id integer NOT NULL UNIQUE REFERENCES projects (id) ON DELETE CASCADE,
  platform_project_id text NOT NULL,
  platform_project_name text NOT NULL,
  platform_address text NOT NULL,
  customer_name text,
  customer_email text,
  customer_phone text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (connection_id, platform_project_id)
);

-- The platform's events, as received (signature checked): the queue of their processing. The unique
-- event id per connection is the replay protection.
CREATE TABLE platform_inbound_events (
  id serial PRIMARY KEY,
  connection_id uuid NOT NULL REFERENCES platform_connections (id) ON DELETE CASCADE,
  event_id text NOT NULL,
  type text NOT NULL,
  payload jsonb NOT NULL,
  -- The signature it came with: the same one again is a replay (401); a new, valid one a retry (2xx, not processed twice).
  signature text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  processed_at timestamptz,
  last_error text,
  UNIQUE (connection_id, event_id)
);
CREATE INDEX platform_inbound_events_due_idx ON platform_inbound_events (next_attempt_at) WHERE processed_at IS NULL;

-- Sign-in links already used (single use): kept past their 60 seconds, then swept.
CREATE TABLE platform_signin_nonces (
  connection_id uuid NOT NULL REFERENCES platform_connections (id) ON DELETE CASCADE,
  nonce text NOT NULL,
  used_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (connection_id, nonce)
);

-- Documents pushed back into the platform project (issued permits, inspection results): one row per
-- source (the unique key), retried with backoff until the platform has it.
CREATE TABLE platform_documents (
  id serial PRIMARY KEY,
  connection_id uuid NOT NULL REFERENCES platform_connections (id) ON DELETE CASCADE,
  project_id integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  permit_id integer REFERENCES permits (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('permit', 'inspection', 'compliance')),
  source_key text NOT NULL,
  title text NOT NULL,
  body jsonb NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  platform_document_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  UNIQUE (connection_id, source_key)
);
CREATE INDEX platform_documents_due_idx ON platform_documents (next_attempt_at) WHERE status <> 'sent';
