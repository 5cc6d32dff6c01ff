// Permits, projects, their assignments, inspections and conversations (SPEC §3, §7.1, §7.2).
import * as v from 'valibot';
import { byteCountSchema, idSchema, postalAddressSchema, timestampSchema } from './common.js';
import { municipalityChoiceSchema } from './lookup.js';
import { uploadContentTypeSchema, uploadFileNameSchema } from '../rules/uploads.js';

export const ACCESS_LEVELS = ['owner', 'editor', 'view-only', 'contributor'] as const;
export const accessLevelSchema = v.picklist(ACCESS_LEVELS);
export type AccessLevel = v.InferOutput<typeof accessLevelSchema>;

export const ASSIGNEE_TYPES = ['Company', 'User', 'Vendor', 'Project'] as const;
export const assigneeTypeSchema = v.picklist(ASSIGNEE_TYPES);
export type AssigneeType = v.InferOutput<typeof assigneeTypeSchema>;

export const projectAssignmentSchema = v.object({
  id: idSchema,
  projectId: idSchema,
  accessLevel: accessLevelSchema,
  assigneeType: assigneeTypeSchema,
  /** Company id for Company/Vendor, user sub for User. */
  assigneeId: v.string(),
  assignName: v.string(),
  company: v.nullable(v.object({ id: idSchema, name: v.string() })),
  createdAt: timestampSchema,
});
export type ProjectAssignment = v.InferOutput<typeof projectAssignmentSchema>;

/** POST /v4/projects/{id}/assignments */
export const createAssignmentSchema = v.object({
  projectId: idSchema,
  postData: v.object({
    accessLevel: accessLevelSchema,
    assigneeType: v.picklist(['Company', 'User', 'Vendor']),
    assigneeId: v.pipe(v.string(), v.nonEmpty()),
  }),
});
export type CreateAssignment = v.InferInput<typeof createAssignmentSchema>;
/** PATCH /v4/update-assignments */
export const updateAssignmentsSchema = v.object({
  projectId: idSchema,
  assignments: v.array(v.object({ id: idSchema, accessLevel: accessLevelSchema })),
});

/** GET /v4/projects/{id}/access: what the caller may do on the project (the dashboard hides what it may not). */
export const projectAccessSchema = v.object({
  level: accessLevelSchema,
  /** The access comes only from a guest grant of the project's company: read-only, whatever the level says. */
  guest: v.boolean(),
});
export type ProjectAccessView = v.InferOutput<typeof projectAccessSchema>;

export const INSPECTION_STATUSES = ['open', 'scheduled', 'passed', 'failed', 'canceled'] as const;
export const permitInspectionSchema = v.object({
  id: idSchema,
  inspectionName: v.string(),
  status: v.picklist(INSPECTION_STATUSES),
  performOrder: v.number(),
  scheduledAt: v.nullable(timestampSchema),
  /** What the inspector wrote when the inspection was resulted (issue 12). */
  resultNotes: v.optional(v.nullable(v.string())),
});
export type PermitInspection = v.InferOutput<typeof permitInspectionSchema>;

export const CONVERSATION_ROLES = ['customer', 'permit_team'] as const;
/** A file sent with a message: a permit document (download it with GET /v4/s3/presigned?file=documentId). */
export const messageAttachmentSchema = v.object({ documentId: idSchema, fileName: v.string() });
export type MessageAttachment = v.InferOutput<typeof messageAttachmentSchema>;
export const conversationMessageSchema = v.object({
  id: idSchema,
  body: v.string(),
  createdAt: timestampSchema,
  author: v.object({ name: v.string(), role: v.picklist(CONVERSATION_ROLES) }),
  attachments: v.optional(v.array(messageAttachmentSchema)),
});
export const conversationSchema = v.object({
  id: idSchema,
  subject: v.string(),
  participants: v.array(v.object({ name: v.string(), role: v.picklist(CONVERSATION_ROLES) })),
  messages: v.array(conversationMessageSchema),
});
export type Conversation = v.InferOutput<typeof conversationSchema>;
/** POST /v3/permits/{id}/conversations */
export const conversationReplySchema = v.object({
  conversationId: v.optional(idSchema),
  subject: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200))),
  body: v.pipe(v.string(), v.trim(), v.nonEmpty('Message is required.'), v.maxLength(10_000)),
});

