// The permit team's queue: every permit of every company, newest first or most over its SLA target,
// with the team's filters. Built for 1,000,000 permits (bench/ops-queue.ts):
// - the flags are columns of permits kept by the triggers of migration 0071, each with an index;
// - newest first is a walk of one (…, created_at, id) index; 'most over SLA' merges one walk of
//   (stage, stage_entered_at, id) per stage with a clock (the oldest clock of a stage is the most over),
//   then the stages without a clock follow, newest first;
// - the total is exact from radar_counts (kept by triggers) without filters or with the stage or company
//   filter alone, and otherwise counted up to QUEUE_TOTAL_CAP = 2,000 (reported as the cap past it).
import { INSPECTION_DUE_DAYS, QUEUE_TOTAL_CAP, STAGE, stageName, type OpsQueueParams, type OpsQueueRow } from '@permitdesk/core';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/schema.js';
import { keywordMatcher } from '../../permits/search-keyword.js';
import { idArray, iso } from '../../rows/values.js';
import type { SlaTargets } from './sla.js';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Stages no longer worked: the 'active' filter leaves them out. */
export const FINISHED_STAGES = [STAGE.Canceled, STAGE.Closed, STAGE.NoPermit, STAGE.NoPermitNeeded] as const;

export interface QueueScope {
  userId: string;
  now: Date;
  sla: SlaTargets;
}

type Condition = RawBuilder<unknown>;

const midnightUtc = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** A flag filter: true keeps the permits with it, false those without (a null column is 'without'). */
const flag = (value: boolean | undefined, condition: Condition): Condition | null =>
  value === undefined ? null : value ? condition : sql`NOT COALESCE(${condition}, false)`;

function overSlaCondition(scope: QueueScope): Condition {
  const parts = [...scope.sla].map(([stage, hours]) => sql`(r.stage = ${stage} AND r.stage_entered_at < ${new Date(scope.now.getTime() - hours * HOUR_MS)}::timestamptz)`);
  return parts.length > 0 ? sql`(${sql.join(parts, sql` OR `)})` : sql`false`;
}

/** The WHERE conditions of the query's filters (the sort's own stage condition comes on top). */
export function queueConditions(params: OpsQueueParams, scope: QueueScope, options: { keywordColumn?: string } = {}): Condition[] {
  const { now } = scope;
  const parts: (Condition | null)[] = [];
  if (params.stage !== undefined) parts.push(sql`r.stage = ${params.stage}`);
  if (params.municipalityId !== undefined) parts.push(sql`r.municipality_id = ${params.municipalityId}`);
  if (params.state !== undefined) parts.push(sql`r.municipality_id IN (SELECT id FROM municipalities WHERE state_code = ${params.state})`);
  if (params.taskId !== undefined) parts.push(sql`r.task_id = ${params.taskId}`);
  if (params.companyId !== undefined) parts.push(sql`r.radar_scope = ${`c${params.companyId}`}`);
  if (params.assignee === 'none') parts.push(sql`r.assigned_to IS NULL`);
  else if (params.assignee !== undefined) parts.push(sql`r.assigned_to = ${params.assignee === 'me' ? scope.userId : params.assignee}::uuid`);
  if (params.minDaysInStage !== undefined && params.minDaysInStage > 0) {
    parts.push(sql`r.stage_entered_at <= ${new Date(now.getTime() - params.minDaysInStage * DAY_MS)}::timestamptz`);
  }
  parts.push(flag(params.active, sql`r.stage NOT IN (${sql.join(FINISHED_STAGES.map((stage) => sql.lit(stage)))})`));
  parts.push(flag(params.createdToday, sql`r.created_at >= ${midnightUtc(now)}::timestamptz`));
  parts.push(flag(params.needsReply, sql`r.last_message_role = 'customer'`));
  parts.push(flag(params.waitingOnCustomer, sql`(r.last_message_role = 'permit_team' OR r.stage = ${STAGE.Pending})`));
  parts.push(flag(params.cancellationRequested, sql`r.cancellation_open`));
  parts.push(flag(params.quotePending, sql`r.quote_pending_until >= ${isoDate(now)}::date`));
  parts.push(flag(params.inspectionDue, sql`r.next_inspection_at <= ${new Date(now.getTime() + INSPECTION_DUE_DAYS * DAY_MS)}::timestamptz`));
  parts.push(flag(params.overSla, overSlaCondition(scope)));
  if (params.keyword) parts.push(keywordMatcher(params.keyword)(options.keywordColumn ?? 'r.search_text'));
  return parts.filter((part): part is Condition => part !== null);
}

