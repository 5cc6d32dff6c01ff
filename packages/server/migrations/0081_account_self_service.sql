-- Account self-service (issue 18): two-step sign-in with an authenticator app, recovery codes, and
-- deleted (anonymised) accounts.

-- One row per user who started or finished the set-up. The TOTP secret is stored encrypted
-- (AES-256-GCM, identity/two-factor-crypto.ts); enabled_at is null while the set-up is not confirmed.
-- last_step is the last 30-second step accepted, so one code cannot be used twice.
CREATE TABLE user_two_factor (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  secret_encrypted text NOT NULL,
  enabled_at timestamptz,
  last_step bigint,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Ten single-use recovery codes per enrolment, kept only as keyed hashes.
CREATE TABLE user_recovery_codes (
  id bigserial PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX user_recovery_codes_user_idx ON user_recovery_codes (user_id);

-- A deleted account keeps its row (the company's records point at it) with its personal data removed.
ALTER TABLE users ADD COLUMN deleted_at timestamptz;
