-- Guest access that grants something (issue 13). A host company invites another as its guest and
-- chooses what the guest's members see, read-only: the host's compliance vault and/or named projects
-- (with their permits, documents and conversation). Nothing else of the host opens to a guest.

-- The scope chosen when inviting, kept with the invitation until the guest company approves it.
CREATE TABLE guest_scopes (
  invitation_id integer PRIMARY KEY REFERENCES invitations (id) ON DELETE CASCADE,
  vault boolean NOT NULL DEFAULT false,
  project_ids integer[] NOT NULL DEFAULT '{}'
);

-- The scope of an approved grant: the vault flag on the grant, its projects one row each (a project
-- deleted, or no longer the host's, shows nothing). Ending the grant (status Revoked 12) ends both.
ALTER TABLE company_guests ADD COLUMN vault boolean NOT NULL DEFAULT false;
ALTER TABLE company_guests ADD COLUMN ended_by uuid REFERENCES users (id) ON DELETE SET NULL;
CREATE TABLE company_guest_projects (
  company_guest_id integer NOT NULL REFERENCES company_guests (id) ON DELETE CASCADE,
  project_id integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  PRIMARY KEY (company_guest_id, project_id)
);
CREATE INDEX company_guest_projects_project_idx ON company_guest_projects (project_id);
