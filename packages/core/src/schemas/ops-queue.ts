// The permit team's queue (issue 12, /ops): every permit of every company with the filters an operator
// needs, the SLA targets per stage, saved views, and the bulk actions (assign, move stage) that carry
// each permit's version.
import * as v from 'valibot';
import { PERMIT_STAGES } from '../rules/stages.js';
import { idSchema, subSchema, textSchema, timestampSchema } from './common.js';

const flag = v.optional(v.pipe(v.picklist(['true', 'false'], 'A flag must be true or false.'), v.transform((value) => value === 'true')));
const idText = v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,9}$/, 'Must be a positive whole number.'), v.transform(Number)));

export const QUEUE_SORTS = ['newest', 'overSla'] as const;
export type QueueSort = (typeof QUEUE_SORTS)[number];

/**
 * A filtered total is counted up to this many permits (100 pages of 20) and reported as exactly this
 * many past it ("2,000+"), as the radar's keyword total; without filters (or with the stage or company
 * filter alone) the total is exact from the per-stage counts the radar keeps.
 */
export const QUEUE_TOTAL_CAP = 2_000;

/** An inspection is due when its date is past or within this many days. */
export const INSPECTION_DUE_DAYS = 2;

/** The queue's filters, as query text (also what a saved view stores). */
export const opsQueueFilterEntries = {
  stage: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/, 'Stage must be a stage number.'), v.transform(Number),
    v.check((stage) => PERMIT_STAGES.some((entry) => entry.stage === stage), 'Unknown stage.'))),
  municipalityId: idText,
  state: v.optional(v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(/^[A-Z]{2}$/, 'State must be a two-letter code.'))),
  taskId: idText,
  companyId: idText,
  /** 'me', 'none' (unassigned) or an operator's user id. */
  assignee: v.optional(v.union([v.picklist(['me', 'none']), subSchema], "Assignee must be 'me', 'none' or a user id.")),
  minDaysInStage: v.optional(v.pipe(v.string(), v.regex(/^\d{1,4}$/, 'Days in stage must be a whole number.'), v.transform(Number))),
  /** Only stages still being worked (not Closed, Canceled or the no-permit answers). */
  active: flag,
  /** Created since midnight UTC today. */
  createdToday: flag,
  /** The customer wrote last in the permit's conversations. */
  needsReply: flag,
  /** The permit team wrote last, or the permit is on hold (Pending). */
  waitingOnCustomer: flag,
  cancellationRequested: flag,
  quotePending: flag,
  inspectionDue: flag,
  /** Longer in its stage than the stage's SLA target. */
  overSla: flag,
  keyword: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200)), ''),
  sort: v.optional(v.picklist(QUEUE_SORTS, 'Sort must be newest or overSla.'), 'newest'),
};

/** GET /v4/operator/queue */
export const opsQueueQuerySchema = v.object({
  ...opsQueueFilterEntries,
  page: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/), v.transform(Number), v.minValue(1)), '1'),
  size: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/), v.transform(Number), v.minValue(1), v.maxValue(100)), '20'),
});
export type OpsQueueQuery = v.InferInput<typeof opsQueueQuerySchema>;
export type OpsQueueParams = v.InferOutput<typeof opsQueueQuerySchema>;
/** The filters as the query carries them (text), e.g. a saved view's. */
export type OpsQueueFilters = Partial<Record<keyof typeof opsQueueFilterEntries, string>>;
export const OPS_QUEUE_FILTER_NAMES = Object.keys(opsQueueFilterEntries) as (keyof typeof opsQueueFilterEntries)[];

const personSchema = v.object({ id: v.string(), name: v.string() });

/** One row of the queue. */
export const opsQueueRowSchema = v.object({
  id: idSchema,
  version: v.number(),
  projectId: idSchema,
  customerName: v.string(),
  companyId: v.nullable(v.number()),
  companyName: v.nullable(v.string()),
  address: v.nullable(v.string()),
  municipalityId: v.number(),
  municipalityName: v.string(),
  state: v.string(),
  taskId: v.number(),
  taskName: v.string(),
  stage: v.number(),
  stageName: v.string(),
  stageEnteredAt: timestampSchema,
  daysInStage: v.number(),
  /** The stage's SLA target; null when the stage has no clock. */
  slaTargetHours: v.nullable(v.number()),
  /** Hours past the target (negative: time left); null when the stage has no clock. */
  overSlaHours: v.nullable(v.number()),
  assignee: v.nullable(personSchema),
  needsReply: v.boolean(),
  cancellationRequested: v.boolean(),
  quotePending: v.boolean(),
  inspectionDue: v.boolean(),
  createdAt: timestampSchema,
});
export type OpsQueueRow = v.InferOutput<typeof opsQueueRowSchema>;

