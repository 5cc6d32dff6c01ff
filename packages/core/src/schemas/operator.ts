// The staff (operator) side: the permit team moves permits through the stages, records inspections,
// answers conversations and decides cancellation requests (issue 6, "Staff side").
import * as v from 'valibot';
import { timestampSchema } from './common.js';
import { INSPECTION_STATUSES } from './permit.js';

const optionalText = (max: number) => v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(max))));

/** The permit's version a change was made on (Permit.version); a permit that moved meanwhile answers 409 PERMIT_CHANGED. */
export const permitVersionSchema = v.pipe(v.number('Version must be a number.'), v.integer(), v.minValue(1));
/** The message a refused stale change answers with (409 PERMIT_CHANGED). */
export const PERMIT_CHANGED_MESSAGE = 'This permit changed since you opened it. Review the changes and try again.';

/** PUT /v4/operator/permits/{id}/stage: any stage of the stage list, with what the permit team knows. */
export const operatorStageChangeSchema = v.object({
  stage: v.pipe(v.number(), v.integer()),
  /** Required: the version the operator saw. */
  version: permitVersionSchema,
  /** Shown on the timeline and in the customer's e-mail. */
  note: optionalText(1000),
  /** The municipality's permit number; one is generated when the permit opens without it. */
  permitNumber: optionalText(100),
  issuedAt: v.optional(v.nullable(timestampSchema)),
  expiresAt: v.optional(v.nullable(timestampSchema)),
  estCompletionAt: v.optional(v.nullable(timestampSchema)),
});
export type OperatorStageChange = v.InferInput<typeof operatorStageChangeSchema>;

const inspectionName = v.pipe(v.string(), v.trim(), v.nonEmpty('Inspection name is required.'), v.maxLength(200));
const inspectionStatus = v.picklist(INSPECTION_STATUSES, 'Inspection status must be open, scheduled, passed, failed or canceled.');
const performOrder = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1000));

/** POST /v4/operator/permits/{id}/inspections (perform order defaults to after the last one). */
export const inspectionInputSchema = v.object({
  inspectionName,
  version: v.optional(permitVersionSchema),
  status: v.optional(inspectionStatus, 'open'),
  performOrder: v.optional(performOrder),
  scheduledAt: v.optional(v.nullable(timestampSchema)),
  resultNotes: optionalText(2000),
});
export type InspectionInput = v.InferInput<typeof inspectionInputSchema>;

/** PATCH /v4/operator/permits/{id}/inspections/{inspectionId} */
export const inspectionUpdateSchema = v.object({
  inspectionName: v.optional(inspectionName),
  version: v.optional(permitVersionSchema),
  status: v.optional(inspectionStatus),
  performOrder: v.optional(performOrder),
  scheduledAt: v.optional(v.nullable(timestampSchema)),
  /** What the inspector wrote (null clears it). */
  resultNotes: optionalText(2000),
});
export type InspectionUpdate = v.InferInput<typeof inspectionUpdateSchema>;

/** PUT /v4/operator/permits/{id}/cancellation: approve (stage 55 Canceled) or decline (back to the stage before). */
export const cancellationDecisionSchema = v.object({
  decision: v.picklist(['approve', 'decline'], 'Decision must be approve or decline.'),
  version: v.optional(permitVersionSchema),
  note: optionalText(1000),
});
export type CancellationDecision = v.InferInput<typeof cancellationDecisionSchema>;

/** GET /v4/operator/permits: every company's permits, newest change first. */
export const operatorPermitQuerySchema = v.object({
  stage: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/), v.transform(Number))),
  keyword: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200)), ''),
  page: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/), v.transform(Number), v.minValue(1)), '1'),
  size: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/), v.transform(Number), v.minValue(1), v.maxValue(100)), '20'),
});
export type OperatorPermitQuery = v.InferInput<typeof operatorPermitQuerySchema>;

/** GET /v4/operator/status: whether the signed-in user is on the permit team. */
export const STAFF_ROLES = ['operator', 'service_admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
/** `role` is null for customers; a service admin also runs the workspace's settings. */
export const operatorStatusSchema = v.object({ staff: v.boolean(), role: v.nullable(v.picklist(STAFF_ROLES)) });
