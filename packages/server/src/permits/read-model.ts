// The permit read model: permits as the API shows them (core's permitSchema), one permit with its
// project, task, municipality, inspections, assignments and cancellation flag. Used by the radar search
// and by any handler that answers a permit (GET /v3/permits/{id}, the project's permits...), so every
// caller maps rows the same way.
import { assignedColumn, mainOwnerAssignment, type MunicipalityChoice, type Permit, type PostalAddress, type ProjectAssignment } from '@permitdesk/core';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/schema.js';
import { idArray, iso, isoOrNull } from '../rows/values.js';

interface PermitRow {
  id: number;
  stage: number;
  session: string | null;
  project_id: number;
  project_name: string | null;
  task_id: number;
  task_name: string;
  agent_id: string | null;
  customer_name: string;
  order_number: string | null;
  street_address: string;
  street_modifier: string | null;
  city: string;
  state: string;
  postal_code: string;
  project_address: string;
  customer_phone_number: string | null;
  customer_alt_phone_number: string | null;
  created_at: Date | string;
  expires_at: Date | string | null;
  issued_at: Date | string | null;
  est_completion_at: Date | string | null;
  scope_of_work: string | null;
  project_value: string | number | null;
  home_built_date: string | null;
  municipality_id: number;
  municipality_name: string;
  municipality_choice: unknown;
  redirect_url: string | null;
  permit_number: string | null;
  cancellation_requested: boolean;
  company_id: number | null;
  version: number;
}
interface InspectionRow {
  id: number;
  permit_id: number;
  inspection_name: string;
  status: Permit['permitInspections'][number]['status'];
  perform_order: number;
  scheduled_at: Date | string | null;
  result_notes: string | null;
}
interface AssignmentRow {
  id: number;
  project_id: number;
  assignee_type: ProjectAssignment['assigneeType'];
  assignee_company_id: number | null;
  assignee_user_id: string | null;
  assign_name: string;
  access_level: ProjectAssignment['accessLevel'];
  company_name: string | null;
  created_at: Date | string;
}

/** A project row's address columns as the API's address. */
export const addressOf = (row: { street_address: string; street_modifier: string | null; city: string; state: string; postal_code: string }): PostalAddress => ({
  streetAddress: row.street_address,
  streetModifier: row.street_modifier,
  city: row.city,
  state: row.state,
  postalCode: row.postal_code,
});

export function toAssignment(row: AssignmentRow): ProjectAssignment {
  return {
    id: Number(row.id),
    projectId: Number(row.project_id),
    accessLevel: row.access_level,
    assigneeType: row.assignee_type,
    assigneeId: row.assignee_company_id !== null ? String(row.assignee_company_id) : (row.assignee_user_id ?? ''),
    assignName: row.assign_name,
    company: row.assignee_company_id !== null ? { id: row.assignee_company_id, name: row.company_name ?? row.assign_name } : null,
    createdAt: iso(row.created_at),
  };
}

const toInspection = (row: InspectionRow): Permit['permitInspections'][number] => ({
  id: Number(row.id),
  inspectionName: row.inspection_name,
  status: row.status,
  performOrder: row.perform_order,
  scheduledAt: isoOrNull(row.scheduled_at),
  resultNotes: row.result_notes,
});

/** The assignments of some projects, oldest first, by project id. */
export async function loadAssignments(db: Db, projectIds: readonly number[]): Promise<Map<number, ProjectAssignment[]>> {
  const byProject = new Map<number, ProjectAssignment[]>();
  if (projectIds.length === 0) return byProject;
  const { rows } = await sql<AssignmentRow>`
    SELECT pa.id, pa.project_id, pa.assignee_type, pa.assignee_company_id, pa.assignee_user_id::text AS assignee_user_id,
           pa.assign_name, pa.access_level, c.name AS company_name, pa.created_at
    FROM project_assignments pa LEFT JOIN companies c ON c.id = pa.assignee_company_id
    WHERE pa.project_id = ANY(${idArray(projectIds)})
    ORDER BY pa.created_at, pa.id`.execute(db);
  for (const row of rows) {
    const list = byProject.get(Number(row.project_id)) ?? [];
    list.push(toAssignment(row));
    byProject.set(Number(row.project_id), list);
  }
  return byProject;
}

/** A permit's inspections and its project's assignments, as the rows query aggregates them (JSON). */
type PermitRowWithLists = PermitRow & { inspections: InspectionRow[] | null; assignments: AssignmentRow[] | null };

