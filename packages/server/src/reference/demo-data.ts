// Demo data: a demo company with an owner, an administrator and a project manager (created through the
// identity service), other companies, and N projects with permits spread over every stage, generated in
// bulk inside the database (see demo-permits.ts). The largest company (the demo one) holds --largest
// permits; each project has one permit and every fourth a second, so permits ≈ 1.25 × projects.
import { sql } from 'kysely';
import type { AppServices } from '../services.js';
import { insertDemoProjects, loadDemoPlaces } from './demo-permits.js';

export const DEMO_PASSWORD = 'PermitDesk-demo1';
export const DEMO_COMPANY_NAME = 'Demo Builders Inc.';
export const DEMO_VENDOR_NAME = 'Bright Solar Partners';
export const DEMO_USERS = [
  { email: 'demo@permitdesk.test', name: 'Dana Demo', role: 'owner' },
  { email: 'admin@permitdesk.test', name: 'Alex Admin', role: 'administrator' },
  { email: 'pm@permitdesk.test', name: 'Pat Manager', role: 'pm' },
] as const;

export interface DemoOptions {
  projects: number;
  companies?: number;
  /** Permits of the largest (demo) company; default: all the projects' permits when there is one company. */
  largest?: number;
  /** Projects per INSERT statement. */
  batch?: number;
  log?: (line: string) => void;
}

export interface DemoSummary {
  companyId: number;
  vendorCompanyId: number | null;
  ownerUserId: string;
  projects: number;
  permits: number;
  perCompany: { companyId: number | null; projects: number }[];
}

async function ensureUser(services: AppServices, email: string, name: string): Promise<string> {
  const existing = await services.identity.findByEmail(email);
  if (existing) return existing.id;
  return (await services.identity.createUser({ email, password: DEMO_PASSWORD, name, confirmed: true })).id;
}

async function ensureCompany(services: AppServices, name: string, createdBy: string): Promise<number> {
  const found = await sql<{ id: number }>`SELECT id FROM companies WHERE lower(name) = lower(${name})`.execute(services.db);
  if (found.rows[0]) return Number(found.rows[0].id);
  const made = await sql<{ id: number }>`
    INSERT INTO companies (name, address, created_by) VALUES (${name}, '350 5th Ave, New York, NY 10118', ${createdBy}::uuid) RETURNING id`.execute(services.db);
  return Number(made.rows[0]!.id);
}

async function ensureMember(services: AppServices, companyId: number, userId: string, role: string) {
  await sql`INSERT INTO company_users (company_id, user_id, role) VALUES (${companyId}, ${userId}::uuid, ${role})
            ON CONFLICT (company_id, user_id) DO NOTHING`.execute(services.db);
}

/** What the showcase (demo-showcase.ts) needs from a demo load, with the permit team member who answers. */
export const showcaseOf = (summary: DemoSummary, teamUserId: string) => ({
  companyId: summary.companyId,
  ownerUserId: summary.ownerUserId,
  ownerName: DEMO_USERS[0].name,
  ownerEmail: DEMO_USERS[0].email,
  vendorName: DEMO_VENDOR_NAME,
  password: DEMO_PASSWORD,
  team: { userId: teamUserId, name: 'Olga Operator' },
});

/** How many projects each company gets: the demo company enough for `largest` permits, the rest shared. */
export function splitProjects(projects: number, companies: number, largest: number | undefined): number[] {
  if (companies <= 1) return [projects];
  const first = Math.min(projects, largest !== undefined ? Math.round(largest / 1.25) : Math.ceil(projects / companies));
  const rest = projects - first;
  const others = companies - 1;
  return [first, ...Array.from({ length: others }, (_, i) => Math.floor(rest / others) + (i < rest % others ? 1 : 0))];
}

export async function loadDemoData(services: AppServices, options: DemoOptions): Promise<DemoSummary> {
  const log = options.log ?? (() => {});
  const companies = Math.max(1, options.companies ?? 1);
  const batch = options.batch ?? (services.dbKind === 'postgres' ? 50_000 : 10_000);

  const userIds: string[] = [];
  for (const user of DEMO_USERS) userIds.push(await ensureUser(services, user.email, user.name));
  const ownerUserId = userIds[0]!;
  const companyId = await ensureCompany(services, DEMO_COMPANY_NAME, ownerUserId);
  for (const [index, user] of DEMO_USERS.entries()) await ensureMember(services, companyId, userIds[index]!, user.role);
  const companyIds = [companyId];
  for (let n = 2; n <= companies; n++) {
    companyIds.push(await ensureCompany(services, n === 2 ? DEMO_VENDOR_NAME : `Demo Contractor ${n}`, ownerUserId));
  }
  const vendorCompanyId = companyIds[1] ?? null;

  const placeCount = await loadDemoPlaces(services.db, services.geo);
  const split = splitProjects(options.projects, companies, options.largest);
  let permits = 0;
  const started = Date.now();
  for (const [index, projects] of split.entries()) {
    if (projects <= 0) continue;
    const id = companyIds[index]!;
    permits += await insertDemoProjects(
      services.db,
      { companyId: id, ownerUserId, projects },
      {
        placeCount,
        batch,
        vendorCompanyId,
        vendorName: DEMO_VENDOR_NAME,
        ownerName: DEMO_USERS[0].name,
        companyName: index === 0 ? DEMO_COMPANY_NAME : null,
      },
      (done) => log(`company ${id}: ${done}/${projects} projects (${((Date.now() - started) / 1000).toFixed(1)} s)`),
    );
  }
  // A few personal projects for the owner's 'Personal' radar.
  const personal = Math.min(50, Math.max(1, Math.floor(options.projects / 100)));
  permits += await insertDemoProjects(
    services.db,
    { companyId: null, ownerUserId, projects: personal },
    { placeCount, batch, vendorCompanyId: null, vendorName: null, ownerName: DEMO_USERS[0].name, companyName: null },
  );
  await sql`DROP TABLE IF EXISTS demo_places`.execute(services.db);
  // Fresh statistics and visibility maps: the radar's index-only scans rely on them.
  await sql`VACUUM ANALYZE projects, permits, permit_inspections, project_assignments, cancellation_requests, radar_counts`.execute(services.db);
  log(`${options.projects + personal} projects, ${permits} permits in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return {
    companyId,
    vendorCompanyId,
    ownerUserId,
    projects: options.projects + personal,
    permits,
    perCompany: [...split.map((projects, index) => ({ companyId: companyIds[index]!, projects })), { companyId: null, projects: personal }],
  };
}