/** One stage change of a permit: the timeline of the permit page (oldest first). */
export const permitStageHistoryEntrySchema = v.object({
  id: idSchema,
  /** The stage entered. */
  stage: v.number(),
  /** Its name from the stage list ('Open'). */
  name: v.string(),
  /** The stage left; null for the permit's first entry. */
  fromStage: v.nullable(v.number()),
  changedAt: timestampSchema,
  /** Who moved it: the customer (triage, cancellation) or the permit team. */
  changedBy: v.picklist(CONVERSATION_ROLES),
  note: v.nullable(v.string()),
});
export type PermitStageHistoryEntry = v.InferOutput<typeof permitStageHistoryEntrySchema>;

export const permitSchema = v.object({
  id: idSchema,
  permitId: idSchema,
  stage: v.number(),
  session: v.string(),
  projectId: idSchema,
  projectName: v.nullable(v.string()),
  taskId: idSchema,
  taskName: v.string(),
  agentId: v.nullable(v.string()),
  customerName: v.string(),
  orderNumber: v.nullable(v.string()),
  address: postalAddressSchema,
  /** One-line job address. */
  projectAddress: v.string(),
  customerPhoneNumber: v.nullable(v.string()),
  customerAltPhoneNumber: v.nullable(v.string()),
  createdAt: timestampSchema,
  expiresAt: v.nullable(timestampSchema),
  issuedAt: v.nullable(timestampSchema),
  estCompletionAt: v.nullable(timestampSchema),
  assignedName: v.nullable(v.string()),
  assignedNameLatest: v.nullable(v.string()),
  assignedTypeLatest: v.nullable(assigneeTypeSchema),
  assignedIdLatest: v.nullable(v.string()),
  projectsAssignments: v.array(projectAssignmentSchema),
  permitInspections: v.array(permitInspectionSchema),
  scopeOfWork: v.nullable(v.string()),
  projectValue: v.nullable(v.number()),
  projectDetails: v.object({ homeBuiltDate: v.nullable(v.string()), fullAddress: v.string() }),
  municipalityId: idSchema,
  municipalityName: v.string(),
  municipality: v.object({ id: idSchema, name: v.string() }),
  /** When the visitor was asked which municipality governs the job site: why, and what was offered. */
  municipalityChoice: v.optional(municipalityChoiceSchema),
  permitRedirectURL: v.nullable(v.string()),
  permitNumber: v.nullable(v.string()),
  /** True while a cancellation request exists for the permit. */
  cancellationRequested: v.boolean(),
  companyId: v.nullable(idSchema),
  /** Bumped by every change; the permit team's changes carry the version they were made on (409 when stale). */
  version: v.optional(v.pipe(v.number(), v.integer())),
  conversations: v.optional(v.array(conversationSchema)),
  /** The stage timeline, oldest first (answered by GET /v3/permits/{id}, not by list rows). */
  stageHistory: v.optional(v.array(permitStageHistoryEntrySchema)),
});
export type Permit = v.InferOutput<typeof permitSchema>;

/** PUT /v3/permits/{id} */
export const permitStageChangeSchema = v.object({ stage: v.pipe(v.number(), v.integer()) });
/** PATCH /v4/permits/{id}/update-project-name?projectName= */
export const projectNameSchema = v.pipe(v.string(), v.trim(), v.nonEmpty('Project name is required.'), v.maxLength(200));

/** GET /v4/permits/{id}/request-cancellation */
export const cancellationStatusSchema = v.object({ isSubmitted: v.boolean(), submittedAt: v.nullable(timestampSchema) });
export type CancellationStatus = v.InferOutput<typeof cancellationStatusSchema>;

