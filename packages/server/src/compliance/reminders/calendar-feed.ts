// A company's calendar feed (issue 16): /calendar/{secret}.ics, RFC 5545 text made by the `ics` package,
// with an all-day event on each active vault item's expiry date and each open permit's, and a one-hour
// event at each scheduled inspection of the company's permits. The secret is 32 random bytes (base64url);
// the table keeps its SHA-256 (the lookup) and the secret sealed under the 'calendar-feeds' secret box
// (so owners and administrators can see the address again). Rotating replaces both.
import { createHash, randomBytes } from 'node:crypto';
import { calendarFeedPath, type CalendarFeed } from '@permitdesk/core';
import { createEvents, type EventAttributes } from 'ics';
import { sql } from 'kysely';
import type { Config } from '../../config.js';
import type { Db } from '../../db/schema.js';
import { iso } from '../../rows/values.js';
import type { SecretBox } from '../../security/secret-box.js';
import { CLOSED_STAGES } from './recipients.js';
import { KIND_LABELS } from './watchdog.js';

export const CALENDAR_PURPOSE = 'calendar-feeds';
const hashOf = (secret: string): string => createHash('sha256').update(secret).digest('hex');
const contextOf = (companyId: number): string => `calendar_feeds:${companyId}`;

interface FeedDeps {
  db: Db;
  box: SecretBox;
  config: Pick<Config, 'PUBLIC_URL'>;
}

export async function calendarFeed(deps: FeedDeps, companyId: number): Promise<CalendarFeed> {
  const row = await deps.db.selectFrom('calendar_feeds').select(['secret_sealed', 'created_at']).where('company_id', '=', companyId).executeTakeFirst();
  if (!row) return { url: null, createdAt: null };
  const secret = deps.box.open(contextOf(companyId), row.secret_sealed);
  return { url: `${deps.config.PUBLIC_URL}${calendarFeedPath(secret)}`, createdAt: iso(row.created_at) };
}

/** A new secret for the company's feed (the first, or a rotation: the old address stops at once). */
export async function rotateCalendarFeed(deps: FeedDeps, companyId: number, userId: string, now: Date): Promise<CalendarFeed> {
  const secret = randomBytes(32).toString('base64url');
  const sealed = deps.box.seal(contextOf(companyId), secret);
  await sql`
    INSERT INTO calendar_feeds (company_id, secret_hash, secret_sealed, created_by, created_at)
    VALUES (${companyId}, ${hashOf(secret)}, ${sealed}, ${userId}, ${now})
    ON CONFLICT (company_id) DO UPDATE SET secret_hash = EXCLUDED.secret_hash, secret_sealed = EXCLUDED.secret_sealed,
      created_by = EXCLUDED.created_by, created_at = EXCLUDED.created_at`.execute(deps.db);
  return calendarFeed(deps, companyId);
}

/** The company whose feed the secret opens, or null. */
export async function companyOfFeedSecret(db: Db, secret: string): Promise<{ id: number; name: string } | null> {
  const row = await db.selectFrom('calendar_feeds as f').innerJoin('companies as c', 'c.id', 'f.company_id')
    .select(['c.id', 'c.name']).where('f.secret_hash', '=', hashOf(secret)).executeTakeFirst();
  return row ? { id: Number(row.id), name: row.name } : null;
}

