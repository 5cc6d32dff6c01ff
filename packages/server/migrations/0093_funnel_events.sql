-- The sign-up funnel (issue 18): the tracked workflow steps of SPEC §2.10 the widget's visitors reached.
-- One row per anonymous widget session and step (the primary key makes a repeated event a no-op, so no
-- caller can count a session twice); the partner's origin only, never a page path or anything personal.
CREATE TABLE funnel_events (
  session text NOT NULL CHECK (session ~ '^[A-Za-z0-9_-]{8,64}$'),
  step text NOT NULL CHECK (step IN ('do-it-yourselfer', 'contractor', 'sign-in', 'sign-up', 'permit-started', 'existing-customer', 'success-page')),
  -- scheme://host[:port] of the partner page, or null when unknown.
  origin text CHECK (char_length(origin) <= 300),
  -- When the session first reached the step.
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (session, step)
);
-- The permit team's report reads a date range, optionally for one origin.
CREATE INDEX funnel_events_created_at ON funnel_events (created_at);
CREATE INDEX funnel_events_origin_created_at ON funnel_events (origin, created_at);
