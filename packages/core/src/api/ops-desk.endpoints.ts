// The permit desk (issue 12): one permit with everything the permit team needs, its permit number and
// fees, the team's documents and replies with attachments, and the stage message templates. Staff only
// (403 STAFF_ONLY); changing a template takes a service admin.
import * as v from 'valibot';
import { idParamSchema } from '../schemas/common.js';
import {
  permitDeskSchema,
  permitDeskUpdateSchema,
  stageParamsSchema,
  stageTemplateInputSchema,
  stageTemplateSchema,
  teamDocumentUploadSchema,
  teamReplySchema,
} from '../schemas/ops-desk.js';
import { conversationSchema, presignedUploadSchema } from '../schemas/permit.js';
import { creatingEndpoint, endpoint } from './endpoint.js';

const idParams = v.object({ id: idParamSchema });

export const opsDeskEndpoints = {
  desk: endpoint({
    method: 'GET', path: '/v4/operator/permits/{id}/desk', auth: 'bearer',
    summary: "The permit desk: request, project, company compliance, documents, conversation, inspections, fees, quotes, history",
    params: idParams, response: permitDeskSchema,
  }),
  update: endpoint({
    method: 'PATCH', path: '/v4/operator/permits/{id}', auth: 'bearer',
    summary: "Record the municipality's permit number and fees (made on a version: 409 when the permit changed since)",
    params: idParams, body: permitDeskUpdateSchema, response: permitDeskSchema,
  }),
  uploadDocument: creatingEndpoint({
    method: 'POST', path: '/v4/operator/permits/{id}/documents', auth: 'bearer',
    summary: 'Register a document for the customer (the issued permit, an attachment) and get a presigned URL for its bytes',
    params: idParams, body: teamDocumentUploadSchema, response: presignedUploadSchema,
  }),
  reply: creatingEndpoint({
    method: 'POST', path: '/v4/operator/permits/{id}/messages', auth: 'bearer',
    summary: 'Reply to the customer as the permit team, with attachments (the customer is mailed)',
    params: idParams, body: teamReplySchema, response: conversationSchema,
  }),
  templates: endpoint({
    method: 'GET', path: '/v4/operator/templates', auth: 'bearer', summary: 'The stage message templates, one per stage',
    response: v.array(stageTemplateSchema),
  }),
  updateTemplate: endpoint({
    method: 'PUT', path: '/v4/operator/templates/{stage}', auth: 'bearer', summary: "Change a stage's message template (service admin)",
    params: stageParamsSchema, body: stageTemplateInputSchema, response: stageTemplateSchema,
  }),
} as const;
