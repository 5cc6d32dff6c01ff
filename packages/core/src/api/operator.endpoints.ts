// The staff (operator) side under /v4/operator: only users with the staff flag may call these.
import * as v from 'valibot';
import { idParamSchema } from '../schemas/common.js';
import {
  cancellationDecisionSchema,
  inspectionInputSchema,
  inspectionUpdateSchema,
  operatorPermitQuerySchema,
  operatorStageChangeSchema,
  operatorStatusSchema,
} from '../schemas/operator.js';
import { conversationReplySchema, conversationSchema, permitInspectionSchema, permitSchema } from '../schemas/permit.js';
import { creatingEndpoint, endpoint } from './endpoint.js';

const idParams = v.object({ id: idParamSchema });

export const operatorEndpoints = {
  status: endpoint({
    method: 'GET', path: '/v4/operator/status', auth: 'bearer', summary: 'Whether the signed-in user is on the permit team',
    response: operatorStatusSchema,
  }),
  permits: endpoint({
    method: 'GET', path: '/v4/operator/permits', auth: 'bearer', summary: 'Every permit, newest change first (stage, keyword, page, size)',
    query: operatorPermitQuerySchema, response: permitSchema, paging: 'headers',
  }),
  permit: endpoint({
    method: 'GET', path: '/v4/operator/permits/{id}', auth: 'bearer', summary: 'One permit with conversations and its stage timeline',
    params: idParams, response: permitSchema,
  }),
  changeStage: endpoint({
    method: 'PUT', path: '/v4/operator/permits/{id}/stage', auth: 'bearer',
    summary: 'Move a permit to any stage (history recorded, dates and number set when it opens, customer mailed)',
    params: idParams, body: operatorStageChangeSchema, response: permitSchema,
  }),
  addInspection: creatingEndpoint({
    method: 'POST', path: '/v4/operator/permits/{id}/inspections', auth: 'bearer', summary: 'Add an inspection to a permit',
    params: idParams, body: inspectionInputSchema, response: permitInspectionSchema,
  }),
  updateInspection: endpoint({
    method: 'PATCH', path: '/v4/operator/permits/{id}/inspections/{inspectionId}', auth: 'bearer',
    summary: 'Change an inspection (status open, scheduled, passed, failed or canceled)',
    params: v.object({ id: idParamSchema, inspectionId: idParamSchema }), body: inspectionUpdateSchema, response: permitInspectionSchema,
  }),
  reply: creatingEndpoint({
    method: 'POST', path: '/v4/operator/permits/{id}/conversations', auth: 'bearer', summary: 'Reply to the customer as the permit team',
    params: idParams, body: conversationReplySchema, response: conversationSchema,
  }),
  decideCancellation: endpoint({
    method: 'PUT', path: '/v4/operator/permits/{id}/cancellation', auth: 'bearer',
    summary: 'Approve (stage 55 Canceled) or decline (the stage before) a cancellation request',
    params: idParams, body: cancellationDecisionSchema, response: permitSchema,
  }),
} as const;
