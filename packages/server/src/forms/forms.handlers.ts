// Handlers of the form engine's calls: definitions (public), the entry prefill, submissions, the license
// lookup, and the integration records that form 32 stores.
import { USABLE_ROLES, type endpoints, type FormId } from '@permitdesk/core';
import { lookupLicenses, stateCodeOf, toLicenseLookup } from '../compliance/license-lookup.js';
import { auditActor } from '../http/audit-actor.js';
import { requireCompanyRole } from '../http/authz.js';
import { badRequest, HttpError, notFound } from '../http/errors.js';
import type { EndpointHandler } from '../http/register.js';
import { requirePermitAccess } from '../permits/access.js';
import { assertMunicipality } from '../permits/permits.repository.js';
import { formDefinition } from './definitions.js';
import { buildEntryData, submitterOf } from './entry-data.js';
import { submitForm } from './submit.js';

type Forms = typeof endpoints.forms;
type Integrations = typeof endpoints.integrations;

export const INTEGRATION_NOT_FOUND = 'Integration record not found.';

export const formDefinitionHandler: EndpointHandler<Forms['definition']> = (_ctx, { params }) => formDefinition(params.formId as FormId);

export const entryDataHandler: EndpointHandler<Forms['entryData']> = async ({ services, user }, { params, query }) => {
  // Forms 31 and 50 are about an existing permit; 52 (and 32 without a permit) start from an address.
  if ((params.formId === 31 || params.formId === 50) && query.permitId === undefined) {
    throw badRequest('PermitId is required.', 'VALIDATION_ERROR', { permitId: 'PermitId is required.' });
  }
  return buildEntryData(services, user, query);
};

export const submitFormHandler: EndpointHandler<Forms['submit']> = async ({ services, user, c }, { params, body }) => {
  const { contact, staff } = await submitterOf(services.db, user.sub);
  return submitForm(services, user, params.formId as FormId, body, { actor: auditActor(c, user, staff ? 'permit_team' : 'customer'), contact });
};

export const licenseLookupHandler: EndpointHandler<Forms['licenseLookup']> = async ({ services, user }, { params, query }) => {
  await requireCompanyRole({ services, user }, params.id, USABLE_ROLES);
  const db = services.db;
  await assertMunicipality(db, query.municipalityID);
  const stateCode = query.stateID ? await stateCodeOf(db, query.stateID) : null;
  return toLicenseLookup(await lookupLicenses(db, params.id, query.municipalityID, stateCode));
};

/** Form 32's records: visible to whoever stored them and to those who may see their permit. */
export const integrationRecordHandler: EndpointHandler<Integrations['webhook']> = async ({ services, user }, { params }) => {
  const db = services.db;
  const row = await db.selectFrom('form_entries').select(['integration_id', 'permit_id', 'user_id', 'created_at']).where('integration_id', '=', params.id).executeTakeFirst();
  if (!row) throw notFound(INTEGRATION_NOT_FOUND, 'INTEGRATION_NOT_FOUND');
  if (row.user_id !== user.sub) {
    if (row.permit_id === null) throw notFound(INTEGRATION_NOT_FOUND, 'INTEGRATION_NOT_FOUND');
    try {
      await requirePermitAccess(db, user.sub, row.permit_id, 'view-only');
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) throw notFound(INTEGRATION_NOT_FOUND, 'INTEGRATION_NOT_FOUND');
      throw error;
    }
  }
  return { integrationId: row.integration_id!, permitId: row.permit_id, createdAt: new Date(row.created_at).toISOString() };
};