export const documentUploadRequestSchema = v.object({
  fileName: uploadFileNameSchema,
  contentType: uploadContentTypeSchema,
  size: v.pipe(v.number(), v.integer(), v.minValue(1)),
  documentType: v.optional(v.pipe(v.string(), v.maxLength(100)), 'permit'),
});
/** Files above this size are uploaded in parts (MULTIPART_PART_BYTES each; S3 needs at least 5 MiB but for the last). */
export const MULTIPART_THRESHOLD_BYTES = 8 * 1024 * 1024;
export const MULTIPART_PART_BYTES = 8 * 1024 * 1024;

const uploadIdSchema = v.pipe(v.string(), v.uuid());
/** One part of a multipart upload: PUT exactly `size` bytes (the file's slice from (partNumber - 1) × partSize) to its URL. */
export const multipartPartSchema = v.object({
  partNumber: idSchema,
  uploadUrl: v.string(),
  size: byteCountSchema,
  expiresAt: timestampSchema,
});
export type MultipartPart = v.InferOutput<typeof multipartPartSchema>;
/**
 * A large file's upload in parts: PUT every part (each answers an ETag header), then
 * POST /v4/uploads/{uploadId}/complete with the ETags, or DELETE /v4/uploads/{uploadId} to give up.
 */
export const multipartPlanSchema = v.object({
  uploadId: uploadIdSchema,
  partSize: byteCountSchema,
  parts: v.array(multipartPartSchema),
});
export type MultipartPlan = v.InferOutput<typeof multipartPlanSchema>;

/** POST /v4/permits/{id}/upload-document answers where to PUT the bytes. */
export const presignedUploadSchema = v.object({
  documentId: idSchema,
  /** With `multipart`, the URL of part 1 (a PUT of the whole file there is refused). */
  uploadUrl: v.string(),
  method: v.literal('PUT'),
  headers: v.record(v.string(), v.string()),
  expiresAt: timestampSchema,
  /** Only for files above MULTIPART_THRESHOLD_BYTES: send the parts instead of one PUT. */
  multipart: v.optional(multipartPlanSchema),
});
export type PresignedUpload = v.InferOutput<typeof presignedUploadSchema>;

export const uploadIdParamsSchema = v.object({ uploadId: uploadIdSchema });
/** POST /v4/uploads/{uploadId}/complete: every part once, with the ETag its PUT answered. */
export const multipartCompleteSchema = v.object({
  parts: v.pipe(
    v.array(v.object({ partNumber: idSchema, etag: v.pipe(v.string(), v.minLength(1), v.maxLength(200)) })),
    v.minLength(1),
    v.maxLength(10_000),
  ),
});
export type MultipartComplete = v.InferOutput<typeof multipartCompleteSchema>;
/** POST /v4/uploads/{uploadId}/parts: fresh URLs for parts whose URL expired. */
export const multipartRefreshSchema = v.object({ partNumbers: v.pipe(v.array(idSchema), v.minLength(1), v.maxLength(10_000)) });
export const multipartPartsSchema = v.object({ parts: v.array(multipartPartSchema) });
/** The stored file, checked: its size and the type it is served with. */
export const uploadedFileSchema = v.object({ size: v.pipe(v.number(), v.integer()), contentType: v.string() });

// ---- projects ----
export const projectSchema = v.object({
  id: idSchema,
  name: v.string(),
  address: postalAddressSchema,
  projectAddress: v.string(),
  customerName: v.string(),
  orderNumber: v.nullable(v.string()),
  companyId: v.nullable(idSchema),
  createdAt: timestampSchema,
  permits: v.array(permitSchema),
  projectsAssignments: v.array(projectAssignmentSchema),
});
export type Project = v.InferOutput<typeof projectSchema>;

export const createProjectSchema = v.object({
  name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200))),
  customerName: v.pipe(v.string(), v.trim(), v.nonEmpty('Customer name is required.'), v.maxLength(200)),
  orderNumber: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(100)))),
  address: postalAddressSchema,
  companyId: v.optional(v.nullable(idSchema)),
  latitude: v.optional(v.number()),
  longitude: v.optional(v.number()),
});
export type CreateProject = v.InferInput<typeof createProjectSchema>;
export const updateProjectSchema = v.partial(v.pick(createProjectSchema, ['name', 'customerName', 'orderNumber']));

