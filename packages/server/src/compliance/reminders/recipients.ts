// Who hears of a lapse (issue 16). For a vault item of company C: C's owner and administrators; the PMs
// assigned to C's affected projects (a project C owns or is assigned to, as Company or Vendor, with a
// permit still open, and a user assigned to it who is a PM of C or of the project's company); and each
// company holding an approved share of C's wallet that covers the item's kind (its owner and
// administrators: the vendor's client learns its vendor's COI lapses), and each homeowner whose approved
// vendor C is. For a permit: the customer (the project's company's owner and administrators, or the
// project's owner), the PMs assigned to the project, and, when it is flagged, the permit team (the
// permit's operator, else every operator). Each address once; the company's own reading wins.
import { MANAGER_ROLES, SHARING_STATUS, INVITE_STATUS, STAGE } from '@permitdesk/core';
import { sql } from 'kysely';
import type { Db } from '../../db/schema.js';
import type { VaultKind } from '../vault-items.js';

export interface Recipient {
  email: string;
  name: string | null;
  /** Reads as a company the item is shared with (not the item's own company). */
  shared: boolean;
  /** The company the recipient reads for (its compliance center link), null for a homeowner. */
  companyId: number | null;
}

/** Stages whose permits are no longer worked on. */
export const CLOSED_STAGES = [STAGE.Canceled, STAGE.Closed, STAGE.NoPermit, STAGE.NoPermitNeeded] as const;

const SCOPE_COLUMN: Record<VaultKind, 'licenses' | 'insurances' | 'certificates'> = { license: 'licenses', insurance: 'insurances', certificate: 'certificates' };

interface Row {
  email: string;
  name: string | null;
  company_id: number | null;
}

const managersOf = (db: Db, companyIds: readonly number[]) =>
  companyIds.length === 0
    ? Promise.resolve([] as Row[])
    : db.selectFrom('company_users as cu').innerJoin('users as u', 'u.id', 'cu.user_id')
      .select(['u.email', 'u.name', 'cu.company_id'])
      .where('cu.company_id', 'in', [...companyIds]).where('cu.active', '=', true).where('cu.role', 'in', MANAGER_ROLES)
      .orderBy('u.email').execute() as Promise<Row[]>;

function merge(groups: { rows: Row[]; shared: boolean }[]): Recipient[] {
  const byEmail = new Map<string, Recipient>();
  for (const { rows, shared } of groups) {
    for (const row of rows) {
      const email = row.email.trim().toLowerCase();
      if (!byEmail.has(email)) byEmail.set(email, { email, name: row.name?.trim() || null, shared, companyId: row.company_id === null ? null : Number(row.company_id) });
    }
  }
  return [...byEmail.values()];
}

/** The PMs assigned to the company's projects that still have an open permit. */
async function pmsOfAffectedProjects(db: Db, companyId: number): Promise<Row[]> {
  const { rows } = await sql<Row>`
    SELECT DISTINCT u.email, u.name, ${companyId}::int AS company_id
    FROM projects p
    JOIN project_assignments ua ON ua.project_id = p.id AND ua.assignee_type = 'User'
    JOIN users u ON u.id = ua.assignee_user_id
    JOIN company_users cu ON cu.user_id = u.id AND cu.active AND cu.role = 'pm' AND cu.company_id IN (${companyId}, COALESCE(p.company_id, 0))
    WHERE (p.company_id = ${companyId} OR EXISTS (
        SELECT 1 FROM project_assignments pa WHERE pa.project_id = p.id AND pa.assignee_company_id = ${companyId} AND pa.assignee_type IN ('Company', 'Vendor')))
      AND EXISTS (SELECT 1 FROM permits r WHERE r.project_id = p.id AND NOT r.dismissed AND r.stage NOT IN (${sql.join([...CLOSED_STAGES])}))
    ORDER BY u.email`.execute(db);
  return rows;
}

/** Everyone told of a vault item of `companyId` lapsing. */
export async function vaultItemRecipients(db: Db, companyId: number, kind: VaultKind): Promise<Recipient[]> {
  const viewers = await db.selectFrom('wallet_shares').select('viewer_company_id')
    .where('owner_company_id', '=', companyId).where('status', '=', SHARING_STATUS.Approved).where(SCOPE_COLUMN[kind], '=', true)
    .orderBy('viewer_company_id').execute();
  const homeowners = await db.selectFrom('company_vendors as v').innerJoin('users as u', 'u.id', 'v.client_user_id')
    .select(['u.email', 'u.name', sql<null>`NULL::int`.as('company_id')])
    .where('v.vendor_id', '=', companyId).where('v.status', '=', INVITE_STATUS.Approved).where('v.client_user_id', 'is not', null)
    .execute();
  return merge([
    { rows: await managersOf(db, [companyId]), shared: false },
    { rows: await pmsOfAffectedProjects(db, companyId), shared: false },
    { rows: await managersOf(db, viewers.map((v) => Number(v.viewer_company_id)).filter((id) => id !== companyId)), shared: true },
    { rows: homeowners as Row[], shared: true },
  ]);
}

/** The customer's side of each project's permits: the project's company managers (or its owner) and its PMs. */
export async function permitCustomerRecipients(db: Db, projectIds: readonly number[]): Promise<Map<number, Recipient[]>> {
  const byProject = new Map<number, Recipient[]>();
  if (projectIds.length === 0) return byProject;
  const ids = sql.join([...new Set(projectIds)]);
  // One statement for a whole batch of projects; `rank` keeps each project's merge order (managers, owner, PMs).
  const { rows } = await sql<Row & { project_id: number; rank: number }>`
    SELECT p.id AS project_id, 0 AS rank, u.email, u.name, cu.company_id
    FROM projects p JOIN company_users cu ON cu.company_id = p.company_id AND cu.active AND cu.role IN (${sql.join(MANAGER_ROLES)})
    JOIN users u ON u.id = cu.user_id WHERE p.id IN (${ids})
    UNION ALL
    SELECT p.id, 1, u.email, u.name, NULL FROM projects p JOIN users u ON u.id = p.owner_user_id WHERE p.id IN (${ids})
    UNION ALL
    SELECT pa.project_id, 2, u.email, u.name, cu.company_id
    FROM project_assignments pa JOIN users u ON u.id = pa.assignee_user_id
    JOIN company_users cu ON cu.user_id = u.id AND cu.active AND cu.role = 'pm'
    WHERE pa.project_id IN (${ids}) AND pa.assignee_type = 'User'
    ORDER BY project_id, rank, email, company_id`.execute(db);
  const rowsOf = new Map<number, Row[]>();
  for (const row of rows) {
    const id = Number(row.project_id);
    rowsOf.set(id, [...(rowsOf.get(id) ?? []), row]);
  }
  for (const [id, projectRows] of rowsOf) byProject.set(id, merge([{ rows: projectRows, shared: false }]));
  return byProject;
}

/** The permit team: every staff user, read once per run (permitTeamOf picks a permit's). */
export async function permitTeam(db: Db): Promise<{ id: string; email: string; name: string | null }[]> {
  return db.selectFrom('users').select(['id', 'email', 'name']).where('staff', '=', true).orderBy('email').execute();
}

/** The permit team of a permit: its operator, else every operator. */
export function permitTeamOf(team: Awaited<ReturnType<typeof permitTeam>>, assignedTo: string | null): Recipient[] {
  const assigned = assignedTo ? team.filter((member) => member.id === assignedTo) : [];
  return merge([{ rows: (assigned.length > 0 ? assigned : team).map((member) => ({ email: member.email, name: member.name, company_id: null })), shared: false }]);
}
