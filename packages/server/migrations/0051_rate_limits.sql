-- Rate-limit counters shared by every replica (when REDIS_URL is unset): one row per key (a group and a
-- client address, or an account and a client). `expires_at` is when the counter forgets; `blocked_until`
-- is the end of the current delay, which doubles with each hit past the limit.
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  count integer NOT NULL,
  expires_at timestamptz NOT NULL,
  blocked_until timestamptz
);
CREATE INDEX rate_limits_expires_at ON rate_limits (expires_at);
