-- Idempotency keys of creating calls (header Idempotency-Key): a repeat of a key by the same caller for
-- the same method and path within 24 hours gets the first answer back and creates nothing. The row is
-- written in the transaction that creates the rows where the handler has one, so a commit and its key
-- cannot be separated by a crash; status and body stay null until the answer is known.
CREATE TABLE idempotency_keys (
  -- 'user:{id}' for a signed-in caller, 'client:{address}' for an anonymous one.
  scope text NOT NULL,
  method text NOT NULL,
  path text NOT NULL,
  key text NOT NULL,
  -- SHA-256 of the request body: the same key with another body is refused.
  fingerprint text NOT NULL,
  status integer,
  body text,
  content_type text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scope, method, path, key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
