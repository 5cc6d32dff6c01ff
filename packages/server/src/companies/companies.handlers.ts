// Companies, their roles and the company-name lookup: each handler calls the companies service with the
// signed-in user. (companies.create answers invitations too: it is served by invitations/.)
import { endpoints } from '@permitdesk/core';
import { auditActor } from '../http/audit-actor.js';
import type { EndpointHandler } from '../http/register.js';
import { transferOwner as transferOwnerRole } from './owner-transfer.js';

const c = endpoints.companies;

export const listCompanies: EndpointHandler<typeof c.list> = ({ services, user }) => services.companies.list(user.sub);
export const getCompany: EndpointHandler<typeof c.get> = ({ services, user }, { params }) => services.companies.get(params.id, user.sub);
export const updateCompany: EndpointHandler<typeof c.update> = ({ services, user, c: ctx }, { params, body }) =>
  services.companies.update(params.id, user.sub, body, auditActor(ctx, user, 'customer'));

export const companyRoles: EndpointHandler<typeof c.roles> = async ({ services, user }, { params }) => ({
  companyId: params.id,
  roles: await services.companies.roles(params.id, user.sub),
});

export const removeRole: EndpointHandler<typeof endpoints.roles.remove> = async ({ services, user, c: ctx }, { params }) => {
  await services.companies.removeRole(params.id, user.sub, auditActor(ctx, user, 'customer'));
  return { ok: true } as const;
};

export const updateRole: EndpointHandler<typeof endpoints.roles.update> = ({ services, user, c: ctx }, { params, body }) =>
  services.companies.updateRole(params.id, user.sub, body, auditActor(ctx, user, 'customer'));

export const companyInfo: EndpointHandler<typeof endpoints.companyLookups.companyInfo> = ({ services }, { query }) => services.companies.findByName(query.key);

/** The sign-up flow's company step asks as the name is typed; the answer is only a boolean. */
export const companyNameAvailable: EndpointHandler<typeof endpoints.lookups.companyNameAvailable> = async ({ services }, { query }) => ({
  available: (await services.companies.findByName(query.name)).length === 0,
});

export const transferOwner: EndpointHandler<typeof c.transferOwner> = async ({ services, user, c: ctx }, { params, body }) => {
  await transferOwnerRole(services.db, params.id, user.sub, body.userId, auditActor(ctx, user, 'customer'));
  return { ok: true } as const;
};
