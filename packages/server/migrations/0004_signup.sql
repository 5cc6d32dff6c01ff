-- Sign-up verification flow (SPEC §2.5, §4.1, §7.6). Secrets are stored as hashes only.

-- One verification result per address: the verifier's verdict, reused for later checks
-- ("a previously verified email uses stored data"), and when the mailbox owner proved the address.
CREATE TABLE email_verifications (
  email text PRIMARY KEY,
  status text NOT NULL,
  syntax_valid boolean NOT NULL,
  disposable boolean NOT NULL,
  role_account boolean NOT NULL,
  mx_found boolean,
  did_you_mean text,
  -- What a client reported through POST /save/reoon-data: kept for support, never trusted.
  reported_status text,
  first_name text,
  location text,
  verified_at timestamptz,
  checked_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The in-progress sign-up of one address: the mailed code and link, the saved flow state, throttling.
CREATE TABLE signup_flows (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL UNIQUE,
  -- The widget's flow state (address, task, name, phone, startWithRoles, notice); null until saved.
  state jsonb,
  first_name text,
  location text NOT NULL,
  -- HMAC of the 6-digit code and hash of the link token; both replaced on every mail.
  code_hash text NOT NULL,
  link_token_hash text NOT NULL,
  code_expires_at timestamptz NOT NULL,
  failed_attempts integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  -- Mails sent in the current window, to stop mail bombing through resends.
  mail_count integer NOT NULL DEFAULT 0,
  mail_window_started_at timestamptz NOT NULL DEFAULT now(),
  verified_at timestamptz,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX signup_flows_expires_at_idx ON signup_flows (expires_at);

-- Flow keys (the API's "totp"): handed to the client that started the flow and to any device that
-- proves the mailbox (link or code); each guards the flow record and account creation.
CREATE TABLE signup_flow_keys (
  key_hash text PRIMARY KEY,
  flow_id integer NOT NULL REFERENCES signup_flows (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX signup_flow_keys_flow_id_idx ON signup_flow_keys (flow_id);
