// The audit trail's reads (issue 12): a permit's trail for whoever may read the permit (customer-safe
// entries, the team shown as the permit team), every entry of it for the permit team, a company's trail
// for its owner, and the CSV export of any trail for a service admin.
import type { endpoints } from '@permitdesk/core';
import { auditCsvStream, countAuditEntries, customerView, listAuditEntries } from '../audit/audit-trail.js';
import { NO_COMPANY_ACCESS, roleInCompany } from '../companies/company-access.js';
import { forbidden, notFound } from '../http/errors.js';
import type { EndpointHandler } from '../http/register.js';
import { PERMIT_NOT_FOUND, requirePermitAccess } from '../permits/access.js';
import { requireServiceAdmin, requireStaff } from '../staff/staff.js';

type Audit = typeof endpoints.audit;

export const COMPANY_OWNER_ONLY_MESSAGE = "Only the company's owner can see its activity.";

export const permitActivity: EndpointHandler<Audit['permitActivity']> = async ({ services, user }, { params }) => {
  const db = services.db;
  await requirePermitAccess(db, user.sub, params.id, 'view-only');
  const entries = await listAuditEntries(db, { permitId: params.id, customerVisibleOnly: true }, { order: 'asc', limit: 1000 });
  return entries.map(customerView);
};

export const operatorPermitActivity: EndpointHandler<Audit['operatorPermitActivity']> = async ({ services, user }, { params }) => {
  const db = services.db;
  await requireStaff(db, user.sub);
  const permit = await db.selectFrom('permits').select('id').where('id', '=', params.id).executeTakeFirst();
  if (!permit) throw notFound(PERMIT_NOT_FOUND, 'PERMIT_NOT_FOUND');
  return listAuditEntries(db, { permitId: params.id }, { order: 'asc', limit: 5000 });
};

export const companyActivity: EndpointHandler<Audit['companyActivity']> = async ({ services, user }, { params, query }) => {
  const db = services.db;
  const role = await roleInCompany(db, user.sub, params.id);
  if (role === null) throw forbidden(NO_COMPANY_ACCESS, 'COMPANY_FORBIDDEN');
  if (role !== 'owner') throw forbidden(COMPANY_OWNER_ONLY_MESSAGE, 'OWNER_ONLY');
  const filter = { companyId: params.id };
  const [items, totalCount] = await Promise.all([
    listAuditEntries(db, filter, { order: 'desc', limit: query.size, offset: (query.page - 1) * query.size }),
    countAuditEntries(db, filter),
  ]);
  return { items, page: query.page, size: query.size, totalCount };
};

export const exportActivityCsv: EndpointHandler<Audit['exportCsv']> = async ({ services, user }, { query }) => {
  await requireServiceAdmin(services.db, user.sub);
  const name = ['audit-trail', query.entity, query.entityId, query.companyId && `company-${query.companyId}`, query.permitId && `permit-${query.permitId}`]
    .filter(Boolean)
    .join('-')
    .replace(/[^\w.-]/g, '_');
  return new Response(auditCsvStream(services.db, query), {
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${name}.csv"`, 'cache-control': 'no-store' },
  });
};