const where = (parts: Condition[]) => (parts.length > 0 ? sql.join(parts, sql` AND `) : sql`true`);

async function newestIds(db: Db, parts: Condition[], limit: number, offset: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    SELECT r.id FROM permits r WHERE ${where(parts)} ORDER BY r.created_at DESC, r.id DESC LIMIT ${limit} OFFSET ${offset}`.execute(db);
  return rows.map((row) => Number(row.id));
}

/**
 * Most over its SLA target first: per stage with a clock, the permits with the oldest clock (one index
 * walk each, at most offset + size rows), merged by when their target passed; then the stages without a
 * clock, newest first.
 */
async function overSlaIds(db: Db, parts: Condition[], params: OpsQueueParams, scope: QueueScope, offset: number): Promise<number[]> {
  const want = offset + params.size;
  const clocked = [...scope.sla].filter(([stage]) => params.stage === undefined || params.stage === stage);
  let ids: number[] = [];
  let clockedRows = 0;
  if (clocked.length > 0) {
    const branches = clocked.map(
      ([stage, hours]) => sql`(SELECT r.id, r.stage_entered_at + ${`${hours} hours`}::interval AS due FROM permits r
        WHERE r.stage = ${stage} AND ${where(parts)} ORDER BY r.stage_entered_at, r.id LIMIT ${want})`,
    );
    const { rows } = await sql<{ id: number }>`
      SELECT id FROM (${sql.join(branches, sql` UNION ALL `)}) x ORDER BY due, id LIMIT ${want}`.execute(db);
    clockedRows = rows.length;
    ids = rows.slice(offset).map((row) => Number(row.id));
  }
  if (clockedRows >= want) return ids;
  // Fewer clocked permits than the page needs: every one of them was read (none of the walks was cut),
  // so the page goes on with the permits of the stages without a clock.
  const unclocked = [...parts, scope.sla.size > 0 ? sql`r.stage NOT IN (${sql.join([...scope.sla.keys()].map((stage) => sql.lit(stage)))})` : sql`true`];
  const tailOffset = Math.max(0, offset - clockedRows);
  const tail = await newestIds(db, unclocked, params.size - ids.length, tailOffset);
  return [...ids, ...tail];
}

/** The total: exact from radar_counts without filters (or with stage / company only), capped otherwise. */
async function queueTotal(db: Db, params: OpsQueueParams, parts: Condition[]): Promise<number> {
  const filterCount = parts.length - (params.stage !== undefined ? 1 : 0) - (params.companyId !== undefined ? 1 : 0);
  if (filterCount === 0) {
    const conditions = [
      ...(params.stage !== undefined ? [sql`stage = ${params.stage}`] : []),
      ...(params.companyId !== undefined ? [sql`radar_scope = ${`c${params.companyId}`}`] : []),
    ];
    const { rows } = await sql<{ n: number | string | null }>`SELECT sum(n) AS n FROM radar_counts WHERE ${where(conditions)}`.execute(db);
    return Number(rows[0]?.n ?? 0);
  }
  // The planner picks the path: a flag's partial index, the inspection date range, the trigram index, or
  // a scan that stops at the cap. (Forcing the page's newest-first walk here was measured slower: 700 ms
  // when nothing matches 'inspection due', 3x for 'Over SLA'.)
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM (SELECT 1 FROM permits r WHERE ${where(parts)} LIMIT ${QUEUE_TOTAL_CAP + 1}) x`.execute(db);
  return Math.min(QUEUE_TOTAL_CAP, Number(rows[0]?.n ?? 0));
}

interface QueueRowData {
  id: number;
  version: number;
  project_id: number;
  customer_name: string;
  company_id: number | null;
  company_name: string | null;
  address: string | null;
  municipality_id: number;
  municipality_name: string;
  state_code: string;
  task_id: number;
  task_name: string;
  stage: number;
  stage_entered_at: Date | string;
  assigned_to: string | null;
  assignee_name: string | null;
  assignee_email: string | null;
  needs_reply: boolean;
  cancellation_open: boolean;
  quote_pending: boolean;
  inspection_due: boolean;
  created_at: Date | string;
}

