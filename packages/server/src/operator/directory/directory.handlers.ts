// Handlers of the municipality directory (core's opsQuotes group, directory calls): permit team only.
import type { endpoints } from '@permitdesk/core';
import { auditActor } from '../../http/audit-actor.js';
import type { EndpointHandler } from '../../http/register.js';
import { requireStaff } from '../../staff/staff.js';
import { inTransaction } from '../../db/transaction.js';
import { directoryDetail, searchDirectory, updateDirectory } from './directory.js';

type OpsQuotes = typeof endpoints.opsQuotes;

export const municipalitiesHandler: EndpointHandler<OpsQuotes['municipalities']> = async ({ services, user }, { query }) => {
  await requireStaff(services.db, user.sub);
  return searchDirectory(services.db, query);
};

export const municipalityHandler: EndpointHandler<OpsQuotes['municipality']> = async ({ services, user }, { params }) => {
  await requireStaff(services.db, user.sub);
  return directoryDetail(services.db, params.id);
};

export const updateMunicipalityHandler: EndpointHandler<OpsQuotes['updateMunicipality']> = async ({ services, user, c }, { params, body }) => {
  const role = await requireStaff(services.db, user.sub);
  const actor = auditActor(c, user, role === 'service_admin' ? 'service_admin' : 'permit_team');
  await inTransaction(services.db, (trx) =>
    updateDirectory(trx, actor, params.id, body, services.clock()),
  );
  return directoryDetail(services.db, params.id);
};
