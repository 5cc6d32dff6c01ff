-- Uploads are checked before they are served (issue 10): the size the uploader announced (the stored
-- size must match), the moment the one PUT an upload URL allows began (a second one is refused), and
-- the type the file is served with: sniffed from its stored bytes, never the declared one (null until
-- checked; files stored before these checks are checked on their next download).
ALTER TABLE files ADD COLUMN declared_size bigint;
ALTER TABLE files ADD COLUMN upload_started_at timestamptz;
ALTER TABLE files ADD COLUMN served_type text;
