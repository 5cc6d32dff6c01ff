-- The guided tours a user has seen (issue 18): remembered per user on the server, so a tour starts by
-- itself once per person, not once per browser.
ALTER TABLE users ADD COLUMN tours_seen text[] NOT NULL DEFAULT '{}';
