// The form engine: definitions of forms 52, 31, 32, 50 as data, the entry prefill, and submissions.
import * as v from 'valibot';
import { idParamSchema } from '../schemas/common.js';
import { formDefinitionSchema, formEntryResultSchema, formSubmissionSchema, licenseLookupSchema, permitFormEntrySchema } from '../schemas/forms.js';
import { creatingEndpoint, endpoint } from './endpoint.js';

const formIdParam = v.object({ formId: v.pipe(v.string(), v.picklist(['52', '31', '32', '50']), v.transform(Number)) });

export const formEndpoints = {
  definition: endpoint({
    method: 'GET', path: '/v4/forms/{formId}', auth: 'none', summary: 'A form definition: its fields as data',
    params: formIdParam, response: formDefinitionSchema,
  }),
  entryData: endpoint({
    method: 'GET', path: '/v4/forms/{formId}/entry-data', auth: 'bearer',
    summary: 'The entry prefill for a task at an address (or an existing permit), license lookup included',
    params: formIdParam,
    query: v.object({
      taskId: v.optional(idParamSchema),
      municipalityId: v.optional(idParamSchema),
      addressId: v.optional(v.pipe(v.string(), v.maxLength(300))),
      addressLine2: v.optional(v.pipe(v.string(), v.maxLength(100))),
      permitId: v.optional(idParamSchema),
      companyId: v.optional(idParamSchema),
    }),
    response: permitFormEntrySchema,
  }),
  submit: creatingEndpoint({
    method: 'POST', path: '/v4/forms/{formId}/entries', auth: 'bearer',
    summary: 'Submit a form: 52 creates a project and permit, 31 applies for a permit, 50 requests cancellation',
    params: formIdParam, body: formSubmissionSchema, response: formEntryResultSchema,
  }),
  licenseLookup: endpoint({
    method: 'GET', path: '/v4/companies/{id}/data-collection/licenses-fors', auth: 'bearer',
    summary: 'State and local licenses of a company for a municipality',
    params: v.object({ id: idParamSchema }),
    query: v.object({ municipalityID: idParamSchema, stateID: v.optional(v.pipe(v.string(), v.maxLength(10))) }),
    response: licenseLookupSchema,
  }),
} as const;
