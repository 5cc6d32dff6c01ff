// The platform's projects seen from PermitDesk: the list and the details (with the connection's access
// token), the import (name, address through the widget's own address resolution, customer → a new
// PermitDesk project, linked), and the embed's context (the linked project's address and customer).
import { postalAddressSchema, type PlatformEmbedContext, type PlatformProject, type PostalAddress } from '@permitdesk/core';
import * as v from 'valibot';
import { requireRoleInCompany } from '../companies/company-access.js';
import { inTransaction } from '../db/transaction.js';
import { HttpError, notFound } from '../http/errors.js';
import type { AuthUser } from '../identity/user.js';
import { PROJECT_CREATOR_ROLES, requireProjectAccess } from '../permits/access.js';
import { insertProject, oneLineAddress } from '../projects/projects.repository.js';
import type { AuditActor } from '../audit/audit.js';
import type { AppServices } from '../services.js';
import { apiFor, liveConnection, platformCall, type ConnectionRow } from './connections.js';
import type { RemoteProject } from './platform-api.js';
import { PLATFORM_MESSAGES } from './settings.js';
import { conflict } from '../http/errors.js';

type Services = Pick<AppServices, 'db' | 'config' | 'clock' | 'mail' | 'secretBox' | 'log' | 'geo'>;

async function connectionFor(services: Services, user: AuthUser, companyId: number): Promise<ConnectionRow> {
  await requireRoleInCompany(services.db, user.sub, companyId, PROJECT_CREATOR_ROLES);
  const row = await liveConnection(services.db, companyId);
  if (!row) throw conflict(PLATFORM_MESSAGES.notConnected, 'PLATFORM_NOT_CONNECTED');
  return row;
}

async function linkedIds(services: Services, connectionId: string): Promise<Map<string, number>> {
  const rows = await services.db.selectFrom('platform_project_links').select(['platform_project_id', 'project_id']).where('connection_id', '=', connectionId).execute();
  return new Map(rows.map((r) => [r.platform_project_id, r.project_id]));
}

export async function listPlatformProjects(services: Services, user: AuthUser, companyId: number): Promise<PlatformProject[]> {
  const row = await connectionFor(services, user, companyId);
  const { api } = await apiFor(services, row);
  const projects = await platformCall(() => api.projects());
  const links = await linkedIds(services, row.id);
  return projects.map((p) => ({ ...p, linkedProjectId: links.get(p.id) ?? null }));
}

export async function platformProject(services: Services, user: AuthUser, companyId: number, platformProjectId: string): Promise<PlatformProject> {
  const row = await connectionFor(services, user, companyId);
  const { api } = await apiFor(services, row);
  const project = await platformCall(() => api.project(platformProjectId));
  if (!project) throw notFound(PLATFORM_MESSAGES.projectNotFound, 'PLATFORM_PROJECT_NOT_FOUND');
  return { ...project, linkedProjectId: (await linkedIds(services, row.id)).get(project.id) ?? null };
}

interface Resolved {
  address: PostalAddress;
  latitude: number | null;
  longitude: number | null;
  addressId: string | null;
}

/** The platform's address through the widget's resolution (services.geo): search, then geocode the best match. */
export async function resolveAddress(services: Pick<AppServices, 'geo'>, project: RemoteProject): Promise<Resolved> {
  const a = project.address;
  const typed = [a.line1, a.line2, a.city, `${a.state} ${a.postalCode}`].filter((part) => part && part.trim()).join(', ');
  const [best] = await services.geo.addresses.search(typed, 1).catch(() => []);
  const geocoded = best ? await services.geo.addresses.geocode(best.id).catch(() => null) : null;
  if (geocoded) {
    const parsed = v.safeParse(postalAddressSchema, {
      streetAddress: geocoded.streetAddress || a.line1,
      streetModifier: geocoded.streetModifier ?? a.line2,
      city: geocoded.city,
      state: geocoded.state,
      postalCode: geocoded.postalCode || geocoded.zip,
    });
    if (parsed.success) return { address: parsed.output, latitude: geocoded.latitude, longitude: geocoded.longitude, addressId: best ? best.id : null };
  }
  // Not found by the provider: the address as the platform wrote it, when it is a whole US address.
  const asTyped = v.safeParse(postalAddressSchema, { streetAddress: a.line1, streetModifier: a.line2, city: a.city, state: a.state, postalCode: a.postalCode });
  if (!asTyped.success) throw new HttpError(422, PLATFORM_MESSAGES.addressUnresolved, 'PLATFORM_ADDRESS_UNRESOLVED');
  return { address: asTyped.output, latitude: null, longitude: null, addressId: null };
}