const dateArray = (day: string): [number, number, number] => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return [y, m, d];
};
const nextDay = (day: string): string => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The company's calendar (RFC 5545 text). */
export async function companyCalendar(deps: Pick<FeedDeps, 'db' | 'config'>, company: { id: number; name: string }, now: Date): Promise<string> {
  const host = new URL(deps.config.PUBLIC_URL).hostname;
  const { rows: items } = await sql<{ kind: keyof typeof KIND_LABELS; id: number; name: string; expires_on: string }>`
    SELECT 'license' AS kind, id, name, to_char(expires_on, 'YYYY-MM-DD') AS expires_on FROM company_licenses WHERE company_id = ${company.id} AND status = 'active' AND expires_on IS NOT NULL
    UNION ALL
    SELECT 'insurance', id, name, to_char(expires_on, 'YYYY-MM-DD') FROM company_insurances WHERE company_id = ${company.id} AND status = 'active' AND expires_on IS NOT NULL
    UNION ALL
    SELECT 'certificate', id, name, to_char(expires_on, 'YYYY-MM-DD') FROM company_certificates WHERE company_id = ${company.id} AND status = 'active' AND expires_on IS NOT NULL
    ORDER BY 4, 1, 2`.execute(deps.db);
  // The company's permits: of projects it owns, or is assigned to as Company or Vendor.
  const permitsOfCompany = sql`
    SELECT r.id, r.project_id, r.customer_name, r.expires_at, t.name AS task_name FROM permits r
    JOIN projects p ON p.id = r.project_id JOIN permit_tasks t ON t.id = r.task_id
    WHERE NOT r.dismissed AND r.stage NOT IN (${sql.join([...CLOSED_STAGES])}) AND (p.company_id = ${company.id} OR EXISTS (
      SELECT 1 FROM project_assignments pa WHERE pa.project_id = p.id AND pa.assignee_company_id = ${company.id} AND pa.assignee_type IN ('Company', 'Vendor')))`;
  const { rows: permits } = await sql<{ id: number; project_id: number; customer_name: string; task_name: string; expires_on: string }>`
    SELECT id, project_id, customer_name, task_name, to_char(expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS expires_on
    FROM (${permitsOfCompany}) r WHERE expires_at IS NOT NULL ORDER BY expires_at, id`.execute(deps.db);
  const { rows: inspections } = await sql<{ id: number; permit_id: number; project_id: number; inspection_name: string; customer_name: string; scheduled_at: Date | string }>`
    SELECT i.id, i.permit_id, r.project_id, i.inspection_name, r.customer_name, i.scheduled_at
    FROM permit_inspections i JOIN (${permitsOfCompany}) r ON r.id = i.permit_id
    WHERE i.status = 'scheduled' AND i.scheduled_at IS NOT NULL ORDER BY i.scheduled_at, i.id`.execute(deps.db);
  const stamp = now.getTime();
  const allDay = (day: string) => ({ start: dateArray(day), end: dateArray(nextDay(day)) });
  const events: StampedEvent[] = [
    ...items.map((item): StampedEvent => ({
      uid: `${item.kind}-${item.id}-${item.expires_on}@${host}`,
      title: `${capitalize(KIND_LABELS[item.kind])} expires: ${item.name}`,
      description: `The ${KIND_LABELS[item.kind]} "${item.name}" of ${company.name} expires on ${item.expires_on}. Upload the renewed document in the compliance center.`,
      url: `${deps.config.PUBLIC_URL}/compliance-center?companyId=${company.id}`,
      timestamp: stamp,
      ...allDay(item.expires_on),
    })),
    ...permits.map((permit): StampedEvent => ({
      uid: `permit-${permit.id}-${permit.expires_on}@${host}`,
      title: `Permit #${permit.id} expires: ${permit.task_name}, ${permit.customer_name}`,
      description: `Permit #${permit.id} (${permit.task_name}, ${permit.customer_name}) expires on ${permit.expires_on}.`,
      url: `${deps.config.PUBLIC_URL}/projects/${permit.project_id}/${permit.id}`,
      timestamp: stamp,
      ...allDay(permit.expires_on),
    })),
    ...inspections.map((inspection): StampedEvent => ({
      uid: `inspection-${inspection.id}@${host}`,
      title: `${inspection.inspection_name} inspection: permit #${inspection.permit_id}, ${inspection.customer_name}`,
      url: `${deps.config.PUBLIC_URL}/projects/${inspection.project_id}/${inspection.permit_id}`,
      timestamp: stamp,
      start: new Date(inspection.scheduled_at).getTime(),
      startInputType: 'utc',
      startOutputType: 'utc',
      duration: { hours: 1 },
    })),
  ];
  const { error, value } = createEvents(events, { productId: '-//PermitDesk//Calendar feed//EN', calName: `${company.name}: PermitDesk` });
  if (error || value === null) throw error ?? new Error('Calendar not made');
  return value;
}

/** An event with its DTSTAMP (the feed's time: the `ics` package reads `timestamp`, untyped). */
type StampedEvent = EventAttributes & { timestamp: number };

const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
