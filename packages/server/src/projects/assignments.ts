// Project assignments (SPEC §3, §6): a company, a user or a vendor company gets an access level on a
// project. Owners and editors may assign; only an owner may hand out or take back owner access; the
// main owner (core's mainOwnerAssignment: earliest owner, company before user) always stays owner.
// Removing one (core's assignmentRemoval) ends the assignee's access at once: access is read live from
// project_assignments by permits/access.ts, so the radar, the permit page and the files follow.
import { ASSIGNMENT_REMOVAL_MESSAGES, assignmentRemoval, mainOwnerAssignment, type AccessLevel, type ProjectAssignment } from '@permitdesk/core';
import { companyManagerEmails } from '../companies/company-access.js';
import type { AppServices } from '../services.js';
import { recordAudit, type AuditActor } from '../audit/audit.js';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.js';
import { atLeast, NOT_ALLOWED } from '../permits/access.js';
import { loadAssignments, toAssignment } from '../permits/read-model.js';
import type { Tx } from '../db/schema.js';

export const MAIN_OWNER_MESSAGE = 'The main owner of a project keeps owner access.';
export const ALREADY_ASSIGNED_MESSAGE = 'This assignee is already assigned to the project.';
export const ASSIGNMENT_NOT_FOUND = 'Assignment not found.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface NewAssignment {
  projectId: number;
  accessLevel: AccessLevel;
  assigneeType: 'Company' | 'User' | 'Vendor';
  /** A company id for Company / Vendor; a user id (or e-mail) for User. */
  assigneeId: string;
  actorLevel: AccessLevel;
  createdBy: string;
  /** Who added it, for the audit trail. */
  actor: AuditActor;
  now: Date;
}

async function resolveAssignee(trx: Tx, type: NewAssignment['assigneeType'], assigneeId: string) {
  const id = assigneeId.trim();
  if (type === 'User') {
    const query = trx.selectFrom('users').select(['id', 'name', 'email']);
    const user = UUID.test(id) ? await query.where('id', '=', id).executeTakeFirst() : await query.where('email', '=', id.toLowerCase()).executeTakeFirst();
    if (!user) throw badRequest('The user does not exist.', 'ASSIGNEE_NOT_FOUND', { 'postData.assigneeId': 'The user does not exist.' });
    return { companyId: null, userId: user.id, name: user.name.trim() || user.email };
  }
  const company = /^\d{1,9}$/.test(id) ? await trx.selectFrom('companies').select(['id', 'name']).where('id', '=', Number(id)).executeTakeFirst() : undefined;
  if (!company) throw badRequest('The company does not exist.', 'ASSIGNEE_NOT_FOUND', { 'postData.assigneeId': 'The company does not exist.' });
  return { companyId: company.id, userId: null, name: company.name };
}

export async function addAssignment(trx: Tx, input: NewAssignment): Promise<ProjectAssignment> {
  if (input.accessLevel === 'owner' && !atLeast(input.actorLevel, 'owner')) throw forbidden(NOT_ALLOWED.owner, 'PROJECT_FORBIDDEN');
  const assignee = await resolveAssignee(trx, input.assigneeType, input.assigneeId);
  let duplicate = trx.selectFrom('project_assignments').select('id').where('project_id', '=', input.projectId).where('assignee_type', '=', input.assigneeType);
  duplicate = assignee.companyId !== null ? duplicate.where('assignee_company_id', '=', assignee.companyId) : duplicate.where('assignee_user_id', '=', assignee.userId);
  if (await duplicate.executeTakeFirst()) throw conflict(ALREADY_ASSIGNED_MESSAGE, 'ALREADY_ASSIGNED');
  const project = await trx.selectFrom('projects').select('company_id').where('id', '=', input.projectId).executeTakeFirst();
  const row = await trx
    .insertInto('project_assignments')
    .values({
      project_id: input.projectId,
      assignee_type: input.assigneeType,
      assignee_company_id: assignee.companyId,
      assignee_user_id: assignee.userId,
      assign_name: assignee.name,
      access_level: input.accessLevel,
      created_by: input.createdBy,
      created_at: input.now,
    })
    .returning(['id', 'project_id', 'assignee_type', 'assignee_company_id', 'assignee_user_id', 'assign_name', 'access_level', 'created_at'])
    .executeTakeFirstOrThrow();
  await recordAudit(
    trx,
    input.actor,
    {
      entity: 'project',
      entityId: input.projectId,
      action: 'assignment_added',
      companyId: project?.company_id ?? null,
      customerVisible: true,
      before: null,
      after: { assignmentId: Number(row.id), assigneeType: input.assigneeType, assignee: assignee.name, accessLevel: input.accessLevel },
    },
    input.now,
  );
  return toAssignment({ ...row, company_name: assignee.companyId !== null ? assignee.name : null });
}

export interface AssignmentChanges {
  projectId: number;
  changes: readonly { id: number; accessLevel: AccessLevel }[];
  actorLevel: AccessLevel;
  /** Who changed them, for the audit trail. */
  actor: AuditActor;
}