/** The columns of a permit row (`r` the permit; `p`, `t`, `m` joined by permitJoins). */
const permitColumns = sql`
  r.id, r.stage, r.session, r.project_id, p.name AS project_name, r.task_id, t.name AS task_name, r.agent_id,
  p.customer_name, p.order_number, p.street_address, p.street_modifier, p.city, p.state, p.postal_code,
  p.project_address, p.customer_phone_number, p.customer_alt_phone_number,
  r.created_at, r.expires_at, r.issued_at, r.est_completion_at, r.scope_of_work, r.project_value::float8 AS project_value,
  p.home_built_date, r.municipality_id, m.name AS municipality_name, p.municipality_choice, r.redirect_url, r.permit_number, p.company_id, r.version,
  -- OFFSET 0: probed by index per row, never a hash of every open request (12 ms at a million permits).
  EXISTS (SELECT 1 FROM cancellation_requests cr WHERE cr.permit_id = r.id AND cr.resolved_at IS NULL OFFSET 0) AS cancellation_requested,
  (SELECT json_agg(json_build_object('id', i.id, 'permit_id', i.permit_id, 'inspection_name', i.inspection_name, 'status', i.status,
                                     'perform_order', i.perform_order, 'scheduled_at', i.scheduled_at, 'result_notes', i.result_notes)
                   ORDER BY i.perform_order, i.id)
   FROM permit_inspections i WHERE i.permit_id = r.id) AS inspections,
  (SELECT json_agg(json_build_object('id', pa.id, 'project_id', pa.project_id, 'assignee_type', pa.assignee_type,
                                     'assignee_company_id', pa.assignee_company_id, 'assignee_user_id', pa.assignee_user_id::text,
                                     'assign_name', pa.assign_name, 'access_level', pa.access_level, 'company_name', c.name,
                                     'created_at', pa.created_at)
                   ORDER BY pa.created_at, pa.id)
   FROM project_assignments pa LEFT JOIN companies c ON c.id = pa.assignee_company_id
   WHERE pa.project_id = r.project_id) AS assignments
`;
/** The project, task and municipality of permit `r`. */
const permitJoins = sql`
  JOIN projects p ON p.id = r.project_id
  JOIN permit_tasks t ON t.id = r.task_id
  JOIN municipalities m ON m.id = r.municipality_id`;

/**
 * Permits by id, in the order of `ids` (unknown ids are left out). Conversations are not loaded.
 * One statement: the inspections and the project's assignments come as JSON arrays of the same rows
 * (issue 17: three round trips per page were half of the radar's database time on PGlite).
 */
export async function loadPermits(db: Db, ids: readonly number[]): Promise<Permit[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<PermitRowWithLists>`
    SELECT ${permitColumns}
    FROM permits r
    ${permitJoins}
    WHERE r.id = ANY(${idArray(ids)})`.execute(db);
  const byId = new Map(rows.map((row) => [Number(row.id), toPermit(row)]));
  return ids.map((id) => byId.get(Number(id))).filter((permit): permit is Permit => permit !== undefined);
}

/**
 * The permits of a page given as a statement answering `id` and `ord` (its order), read in the same
 * statement (issue 17: one round trip less for the radar's page), with a one-row statement `head` answered
 * in that round trip too (the radar's access check, assigned projects and total: issue 17), also for an
 * empty page. The page's statement may read the head's columns as `head`.
 */
export async function loadPermitsOfPage<H>(db: Db, head: RawBuilder<H>, page: RawBuilder<unknown>): Promise<{ head: H; rows: Permit[] }> {
  const { rows } = await sql<Partial<PermitRowWithLists> & { head: H }>`
    WITH head AS MATERIALIZED (${head}), page AS MATERIALIZED (${page})
    SELECT to_json(head) AS head, ${permitColumns}
    FROM head LEFT JOIN (page JOIN permits r ON r.id = page.id
    ${permitJoins}) ON true
    ORDER BY page.ord`.execute(db);
  // An empty page leaves one row of the head alone (its permit columns null).
  const permits = rows.filter((row): row is PermitRowWithLists & { head: H } => row.id != null);
  return { head: rows[0]!.head, rows: permits.map(toPermit) };
}

function toPermit(row: PermitRowWithLists): Permit {
  const id = Number(row.id);
  const projectAssignments = (row.assignments ?? []).map(toAssignment);
  const latest = projectAssignments.at(-1) ?? null;
  const owner = mainOwnerAssignment(projectAssignments);
  const shown = assignedColumn(projectAssignments);
  return {
    id,
    permitId: id,
    stage: row.stage,
    session: row.session ?? '',
    projectId: Number(row.project_id),
    projectName: row.project_name,
    taskId: row.task_id,
    taskName: row.task_name,
    agentId: row.agent_id,
    customerName: row.customer_name,
    orderNumber: row.order_number,
    address: addressOf(row),
    projectAddress: row.project_address,
    customerPhoneNumber: row.customer_phone_number,
    customerAltPhoneNumber: row.customer_alt_phone_number,
    createdAt: iso(row.created_at),
    expiresAt: isoOrNull(row.expires_at),
    issuedAt: isoOrNull(row.issued_at),
    estCompletionAt: isoOrNull(row.est_completion_at),
    // The main owner (SPEC §6); the 'Assigned' column itself comes from core's assignedColumn.
    assignedName: owner?.assignName ?? shown?.name ?? null,
    assignedNameLatest: latest?.assignName ?? null,
    assignedTypeLatest: latest?.assigneeType ?? null,
    assignedIdLatest: latest?.assigneeId ?? null,
    projectsAssignments: projectAssignments,
    permitInspections: (row.inspections ?? []).map(toInspection),
    scopeOfWork: row.scope_of_work,
    projectValue: row.project_value === null ? null : Number(row.project_value),
    projectDetails: { homeBuiltDate: row.home_built_date, fullAddress: row.project_address },
    municipalityId: row.municipality_id,
    municipalityName: row.municipality_name,
    municipality: { id: row.municipality_id, name: row.municipality_name },
    // Only when the visitor was asked to choose: rows without it keep their shape.
    ...(row.municipality_choice ? { municipalityChoice: row.municipality_choice as MunicipalityChoice } : {}),
    permitRedirectURL: row.redirect_url,
    permitNumber: row.permit_number,
    cancellationRequested: Boolean(row.cancellation_requested),
    companyId: row.company_id,
    version: Number(row.version),
  };
}