/** PATCH /v4/projects/{id}/permits: add permits (tasks) to a project. */
export const addPermitsSchema = v.object({
  taskIds: v.pipe(v.array(idSchema), v.minLength(1), v.maxLength(20)),
  municipalityId: v.optional(idSchema),
  /** 'Submit anyway; the permit team will ask for it': files requests the pre-filing gate finds incomplete. */
  acknowledgeGate: v.optional(v.boolean()),
  /** The expected work dates (YYYY-MM-DD): the gate checks the vault through them; the end is each permit's estimated completion. */
  workStart: v.optional(v.pipe(v.string(), v.isoDate('Enter a date as YYYY-MM-DD.'))),
  workEnd: v.optional(v.pipe(v.string(), v.isoDate('Enter a date as YYYY-MM-DD.'))),
});

export const PROJECT_STATUS_FILTERS = ['AllProject', 'HasPermit'] as const;
export const PROJECT_SORTS = ['+customerName', '-customerName', '+createdAt', '-createdAt', '+status', '-status'] as const;
export const SEARCH_FIELDS = ['customerName', 'projectId', 'jobAddress', 'orderNumber', 'permitNumber', 'taskName'] as const;

/** GET /v4/projects/search query (strings on the wire, parsed here). */
export const projectSearchParamsSchema = v.object({
  keyword: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200)), ''),
  searchFields: v.optional(v.string()),
  status: v.optional(v.picklist(PROJECT_STATUS_FILTERS), 'AllProject'),
  sort: v.optional(v.picklist(PROJECT_SORTS), '+customerName'),
  type: v.optional(v.picklist(['active', 'all']), 'active'),
  page: v.optional(v.pipe(v.unknown(), v.transform(Number), v.integer(), v.minValue(1), v.maxValue(100_000)), 1),
  size: v.optional(v.pipe(v.unknown(), v.transform(Number), v.integer(), v.minValue(1), v.maxValue(100)), 20),
  companyId: v.optional(v.pipe(v.unknown(), v.transform(Number), v.integer(), v.minValue(1))),
});
export type ProjectSearchParams = v.InferInput<typeof projectSearchParamsSchema>;
/**
 * A radar search with a keyword counts its matches up to this number (100 pages of 20), so the count
 * stays cheap at a million permits: its x-pagination-totalcount is exact below it and reads exactly this
 * number when there are this many or more (show it as '2,000+'). Without a keyword the total is always
 * exact. Every page stays reachable either way.
 */
export const RADAR_KEYWORD_TOTAL_CAP = 2_000;

/** One radar row: a permit with its project. */
export const projectSearchRowSchema = v.object({ ...permitSchema.entries });
export type ProjectSearchRow = v.InferOutput<typeof projectSearchRowSchema>;

// ---- data collection (SPEC §3 "Project in data collection") ----
export const dataCollectionSchema = v.object({
  purchaseOrder: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(100)))),
  estimateCompletionDate: v.optional(v.nullable(v.pipe(v.string(), v.isoDate()))),
  customerName: v.pipe(v.string(), v.trim(), v.nonEmpty('Customer name is required.'), v.maxLength(200)),
  address: v.pipe(v.string(), v.trim(), v.nonEmpty('Address is required.'), v.maxLength(300)),
  task: v.pipe(v.string(), v.maxLength(200)),
  inspections: v.array(v.pipe(v.string(), v.maxLength(200))),
  stateLicense: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(100)))),
  localLicense: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(100)))),
  company: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(200)))),
  companyId: v.optional(v.nullable(idSchema)),
  companyAddress: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(300)))),
  expirationDate: v.optional(v.nullable(v.pipe(v.string(), v.isoDate()))),
  price: v.optional(v.nullable(v.pipe(v.number(), v.minValue(0)))),
  permitNo: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(100)))),
  permitFees: v.optional(v.nullable(v.pipe(v.number(), v.minValue(0)))),
  files: v.array(v.object({ documentId: idSchema, fileName: v.string() })),
  noUploadPermitReason: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(1000)))),
});
export type DataCollection = v.InferOutput<typeof dataCollectionSchema>;
