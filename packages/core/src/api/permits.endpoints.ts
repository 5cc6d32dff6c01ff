// Permits (SPEC §7.1) and projects (SPEC §7.2).
import * as v from 'valibot';
import { idParamSchema, okSchema } from '../schemas/common.js';
import {
  addPermitsSchema,
  cancellationStatusSchema,
  conversationReplySchema,
  conversationSchema,
  createAssignmentSchema,
  createProjectSchema,
  dataCollectionSchema,
  documentUploadRequestSchema,
  permitSchema,
  permitStageChangeSchema,
  presignedUploadSchema,
  projectAccessSchema,
  projectAssignmentSchema,
  projectNameSchema,
  projectSchema,
  projectSearchParamsSchema,
  projectSearchRowSchema,
  updateAssignmentsSchema,
  updateProjectSchema,
} from '../schemas/permit.js';
import { creatingEndpoint, endpoint } from './endpoint.js';

const idParams = v.object({ id: idParamSchema });

export const permitEndpoints = {
  get: endpoint({
    method: 'GET', path: '/v3/permits/{id}', auth: 'bearer', summary: 'One permit with inspections, assignments and conversations',
    params: idParams, response: permitSchema,
  }),
  changeStage: endpoint({
    method: 'PUT', path: '/v3/permits/{id}', auth: 'bearer', summary: 'Change the stage (stage-70 triage; operators: any stage)',
    params: idParams, body: permitStageChangeSchema, response: permitSchema,
  }),
  reply: creatingEndpoint({
    method: 'POST', path: '/v3/permits/{id}/conversations', auth: 'bearer', summary: 'Reply to the permit team',
    params: idParams, body: conversationReplySchema, response: conversationSchema,
  }),
  bySession: endpoint({
    method: 'GET', path: '/v4/permits', auth: 'bearer', summary: 'The permit created by a form session',
    query: v.object({ session: v.pipe(v.string(), v.minLength(1), v.maxLength(100)) }), response: permitSchema,
  }),
  uploadDocument: creatingEndpoint({
    method: 'POST', path: '/v4/permits/{id}/upload-document', auth: 'bearer',
    summary: 'Register a document and get a presigned URL to upload its bytes (up to 50,000,000 bytes)',
    params: idParams, body: documentUploadRequestSchema, response: presignedUploadSchema,
  }),
  cancellationStatus: endpoint({
    method: 'GET', path: '/v4/permits/{id}/request-cancellation', auth: 'bearer', summary: 'Whether a cancellation was requested',
    params: idParams, response: cancellationStatusSchema,
  }),
  updateProjectName: endpoint({
    method: 'PATCH', path: '/v4/permits/{id}/update-project-name', auth: 'bearer', summary: 'Rename the project of a permit',
    params: idParams, query: v.object({ projectName: projectNameSchema }), response: permitSchema,
  }),
  dismiss: endpoint({
    method: 'POST', path: '/v4/permits/{id}/dismiss', auth: 'bearer', summary: 'Dismiss a permit from the radar',
    params: idParams, response: okSchema,
  }),
} as const;

export const projectEndpoints = {
  get: endpoint({
    method: 'GET', path: '/v3/projects/{id}', auth: 'bearer', summary: 'One project with its permits',
    params: idParams, response: projectSchema,
  }),
  update: endpoint({
    method: 'PATCH', path: '/v3/projects/{id}', auth: 'bearer', summary: 'Change a project',
    params: idParams, body: updateProjectSchema, response: projectSchema,
  }),
  addPermits: endpoint({
    method: 'PATCH', path: '/v4/projects/{id}/permits', auth: 'bearer', summary: 'Add permits (tasks) to a project',
    params: idParams, body: addPermitsSchema, response: projectSchema,
  }),
  getPermitData: endpoint({
    method: 'GET', path: '/v3/projects/{id}/permits/{permitId}', auth: 'bearer', summary: 'The data collection of a project permit',
    params: v.object({ id: idParamSchema, permitId: idParamSchema }), response: v.object({ permit: permitSchema, data: v.nullable(dataCollectionSchema) }),
  }),
  updatePermit: endpoint({
    method: 'PUT', path: '/v3/projects/{id}/permits/{permitId}', auth: 'bearer', summary: 'Save the data collection of a project permit',
    params: v.object({ id: idParamSchema, permitId: idParamSchema }), body: dataCollectionSchema,
    response: v.object({ permit: permitSchema, data: v.nullable(dataCollectionSchema) }),
  }),
  create: creatingEndpoint({
    method: 'POST', path: '/v4/projects', auth: 'bearer', summary: 'Create a project at an address',
    body: createProjectSchema, response: projectSchema,
  }),
  search: endpoint({
    method: 'GET', path: '/v4/projects/search', auth: 'bearer', summary: 'Radar search: keyword, status, sort, page, size (with a keyword, x-pagination-totalcount counts up to RADAR_KEYWORD_TOTAL_CAP = 2000 matches: 2000 means that many or more)',
    query: projectSearchParamsSchema, response: projectSearchRowSchema, paging: 'headers',
  }),
  defaultSearch: endpoint({
    method: 'GET', path: '/v4/projects/default-search', auth: 'bearer', summary: 'The radar first page with default parameters',
    response: projectSearchRowSchema, paging: 'headers',
  }),
  addAssignment: creatingEndpoint({
    method: 'POST', path: '/v4/projects/{id}/assignments', auth: 'bearer', summary: 'Assign a company, user or vendor to a project',
    params: idParams, body: createAssignmentSchema, response: projectAssignmentSchema,
  }),
  removeAssignment: endpoint({
    method: 'DELETE', path: '/v4/projects/{id}/assignments/{assignmentId}', auth: 'bearer',
    summary: 'Remove an assignment: the assignee loses the project at once and is told by mail (the main owner stays)',
    params: v.object({ id: idParamSchema, assignmentId: idParamSchema }), response: okSchema,
  }),
  myAccess: endpoint({
    method: 'GET', path: '/v4/projects/{id}/access', auth: 'bearer', summary: "The caller's access to a project: its level, and whether it comes only from a guest grant (read-only)",
    params: idParams, response: projectAccessSchema,
  }),
  updateAssignments: endpoint({
    method: 'PATCH', path: '/v4/update-assignments', auth: 'bearer', summary: 'Change access levels of assignments',
    body: updateAssignmentsSchema, response: v.array(projectAssignmentSchema),
  }),
} as const;
