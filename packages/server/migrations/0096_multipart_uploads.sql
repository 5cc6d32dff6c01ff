-- Issue 18 item 6: files above 8 MiB are uploaded in parts (S3 multipart, or parts kept in a folder by
-- the local storage). One row per multipart upload in progress: the id its user completes or aborts it
-- by (only the user it was issued to: owner_user_id), the storage's own upload id, the announced size and
-- part size (the parts' sizes follow), and when it is given up (the sweep aborts it then).
CREATE TABLE multipart_uploads (
  id uuid PRIMARY KEY,
  key text NOT NULL,
  storage_upload_id text NOT NULL,
  owner_user_id uuid REFERENCES users (id) ON DELETE CASCADE,
  size bigint NOT NULL,
  part_size integer NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX multipart_uploads_expires_at ON multipart_uploads (expires_at);