export async function updateAssignments(trx: Tx, input: AssignmentChanges): Promise<ProjectAssignment[]> {
  const current = (await loadAssignments(trx, [input.projectId])).get(input.projectId) ?? [];
  const byId = new Map(current.map((a) => [a.id, a]));
  const main = mainOwnerAssignment(current);
  for (const change of input.changes) {
    const assignment = byId.get(change.id);
    if (!assignment) throw notFound(ASSIGNMENT_NOT_FOUND, 'ASSIGNMENT_NOT_FOUND');
    if (assignment.accessLevel === change.accessLevel) continue;
    if ((change.accessLevel === 'owner' || assignment.accessLevel === 'owner') && !atLeast(input.actorLevel, 'owner')) {
      throw forbidden(NOT_ALLOWED.owner, 'PROJECT_FORBIDDEN');
    }
    if (main && main.id === assignment.id) throw conflict(MAIN_OWNER_MESSAGE, 'MAIN_OWNER');
  }
  const project = await trx.selectFrom('projects').select('company_id').where('id', '=', input.projectId).executeTakeFirst();
  for (const change of input.changes) {
    const assignment = byId.get(change.id)!;
    if (assignment.accessLevel === change.accessLevel) continue;
    await trx.updateTable('project_assignments').set({ access_level: change.accessLevel }).where('id', '=', change.id).where('project_id', '=', input.projectId).execute();
    await recordAudit(trx, input.actor, {
      entity: 'project',
      entityId: input.projectId,
      action: 'assignment_changed',
      companyId: project?.company_id ?? null,
      customerVisible: true,
      before: { assignmentId: change.id, assignee: assignment.assignName, accessLevel: assignment.accessLevel },
      after: { assignmentId: change.id, assignee: assignment.assignName, accessLevel: change.accessLevel },
    });
  }
  return (await loadAssignments(trx, [input.projectId])).get(input.projectId) ?? [];
}

export interface AssignmentRemovalInput {
  projectId: number;
  assignmentId: number;
  actorLevel: AccessLevel | null;
  /** Who removed it, for the audit trail. */
  actor: AuditActor;
  now: Date;
}

/** Who is told that an assignment ended: the user, or the owners and administrators of the assigned company. */
async function assigneeRecipients(trx: Tx, assignment: ProjectAssignment): Promise<{ email: string; name: string | null }[]> {
  if (assignment.assigneeType === 'User') {
    const user = await trx.selectFrom('users').select(['email', 'name']).where('id', '=', assignment.assigneeId).executeTakeFirst();
    return user ? [{ email: user.email, name: user.name.trim() || null }] : [];
  }
  if (!/^\d{1,9}$/.test(assignment.assigneeId)) return [];
  return (await companyManagerEmails(trx, Number(assignment.assigneeId))).map((email) => ({ email, name: null }));
}

/**
 * DELETE /v4/projects/{id}/assignments/{assignmentId}: 404 for an assignment of another project, 409 for
 * the main owner, 403 when the caller's level may not remove it; otherwise the row goes, the removal is
 * audited (customer-visible) and the assignee is mailed, all in the caller's transaction.
 */
export async function removeAssignment(trx: Tx, services: Pick<AppServices, 'mail' | 'config'>, input: AssignmentRemovalInput): Promise<void> {
  const current = (await loadAssignments(trx, [input.projectId])).get(input.projectId) ?? [];
  const assignment = current.find((a) => a.id === input.assignmentId);
  if (!assignment) throw notFound(ASSIGNMENT_NOT_FOUND, 'ASSIGNMENT_NOT_FOUND');
  const verdict = assignmentRemoval(input.actorLevel, assignment, mainOwnerAssignment(current));
  if (verdict === 'main-owner') throw conflict(ASSIGNMENT_REMOVAL_MESSAGES['main-owner'], 'MAIN_OWNER');
  if (verdict !== 'ok') throw forbidden(ASSIGNMENT_REMOVAL_MESSAGES[verdict], 'PROJECT_FORBIDDEN');
  await trx.deleteFrom('project_assignments').where('id', '=', assignment.id).where('project_id', '=', input.projectId).execute();
  const project = await trx.selectFrom('projects').select(['company_id', 'name', 'customer_name']).where('id', '=', input.projectId).executeTakeFirstOrThrow();
  await recordAudit(trx, input.actor, {
    entity: 'project',
    entityId: input.projectId,
    action: 'assignment_removed',
    companyId: project.company_id ?? null,
    customerVisible: true,
    before: { assignmentId: assignment.id, assigneeType: assignment.assigneeType, assignee: assignment.assignName, accessLevel: assignment.accessLevel },
    after: null,
  }, input.now);
  const projectName = project.name?.trim() || project.customer_name;
  for (const recipient of await assigneeRecipients(trx, assignment)) {
    await services.mail.send('access_ended', recipient.email, {
      name: recipient.name,
      title: `You were removed from the project ${projectName}`,
      intro: `${assignment.assignName} no longer has access to the project ${projectName} (#${input.projectId}): its permits, documents and conversation are closed to you.`,
      link: `${services.config.PUBLIC_URL}/project-radar`,
      action: 'Open the Project Radar',
    }, { db: trx });
  }
}
