// Companies, their roles and the company-name lookup (catalogue: companies.create (also by invitation)/list/get/update,
// companies.roles, roles.remove/update, companyLookups.companyInfo).
import { endpoints } from '@permitdesk/core';
import type { App } from '../http/context.js';
import { registerEndpoint } from '../http/register.js';
import { createAnsweringCompany } from '../invitations/answer.js';
import { invitationCtx } from '../invitations/invitation-context.js';

const c = endpoints.companies;

export function registerCompanyRoutes(app: App): void {
  registerEndpoint(app, c.create, async ({ services, user }, { body, query }) => {
    const input = { name: body.name, address: body.address ?? null, fromURL: body.fromURL ?? null };
    return query.invitation === undefined
      ? services.companies.create(input, user.sub)
      : createAnsweringCompany(await invitationCtx(services, user), query.invitation, input);
  });
  registerEndpoint(app, c.list, ({ services, user }) => services.companies.list(user.sub));
  registerEndpoint(app, c.get, ({ services, user }, { params }) => services.companies.get(params.id, user.sub));
  registerEndpoint(app, c.update, ({ services, user }, { params, body }) => services.companies.update(params.id, user.sub, body));
  registerEndpoint(app, c.roles, async ({ services, user }, { params }) => ({
    companyId: params.id,
    roles: await services.companies.roles(params.id, user.sub),
  }));
  registerEndpoint(app, endpoints.roles.remove, async ({ services, user }, { params }) => {
    await services.companies.removeRole(params.id, user.sub);
    return { ok: true } as const;
  });
  registerEndpoint(app, endpoints.roles.update, ({ services, user }, { params, body }) =>
    services.companies.updateRole(params.id, user.sub, body),
  );
  registerEndpoint(app, endpoints.companyLookups.companyInfo, ({ services }, { query }) => services.companies.findByName(query.key));
}
