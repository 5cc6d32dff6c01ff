// What the signed-in user may do on a project (GET /v4/projects/{id}/access), so the permit page shows
// only the controls that work: replying and uploading need contributor, changes need editor, and a guest
// company's access (issue 13) reads only. Until the answer arrives nothing writable is shown.
import type { AccessLevel } from '@permitdesk/core';
import { queryKeys } from '../../data/query-keys.js';
import { useQuery } from '../../data/use-query.js';
import { api } from '../../session/api.js';

export interface ProjectCapabilities {
  /** The caller's level; null while unknown. */
  level: AccessLevel | null;
  /** The access is a guest grant's: read-only. */
  guest: boolean;
  canReply: boolean;
  canEdit: boolean;
}

const RANK: Readonly<Record<AccessLevel, number>> = { 'view-only': 1, contributor: 2, editor: 3, owner: 4 };

export const capabilitiesOf = (level: AccessLevel | null, guest: boolean): ProjectCapabilities => ({
  level: guest ? null : level,
  guest,
  canReply: !guest && level !== null && RANK[level] >= RANK.contributor,
  canEdit: !guest && level !== null && RANK[level] >= RANK.editor,
});

export const READ_ONLY: ProjectCapabilities = capabilitiesOf(null, false);

export function useProjectAccess(projectId: number | string | null | undefined): ProjectCapabilities {
  const access = useQuery({
    queryKey: projectId ? queryKeys.projects.access(String(projectId)) : null,
    queryFn: ({ signal }) => api.projects.myAccess({ params: { id: String(projectId) }, signal, silent: true }),
  });
  return access.data ? capabilitiesOf(access.data.level, access.data.guest) : READ_ONLY;
}
