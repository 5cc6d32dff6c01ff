// Guest grants (issue 13): the lists of a company's guest grants both ways and ending one. Inviting and
// approving are the invitation calls of SPEC §7.5 (POST /guest-access, PUT /guest-access/{id}/approve).
import * as v from 'valibot';
import { idParamSchema } from '../schemas/common.js';
import { guestGrantListSchema, guestGrantSchema } from '../schemas/guest-access.js';
import { endpoint } from './endpoint.js';

export const guestAccessEndpoints = {
  list: endpoint({
    method: 'GET', path: '/v4/invitations/guest-access', auth: 'bearer', summary: 'The guest grants a company gave and received, with what each shows',
    query: v.object({ company: idParamSchema }), response: guestGrantListSchema,
  }),
  end: endpoint({
    method: 'PUT', path: '/v4/invitations/guest-access/grants/{grantId}/end', auth: 'bearer',
    summary: 'End a guest grant: the host revokes it or the guest leaves (owners and administrators of either side)',
    params: v.object({ grantId: idParamSchema }), response: guestGrantSchema, returnsErrorBody: true,
  }),
} as const;
