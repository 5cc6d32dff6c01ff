// The permit desk's calls (core's opsDesk group): staff only (403 STAFF_ONLY), a template change for
// service admins only; every change in one transaction with its audit entry.
import type { endpoints } from '@permitdesk/core';
import { auditActor } from '../../http/audit-actor.js';
import type { EndpointHandler } from '../../http/register.js';
import { registerUpload } from '../../permits/documents.js';
import { requireServiceAdmin, requireStaff } from '../../staff/staff.js';
import { recordAudit } from '../../audit/audit.js';
import { inTransaction } from '../../db/transaction.js';
import { loadDesk } from './desk-data.js';
import { updatePermitDesk } from './permit-update.js';
import { findPermit, lockPermit } from './permit-version.js';
import { teamReply } from './team-reply.js';
import { listTemplates, updateTemplate } from './templates.js';

type Desk = typeof endpoints.opsDesk;

export const getDesk: EndpointHandler<Desk['desk']> = async ({ services, user }, { params }) => {
  await requireStaff(services.db, user.sub);
  return loadDesk(services.db, params.id);
};

export const updateDeskPermit: EndpointHandler<Desk['update']> = async ({ services, user, c }, { params, body }) => {
  await requireStaff(services.db, user.sub);
  await inTransaction(services.db, (trx) => updatePermitDesk(trx, auditActor(c, user, 'permit_team'), params.id, body, services.clock()));
  return loadDesk(services.db, params.id);
};

/** The team's document for the customer: registered like the customer's own, shown on their permit page. */
export const uploadTeamDocument: EndpointHandler<Desk['uploadDocument']> = async ({ services, user, c }, { params, body }) => {
  await requireStaff(services.db, user.sub);
  const permit = await findPermit(services.db, params.id);
  return registerUpload(
    services,
    services.db,
    {
      permitId: params.id,
      projectId: permit.project_id,
      fileName: body.fileName,
      contentType: body.contentType,
      size: body.size,
      documentType: body.documentType,
      userId: user.sub,
      actor: auditActor(c, user, 'permit_team'),
      companyId: permit.company_id,
    },
  );
};

export const replyWithAttachments: EndpointHandler<Desk['reply']> = async ({ services, user, c }, { params, body }) => {
  await requireStaff(services.db, user.sub);
  return inTransaction(services.db, async (trx) => {
    await lockPermit(trx, params.id);
    return teamReply(trx, services, auditActor(c, user, 'permit_team'), params.id, body);
  });
};

export const getTemplates: EndpointHandler<Desk['templates']> = async ({ services, user }) => {
  await requireStaff(services.db, user.sub);
  return listTemplates(services.db);
};

export const putTemplate: EndpointHandler<Desk['updateTemplate']> = async ({ services, user, c }, { params, body }) => {
  await requireServiceAdmin(services.db, user.sub);
  return inTransaction(services.db, (trx) => updateTemplate(trx, auditActor(c, user, 'service_admin'), params.stage, body, services.clock()));
};
