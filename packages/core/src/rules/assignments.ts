// The radar's 'Assigned' column (SPEC §2.7): a vendor first, then a company assignment
// '(self assigned)', then a user assignment '(self assigned)'.
import type { ProjectAssignment } from '../schemas/permit.js';

export const SELF_ASSIGNED_SUFFIX = '(self assigned)';

type AssignmentLike = Pick<ProjectAssignment, 'assigneeType' | 'assignName' | 'createdAt'>;

export interface AssignedColumn {
  type: 'Vendor' | 'Company' | 'User';
  name: string;
  /**
   * The text shown. Output format we chose:
   *   Vendor  → '{assignName}'                    e.g. 'Bright Solar LLC'
   *   Company → '{assignName} (self assigned)'    e.g. 'Acme Builders (self assigned)'
   *   User    → '{assignName} (self assigned)'    e.g. 'Jane Doe (self assigned)'
   */
  label: string;
}

const COLUMN_ORDER = ['Vendor', 'Company', 'User'] as const;

/**
 * What the 'Assigned' column shows for a permit's project assignments, or null when there is none
 * (Project-type assignments never show). With several assignments of the winning kind, the most
 * recently created one is shown: it is the current vendor (or company, or user) of the project.
 */
export function assignedColumn(assignments: readonly AssignmentLike[] | null | undefined): AssignedColumn | null {
  for (const type of COLUMN_ORDER) {
    const latest = (assignments ?? [])
      .filter((assignment) => assignment.assigneeType === type && assignment.assignName.trim() !== '')
      .reduce<AssignmentLike | null>(
        (best, assignment) => (best === null || Date.parse(assignment.createdAt) > Date.parse(best.createdAt) ? assignment : best),
        null,
      );
    if (latest) {
      const name = latest.assignName.trim();
      return { type, name, label: type === 'Vendor' ? name : `${name} ${SELF_ASSIGNED_SUFFIX}` };
    }
  }
  return null;
}

/** The 'Assigned' column text, or '' when nothing is assigned. */
export const assignedLabel = (assignments: readonly AssignmentLike[] | null | undefined): string =>
  assignedColumn(assignments)?.label ?? '';

type RemovableAssignment = Pick<ProjectAssignment, 'id' | 'accessLevel' | 'assigneeType' | 'createdAt'>;
type Level = ProjectAssignment['accessLevel'];
const LEVEL_RANK: Readonly<Record<Level, number>> = { 'view-only': 1, contributor: 2, editor: 3, owner: 4 };

/** Why an assignment cannot be removed by someone, or 'ok'. */
export type AssignmentRemoval = 'ok' | 'main-owner' | 'needs-owner' | 'needs-editor';

export const ASSIGNMENT_REMOVAL_MESSAGES = {
  'main-owner': 'The main owner of a project cannot be removed.',
  'needs-owner': 'Only an owner of this project can remove an owner.',
  'needs-editor': 'Only an owner or an editor of this project can remove assignments.',
} as const;

/**
 * Whether a caller with `actorLevel` on the project (null: none, or read-only guest access) may remove
 * `assignment` (SPEC §6): owners and editors remove assignments, only an owner removes another owner,
 * and the main owner (core's mainOwnerAssignment) is never removed. The server enforces it; the
 * dashboard uses it to show the Remove button only where it works.
 */
export function assignmentRemoval(actorLevel: Level | null, assignment: RemovableAssignment, mainOwner: Pick<ProjectAssignment, 'id'> | null): AssignmentRemoval {
  if (actorLevel === null || LEVEL_RANK[actorLevel] < LEVEL_RANK.editor) return 'needs-editor';
  if (mainOwner?.id === assignment.id) return 'main-owner';
  if (assignment.accessLevel === 'owner' && actorLevel !== 'owner') return 'needs-owner';
  return 'ok';
}
