// The pre-filing gate (issue 16): the read check the widget and the dashboard show before submit, and the
// requirements table the permit team edits (staff only; 403 otherwise).
import * as v from 'valibot';
import { idParamSchema, okSchema } from '../schemas/common.js';
import { gateCheckQuerySchema, gateRequirementInputSchema, gateRequirementSchema, gateResultSchema } from '../schemas/gate.js';
import { endpoint } from './endpoint.js';

export const gateEndpoints = {
  check: endpoint({
    method: 'GET', path: '/v4/gate/check', auth: 'bearer',
    summary: 'The pre-filing gate for a task at a municipality: what the company is missing for the work dates',
    query: gateCheckQuerySchema, response: gateResultSchema,
  }),
  requirements: endpoint({
    method: 'GET', path: '/v4/operator/gate-requirements', auth: 'bearer', summary: 'The gate\'s requirements table (permit team)',
    response: v.array(gateRequirementSchema),
  }),
  createRequirement: endpoint({
    method: 'POST', path: '/v4/operator/gate-requirements', auth: 'bearer', summary: 'Add a requirement row (permit team)',
    body: gateRequirementInputSchema, response: gateRequirementSchema,
  }),
  updateRequirement: endpoint({
    method: 'PUT', path: '/v4/operator/gate-requirements/{id}', auth: 'bearer', summary: 'Change a requirement row (permit team)',
    params: v.object({ id: idParamSchema }), body: gateRequirementInputSchema, response: gateRequirementSchema,
  }),
  deleteRequirement: endpoint({
    method: 'DELETE', path: '/v4/operator/gate-requirements/{id}', auth: 'bearer', summary: 'Remove a requirement row (permit team)',
    params: v.object({ id: idParamSchema }), response: okSchema,
  }),
} as const;