/** GET /v4/operator/sla: every stage with its target (null: no clock). */
export const opsSlaSchema = v.object({
  targets: v.array(v.object({ stage: v.number(), name: v.string(), targetHours: v.nullable(v.number()) })),
});
export type OpsSla = v.InferOutput<typeof opsSlaSchema>;

/** PUT /v4/operator/sla: the targets to set (null removes a stage's clock); stages left out keep theirs. */
export const opsSlaUpdateSchema = v.object({
  targets: v.pipe(
    v.array(v.object({
      stage: v.pipe(v.number(), v.integer(), v.check((stage) => PERMIT_STAGES.some((entry) => entry.stage === stage), 'Unknown stage.')),
      targetHours: v.nullable(v.pipe(v.number(), v.integer('A target is a whole number of hours.'), v.minValue(1, 'A target is at least 1 hour.'), v.maxValue(8760, 'A target is at most 8,760 hours (a year).'))),
    })),
    v.minLength(1, 'Give at least one target.'),
    v.maxLength(PERMIT_STAGES.length),
  ),
});
export type OpsSlaUpdate = v.InferInput<typeof opsSlaUpdateSchema>;

/** A saved view: built in ('mine', 'new-today', 'waiting', 'over-sla') or an operator's own (its id as text). */
export const opsSavedViewSchema = v.object({
  id: v.string(),
  name: v.string(),
  builtIn: v.boolean(),
  filters: v.record(v.string(), v.string()),
});
export type OpsSavedView = v.InferOutput<typeof opsSavedViewSchema>;

/** The built-in views every operator has. */
export const OPS_BUILTIN_VIEWS: readonly OpsSavedView[] = [
  { id: 'mine', name: 'Mine', builtIn: true, filters: { assignee: 'me', active: 'true' } },
  { id: 'new-today', name: 'New today', builtIn: true, filters: { createdToday: 'true' } },
  { id: 'waiting', name: 'Waiting on customer', builtIn: true, filters: { waitingOnCustomer: 'true', active: 'true' } },
  { id: 'over-sla', name: 'Over SLA', builtIn: true, filters: { overSla: 'true', sort: 'overSla' } },
];

/** POST /v4/operator/queue/views */
export const opsSavedViewInputSchema = v.object({
  name: v.pipe(textSchema(60, 'View name'), v.nonEmpty('Give the view a name.')),
  filters: v.pipe(
    v.record(v.string(), v.pipe(v.string(), v.maxLength(200))),
    v.check((filters) => Object.keys(filters).every((key) => (OPS_QUEUE_FILTER_NAMES as string[]).includes(key)), 'Unknown filter in the view.'),
    v.check((filters) => v.safeParse(v.object(opsQueueFilterEntries), filters).success, 'A filter of the view is not valid.'),
  ),
});
export type OpsSavedViewInput = v.InferInput<typeof opsSavedViewInputSchema>;

const permitVersions = v.pipe(
  v.array(v.object({ id: idSchema, version: v.pipe(v.number(), v.integer(), v.minValue(1)) })),
  v.minLength(1, 'Choose at least one permit.'),
  v.maxLength(200, 'At most 200 permits at a time.'),
);

/** POST /v4/operator/queue/assign: each permit with the version it was seen at. */
export const opsBulkAssignSchema = v.object({
  permits: permitVersions,
  /** An operator's user id, or null to unassign. */
  assignee: v.nullable(subSchema),
});
export type OpsBulkAssign = v.InferInput<typeof opsBulkAssignSchema>;

/** POST /v4/operator/queue/stage: move several permits to one stage with one message (mailed to each customer). */
export const opsBulkStageSchema = v.object({
  permits: permitVersions,
  stage: v.pipe(v.number(), v.integer(), v.check((stage) => PERMIT_STAGES.some((entry) => entry.stage === stage), 'Unknown stage.')),
  message: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(1000)))),
});
export type OpsBulkStage = v.InferInput<typeof opsBulkStageSchema>;

export const BULK_OUTCOMES = ['ok', 'conflict', 'notFound'] as const;
/**
 * Each permit's outcome: 'ok' (changed; its new version), 'conflict' (it changed since the version sent:
 * nothing done, with what it is now), 'notFound'.
 */
export const opsBulkResultSchema = v.object({
  results: v.array(v.object({
    id: v.number(),
    outcome: v.picklist(BULK_OUTCOMES),
    version: v.nullable(v.number()),
    stage: v.nullable(v.number()),
    assignee: v.nullable(personSchema),
  })),
});
export type OpsBulkResult = v.InferOutput<typeof opsBulkResultSchema>;

/** GET /v4/operator/team-members: who permits can be assigned to. */
export const opsTeamMemberSchema = v.object({
  id: v.string(),
  name: v.string(),
  email: v.string(),
  role: v.picklist(['operator', 'service_admin']),
});
export type OpsTeamMember = v.InferOutput<typeof opsTeamMemberSchema>;