export async function importPlatformProject(
  services: Services,
  user: AuthUser,
  input: { companyId: number; platformProjectId: string },
  actor: AuditActor,
): Promise<{ projectId: number; created: boolean; address: PostalAddress; customerName: string; municipalityId: number | null }> {
  const row = await connectionFor(services, user, input.companyId);
  const { api } = await apiFor(services, row);
  const project = await platformCall(() => api.project(input.platformProjectId));
  if (!project) throw notFound(PLATFORM_MESSAGES.projectNotFound, 'PLATFORM_PROJECT_NOT_FOUND');

  const existing = await services.db
    .selectFrom('platform_project_links as l')
    .innerJoin('projects as p', 'p.id', 'l.project_id')
    .select(['p.id', 'p.street_address', 'p.street_modifier', 'p.city', 'p.state', 'p.postal_code', 'p.customer_name', 'p.municipality_id'])
    .where('l.connection_id', '=', row.id)
    .where('l.platform_project_id', '=', project.id)
    .executeTakeFirst();
  if (existing) {
    return {
      projectId: existing.id,
      created: false,
      address: { streetAddress: existing.street_address, streetModifier: existing.street_modifier, city: existing.city, state: existing.state, postalCode: existing.postal_code },
      customerName: existing.customer_name,
      municipalityId: existing.municipality_id,
    };
  }

  const resolved = await resolveAddress(services, project);
  const located =
    resolved.latitude !== null && resolved.longitude !== null
      ? services.geo.locate(resolved.latitude, resolved.longitude, { city: resolved.address.city, state: resolved.address.state, zip: resolved.address.postalCode })
      : null;
  const customerName = project.customer.name.trim() || project.name;
  const now = services.clock();
  const projectId = await inTransaction(services.db, async (trx) => {
    const id = await insertProject(trx, {
      companyId: input.companyId,
      createdBy: user.sub,
      actor,
      name: project.name.slice(0, 200),
      customerName: customerName.slice(0, 200),
      address: resolved.address,
      addressId: resolved.addressId,
      latitude: resolved.latitude,
      longitude: resolved.longitude,
      municipalityId: located?.id ?? null,
      customerPhoneNumber: project.customer.phone,
      now,
    });
    await trx
      .insertInto('platform_project_links')
      .values({
        connection_id: row.id,
        project_id: id,
        platform_project_id: project.id,
        platform_project_name: project.name,
        platform_address: oneLineAddress(resolved.address),
        customer_name: project.customer.name,
        customer_email: project.customer.email,
        customer_phone: project.customer.phone,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return id;
  });
  return { projectId, created: true, address: resolved.address, customerName, municipalityId: located?.id ?? null };
}

/** The embed's context: the PermitDesk project linked to this platform project that the user may see. */
export async function embedContext(services: Services, user: AuthUser, platformProjectId: string): Promise<PlatformEmbedContext> {
  const links = await services.db
    .selectFrom('platform_project_links as l')
    .innerJoin('platform_connections as c', 'c.id', 'l.connection_id')
    .innerJoin('company_users as cu', (join) => join.onRef('cu.company_id', '=', 'c.company_id').on('cu.user_id', '=', user.sub).on('cu.active', '=', true))
    .innerJoin('projects as p', 'p.id', 'l.project_id')
    .select(['l.project_id', 'l.platform_project_id', 'l.customer_name', 'l.customer_email', 'l.customer_phone', 'c.company_id', 'p.name', 'p.street_address', 'p.street_modifier', 'p.city', 'p.state', 'p.postal_code', 'p.latitude', 'p.longitude', 'p.customer_name as project_customer'])
    .where('l.platform_project_id', '=', platformProjectId)
    .where('c.status', '=', 'connected')
    .execute();
  for (const link of links) {
    try {
      await requireProjectAccess(services.db, user.sub, link.project_id, 'view-only');
    } catch {
      continue;
    }
    const address: PostalAddress = { streetAddress: link.street_address, streetModifier: link.street_modifier, city: link.city, state: link.state, postalCode: link.postal_code };
    return {
      projectId: link.project_id,
      companyId: link.company_id,
      platformProjectId: link.platform_project_id,
      name: link.name,
      address,
      oneLineAddress: oneLineAddress(address),
      latitude: link.latitude === null ? null : Number(link.latitude),
      longitude: link.longitude === null ? null : Number(link.longitude),
      customer: { name: link.customer_name ?? link.project_customer, email: link.customer_email, phone: link.customer_phone },
    };
  }
  throw notFound(PLATFORM_MESSAGES.linkNotFound, 'PLATFORM_LINK_NOT_FOUND');
}
