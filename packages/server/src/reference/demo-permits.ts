// Bulk demo projects and permits, generated inside the database (generate_series + hashing), so a
// million permits load in minutes on PostgreSQL and 100,000 on PGlite. Real municipalities, realistic
// names and addresses (real ZIP codes, located to their municipality), every stage and derived status:
// expired permits, open permits past their estimated completion, approved permits with inspections
// done, cancellations pending (75), the 'permit needed?' question (70) and both no-permit answers.
import { sql } from 'kysely';
import type { Db } from '../db/schema.js';
import type { GeoService } from '../geo/geo-service.js';
import { usZipCodes } from '../geo/sources.js';
import { recordset } from './bulk-insert.js';
import { inTransaction } from '../db/transaction.js';

const FIRST_NAMES = ['James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth', 'William', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Carlos', 'Karen', 'Daniel', 'Lisa', 'Matthew', 'Nancy', 'Anthony', 'Sandra', 'Mark', 'Ashley', 'Luis', 'Emily', 'Steven', 'Maria', 'Andrew', 'Michelle', 'Kevin', 'Amanda', 'Brian', 'Melissa', 'Jose', 'Stephanie', 'Wei', 'Priya', 'Omar', 'Fatima', 'Hiroshi', 'Aisha', 'Dmitri', 'Sofia', 'Kwame', 'Nguyen'];
const LAST_NAMES = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores', 'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts', 'Patel', 'Kim', 'Chen', "O'Brien", 'Schmidt', 'Kowalski', 'Okafor', 'Yamamoto', 'Rossi', 'Haddad'];
const STREETS = ['Main St', 'Oak Ave', 'Maple Dr', 'Cedar Ln', 'Pine St', 'Elm St', 'Washington Blvd', 'Lake View Dr', 'Hillcrest Rd', 'Park Ave', 'Sunset Blvd', 'Ridge Rd', 'Meadow Ln', 'Church St', 'Highland Ave', 'Willow Way', 'Birch Ct', 'Jefferson St', 'Lincoln Ave', 'Forest Dr', 'River Rd', 'Spring St', 'Valley View Rd', 'Chestnut St', 'Magnolia Ave', 'Sycamore Dr', 'Franklin Ave', 'Madison St', 'Mill Rd', 'Orchard Ln'];
/** Stages with weights: most permits move through the normal life cycle; every special stage appears. */
const STAGE_WHEEL = [10, 10, 10, 20, 20, 20, 30, 30, 30, 40, 40, 50, 50, 50, 50, 50, 52, 55, 60, 60, 60, 70, 70, 71, 72, 75];

/** How far back the demo's work goes (days): the bulk projects were requested within the last month. */
export const DEMO_MONTH_DAYS = 30;

/** The stages a permit went through to reach its current one (the life cycle; the special stages' usual ways). */
export const DEMO_STAGE_WAYS: Readonly<Record<number, readonly number[]>> = {
  10: [10],
  20: [10, 20],
  30: [10, 20, 30],
  40: [10, 20, 30, 40],
  50: [10, 20, 30, 40, 50],
  52: [10, 20, 30, 40, 50, 52],
  55: [10, 20, 55],
  60: [10, 20, 30, 40, 50, 60],
  70: [70],
  71: [70, 71],
  72: [70, 72],
  75: [10, 20, 30, 40, 50, 75],
};

/** DEMO_STAGE_WAYS as rows (stage, seq, steps, to_stage) aliased w: seq runs 1..steps along the way. */
const stageWays = () =>
  sql`(VALUES ${sql.join(
    Object.entries(DEMO_STAGE_WAYS).flatMap(([stage, way]) => way.map((to, index) => sql`(${sql.lit(Number(stage))}, ${sql.lit(index + 1)}, ${sql.lit(way.length)}, ${sql.lit(to)})`)),
  )}) AS w (stage, seq, steps, to_stage)`;

const text = (values: readonly string[]) => sql`ARRAY[${sql.join(values.map((value) => sql.lit(value)))}]::text[]`;

export interface DemoScope {
  companyId: number | null;
  ownerUserId: string;
  projects: number;
}

/** ~1,500 real ZIP codes spread over every state, each with the municipality that governs it. */
export async function loadDemoPlaces(db: Db, geo: GeoService): Promise<number> {
  const zips = usZipCodes();
  const step = Math.max(1, Math.floor(zips.length / 1500));
  const picked = zips.filter((_, index) => index % step === 0);
  const places = picked
    .map((zip) => ({ zip, municipality: geo.locate(zip.latitude, zip.longitude, { city: zip.city, state: zip.state, zip: zip.zip }) }))
    .filter((place) => place.municipality !== null)
    .map((place, index) => ({
      idx: index,
      city: place.zip.city,
      state: place.zip.state,
      zip: place.zip.zip,
      latitude: place.zip.latitude,
      longitude: place.zip.longitude,
      slug: place.municipality!.slug,
    }));
  await sql`DROP TABLE IF EXISTS demo_places`.execute(db);
  await sql`CREATE TEMP TABLE demo_places AS
    SELECT x.idx, x.city, x.state, x.zip, x.latitude, x.longitude, m.id AS municipality_id
    FROM ${recordset(places, { idx: 'integer', city: 'text', state: 'text', zip: 'text', latitude: 'float8', longitude: 'float8', slug: 'text' })}
    JOIN municipalities m ON m.slug = x.slug`.execute(db);
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM demo_places`.execute(db);
  // Renumber so that idx runs 0..n-1 without gaps.
  await sql`UPDATE demo_places d SET idx = r.rn FROM (SELECT idx, row_number() OVER (ORDER BY idx) - 1 AS rn FROM demo_places) r WHERE d.idx = r.idx`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Pseudo-random but repeatable: a hash of the row number and a salt, in [0, n). */
const pick = (column: string, salt: number, n: number) => sql.raw(`(abs(hashint8((${column})::bigint * 7919 + ${salt})::bigint) % ${n})`);

/**
 * Inserts `scope.projects` projects for one owner, then their permits (one each, a second on every
 * fourth project), inspections, assignments, cancellation requests and stage history.
 * Returns the number of permits created.
 */
export async function insertDemoProjects(
  db: Db,
  scope: DemoScope,
  options: { placeCount: number; batch: number; vendorCompanyId: number | null; vendorName: string | null; ownerName: string; companyName: string | null },
  onProgress?: (done: number) => void,
): Promise<number> {
  let permits = 0;
  for (let start = 1; start <= scope.projects; start += options.batch) {
    const end = Math.min(scope.projects, start + options.batch - 1);
    await inTransaction(db, async (trx) => {
      const { rows } = await sql<{ first: number; last: number }>`
        WITH inserted AS (
          INSERT INTO projects (company_id, owner_user_id, name, customer_name, order_number, street_address, street_modifier, city, state,
                                postal_code, project_address, latitude, longitude, municipality_id, home_built_date,
                                customer_phone_number, created_by, created_at)
          SELECT ${scope.companyId}, ${scope.ownerUserId}::uuid,
                 NULL,
                 f.name || ' ' || l.name,
                 CASE WHEN g % 3 = 0 THEN 'PO-' || lpad((${pick('g', 11, 1000000)})::text, 6, '0') END,
                 (10 + ${pick('g', 13, 9990)})::text || ' ' || s.name,
                 CASE WHEN g % 17 = 0 THEN 'Unit ' || (1 + g % 12)::text END,
                 pl.city, pl.state, pl.zip,
                 (10 + ${pick('g', 13, 9990)})::text || ' ' || s.name || ', ' || pl.city || ', ' || pl.state || ' ' || pl.zip,
                 pl.latitude + ((${pick('g', 17, 2000)}) - 1000) / 100000.0,
                 pl.longitude + ((${pick('g', 19, 2000)}) - 1000) / 100000.0,
                 pl.municipality_id,
                 (1920 + ${pick('g', 23, 100)})::text,
                 '+1' || (200 + ${pick('g', 29, 799)})::text || lpad((${pick('g', 31, 10000000)})::text, 7, '0'),
                 ${scope.ownerUserId}::uuid,
                 -- A month of work (issue 18): requested some hours to 30 days ago, never all today.
                 now() - (1 + ${pick('g', 37, DEMO_MONTH_DAYS * 24)}) * interval '1 hour'
          FROM generate_series(${start}::int, ${end}::int) g
          JOIN LATERAL (SELECT (${text(FIRST_NAMES)})[1 + ${pick('g', 41, FIRST_NAMES.length)}] AS name) f ON true
          JOIN LATERAL (SELECT (${text(LAST_NAMES)})[1 + ${pick('g', 43, LAST_NAMES.length)}] AS name) l ON true
          JOIN LATERAL (SELECT (${text(STREETS)})[1 + ${pick('g', 47, STREETS.length)}] AS name) s ON true
          JOIN demo_places pl ON pl.idx = ${pick('g', 53, options.placeCount)}
          RETURNING id
        )
        SELECT min(id)::int AS first, max(id)::int AS last FROM inserted`.execute(trx);
      const first = Number(rows[0]?.first);
      const last = Number(rows[0]?.last);
      const taskCount = Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM permit_tasks`.execute(trx)).rows[0]?.n ?? 1);
      const made = await sql<{ n: number }>`
        WITH inserted AS (
          INSERT INTO permits (project_id, task_id, municipality_id, stage, session, scope_of_work, project_value, permit_number,
                               issued_at, expires_at, est_completion_at, dismissed, dismissed_at, created_at, stage_entered_at)
          SELECT p.id, t.id, p.municipality_id, st.stage,
                 'demo-' || p.id::text || '-' || k::text,
                 t.description,
                 (500 + ${pick('p.id * 3 + k', 59, 250000)})::numeric,
                 CASE WHEN st.stage IN (40, 50, 52, 60, 75) THEN upper(left(t.category, 3)) || '-' || to_char(p.created_at, 'YYYY') || '-' || lpad(p.id::text || k::text, 7, '0') END,
                 -- Issued when it entered Open: the way's fifth stage (the last one for Open itself).
                 CASE WHEN st.stage = 50 THEN tm.entered WHEN st.stage IN (52, 60, 75) THEN tm.requested + (tm.entered - tm.requested) * 0.8 END,
                 -- Open permits: a fifth of them expired already (the derived 'expired' status).
                 CASE WHEN st.stage IN (50, 52, 60, 75) THEN
                   CASE WHEN ${pick('p.id + k', 61, 5)} = 0 THEN now() - interval '10 days' ELSE now() + interval '180 days' END END,
                 -- A third of open permits are past their estimated completion (shown gold).
                 CASE WHEN st.stage >= 40 AND st.stage < 70 THEN
                   CASE WHEN ${pick('p.id + k', 67, 3)} = 0 THEN now() - interval '5 days' ELSE now() + interval '60 days' END END,
                 st.stage = 72 AND ${pick('p.id', 71, 2)} = 0,
                 CASE WHEN st.stage = 72 AND ${pick('p.id', 71, 2)} = 0 THEN now() END,
                 tm.requested,
                 tm.entered
          FROM projects p
          CROSS JOIN LATERAL generate_series(1, CASE WHEN p.id % 4 = 0 THEN 2 ELSE 1 END) k
          JOIN permit_tasks t ON t.id = 1 + ${pick('p.id * 5 + k', 73, taskCount)}
          JOIN LATERAL (SELECT (ARRAY[${sql.join(STAGE_WHEEL.map((s) => sql.lit(s)))}]::int[])[1 + ${pick('p.id * 3 + k', 79, STAGE_WHEEL.length)}] AS stage) st ON true
          -- Requested with its project (a second permit two days later), and the current stage (the SLA
          -- clock) entered some time between the request and now (at the request for a first stage).
          JOIN LATERAL (SELECT LEAST(now(), p.created_at + (k - 1) * interval '2 days') AS requested) rq ON true
          JOIN LATERAL (SELECT rq.requested, CASE WHEN st.stage IN (10, 70) THEN rq.requested
                                                  ELSE rq.requested + (now() - rq.requested) * (${pick('p.id * 7 + k', 83, 1000)} / 1000.0) END AS entered) tm ON true
          WHERE p.id BETWEEN ${first} AND ${last}
          RETURNING id, stage, task_id, created_at, stage_entered_at
        ),
        inspections AS (
          INSERT INTO permit_inspections (permit_id, inspection_name, status, perform_order, scheduled_at, completed_at)
          SELECT i.id, ti.name,
                 CASE WHEN i.stage IN (40, 60) THEN 'passed'
                      WHEN ti.perform_order <= 1 + i.id % 3 THEN 'passed'
                      WHEN ti.perform_order = 2 + i.id % 3 THEN 'scheduled'
                      ELSE 'open' END,
                 ti.perform_order,
                 CASE WHEN i.stage NOT IN (40, 60) AND ti.perform_order = 2 + i.id % 3 THEN now() + interval '3 days' END,
                 -- Passed on the way: before the permit entered its current stage.
                 CASE WHEN i.stage IN (40, 60) OR ti.perform_order <= 1 + i.id % 3 THEN i.created_at + (i.stage_entered_at - i.created_at) * 0.9 END
          FROM inserted i JOIN task_inspections ti ON ti.task_id = i.task_id
          WHERE i.stage IN (40, 50, 52, 60, 75)
          RETURNING 1
        ),
        -- Each stage on the way to the current one, dated evenly from the request (the first stage) to the
        -- current stage's entry: the permit's timeline reads as its weeks of work, not as one moment today.
        history AS (
          INSERT INTO permit_stage_history (permit_id, from_stage, to_stage, note, changed_at)
          SELECT i.id, lag(w.to_stage) OVER (PARTITION BY i.id ORDER BY w.seq), w.to_stage, NULL,
                 i.created_at + (i.stage_entered_at - i.created_at) * (CASE WHEN w.steps = 1 THEN 0 ELSE (w.seq - 1)::float8 / (w.steps - 1) END)
          FROM inserted i
          JOIN ${stageWays()} ON w.stage = i.stage
          RETURNING 1
        ),
        cancellations AS (
          INSERT INTO cancellation_requests (permit_id, reason, previous_stage)
          SELECT id, 'The homeowner decided not to go ahead.', 50 FROM inserted WHERE stage = 75 RETURNING 1
        )
        SELECT (SELECT count(*)::int FROM inserted) AS n, (SELECT count(*) FROM inspections) AS i,
               (SELECT count(*) FROM history) AS h, (SELECT count(*) FROM cancellations) AS c`.execute(trx);
      permits += Number(made.rows[0]?.n ?? 0);

      // Assignments: the owner's company (or the owner) on every tenth project, a vendor on every 25th.
      const owner = scope.companyId !== null
        ? sql`'Company', ${scope.companyId}::int, NULL::uuid, ${options.companyName ?? options.ownerName}`
        : sql`'User', NULL::int, ${scope.ownerUserId}::uuid, ${options.ownerName}`;
      await sql`
        INSERT INTO project_assignments (project_id, assignee_type, assignee_company_id, assignee_user_id, assign_name, access_level, created_at)
        SELECT id, ${owner}, 'owner', created_at FROM projects WHERE id BETWEEN ${first} AND ${last} AND id % 10 = 0`.execute(trx);
      if (options.vendorCompanyId !== null && options.vendorCompanyId !== scope.companyId) {
        await sql`
          INSERT INTO project_assignments (project_id, assignee_type, assignee_company_id, assign_name, access_level, created_at)
          SELECT id, 'Vendor', ${options.vendorCompanyId}::int, ${options.vendorName ?? 'Vendor'}, 'editor', created_at + interval '1 day'
          FROM projects WHERE id BETWEEN ${first} AND ${last} AND id % 25 = 0`.execute(trx);
      }
    });
    onProgress?.(end);
  }
  return permits;
}
