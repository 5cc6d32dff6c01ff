// The CSV exports (issue 18): the radar's view and a company's vault tables, for a bearer caller or a
// signed download link's user. Access is the radar search's (radarScopeOf) and the vault's
// (requireVaultReaderById), checked again at every download.
import type { endpoints } from '@permitdesk/core';
import { requireVaultReaderById } from '../compliance/access.js';
import type { Db } from '../db/schema.js';
import type { EndpointHandler } from '../http/register.js';
import type { RadarSearchParams } from '../projects/search/radar-filters.js';
import { radarScopeOf } from '../projects/search/scope.js';
import { csvHeaders } from '../rows/csv.js';
import { checkExportLink, signExportLink, type CheckedLink } from './export-links.js';
import { radarCsvStream } from './radar-export.js';
import { vaultCsvStream } from './vault-export.js';

type Exports = typeof endpoints.exports;

async function radarDownload(db: Db, userId: string, query: RadarSearchParams, now: Date): Promise<Response> {
  const scope = await radarScopeOf(db, userId, query.companyId ?? null);
  const name = `project-radar-${scope.companyId !== null ? `company-${scope.companyId}` : 'personal'}`;
  return new Response(radarCsvStream(db, scope, query, now), { headers: csvHeaders(name) });
}

async function vaultDownload(db: Db, userId: string, link: Extract<CheckedLink, { companyId: number }>): Promise<Response> {
  await requireVaultReaderById(db, userId, link.companyId);
  return new Response(vaultCsvStream(db, link.export, link.companyId, link.query), { headers: csvHeaders(`company-${link.companyId}-${link.export}`) });
}

export const radarCsv: EndpointHandler<Exports['radarCsv']> = ({ services, user }, { query }) =>
  radarDownload(services.db, user.sub, query, services.clock());

export const vaultCsv: EndpointHandler<Exports['vaultCsv']> = ({ services, user }, { params, query }) =>
  vaultDownload(services.db, user.sub, { userId: user.sub, export: params.file, companyId: params.id, query });

/** A link only for an export the caller may read now (403 otherwise, as the export itself answers). */
export const createExportLink: EndpointHandler<Exports['createLink']> = async ({ services, user }, { body }) => {
  const db = services.db;
  if (body.export === 'radar') await radarScopeOf(db, user.sub, body.query.companyId ?? null);
  else await requireVaultReaderById(db, user.sub, body.companyId);
  return signExportLink(services.exportLinks, services.config.PUBLIC_URL, user.sub, body, services.clock());
};

export const downloadExport: EndpointHandler<Exports['download']> = ({ services, c }) => {
  const now = services.clock();
  const link = checkExportLink(services.exportLinks, new URL(c.req.url).searchParams, now);
  return link.export === 'radar' ? radarDownload(services.db, link.userId, link.query, now) : vaultDownload(services.db, link.userId, link);
};