/** The queue's rows of these permits, in the order given. */
export async function queueRows(db: Db, ids: number[], scope: QueueScope): Promise<OpsQueueRow[]> {
  if (ids.length === 0) return [];
  const { now } = scope;
  const { rows } = await sql<QueueRowData>`
    SELECT r.id, r.version, r.project_id, r.customer_name, p.company_id, co.name AS company_name, p.project_address AS address,
           r.municipality_id, m.name AS municipality_name, m.state_code, r.task_id, t.name AS task_name, r.stage, r.stage_entered_at,
           r.assigned_to::text AS assigned_to, u.name AS assignee_name, u.email AS assignee_email,
           r.last_message_role IS NOT DISTINCT FROM 'customer' AS needs_reply, r.cancellation_open,
           COALESCE(r.quote_pending_until >= ${isoDate(now)}::date, false) AS quote_pending,
           COALESCE(r.next_inspection_at <= ${new Date(now.getTime() + INSPECTION_DUE_DAYS * DAY_MS)}::timestamptz, false) AS inspection_due,
           r.created_at
    FROM permits r
    JOIN projects p ON p.id = r.project_id
    JOIN municipalities m ON m.id = r.municipality_id
    JOIN permit_tasks t ON t.id = r.task_id
    LEFT JOIN companies co ON co.id = p.company_id
    LEFT JOIN users u ON u.id = r.assigned_to
    WHERE r.id = ANY(${idArray(ids)})`.execute(db);
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const entered = new Date(row.stage_entered_at);
    const inStageMs = Math.max(0, now.getTime() - entered.getTime());
    const target = scope.sla.get(Number(row.stage)) ?? null;
    return [{
      id: Number(row.id),
      version: Number(row.version),
      projectId: Number(row.project_id),
      customerName: row.customer_name,
      companyId: row.company_id === null ? null : Number(row.company_id),
      companyName: row.company_name,
      address: row.address,
      municipalityId: Number(row.municipality_id),
      municipalityName: row.municipality_name,
      state: row.state_code,
      taskId: Number(row.task_id),
      taskName: row.task_name,
      stage: Number(row.stage),
      stageName: stageName(Number(row.stage)),
      stageEnteredAt: iso(row.stage_entered_at),
      daysInStage: Math.floor(inStageMs / DAY_MS),
      slaTargetHours: target,
      overSlaHours: target === null ? null : Math.floor(inStageMs / HOUR_MS) - target,
      assignee: row.assigned_to ? { id: row.assigned_to, name: row.assignee_name || row.assignee_email || 'Operator' } : null,
      needsReply: Boolean(row.needs_reply),
      cancellationRequested: Boolean(row.cancellation_open),
      quotePending: Boolean(row.quote_pending),
      inspectionDue: Boolean(row.inspection_due),
      createdAt: iso(row.created_at),
    }];
  });
}

export interface QueuePage {
  items: OpsQueueRow[];
  page: number;
  size: number;
  totalCount: number;
}

export async function searchQueue(db: Db, params: OpsQueueParams, scope: QueueScope): Promise<QueuePage> {
  const offset = (params.page - 1) * params.size;
  const pageIds = (parts: Condition[]) => (params.sort === 'overSla' ? overSlaIds(db, parts, params, scope, offset) : newestIds(db, parts, params.size, offset));
  if (!params.keyword) {
    const parts = queueConditions(params, scope);
    const [ids, totalCount] = await Promise.all([pageIds(parts), queueTotal(db, params, parts)]);
    return { items: await queueRows(db, ids, scope), page: params.page, size: params.size, totalCount };
  }
  // A keyword: its matches are counted first (trigram index, up to the cap). Within the cap they are
  // few and the planner sorts them; past it ('garcia': 16,790 of 1,000,000) sorting every match cost
  // 45 ms, while the ordered walk fills a page after a few thousand rows, so the keyword is then tested
  // in a form the trigram index cannot answer and the walk is what remains.
  const parts = queueConditions(params, scope);
  const totalCount = await queueTotal(db, params, parts);
  const walk = totalCount >= QUEUE_TOTAL_CAP ? queueConditions(params, scope, { keywordColumn: "(r.search_text || '')" }) : parts;
  return { items: await queueRows(db, await pageIds(walk), scope), page: params.page, size: params.size, totalCount };
}
