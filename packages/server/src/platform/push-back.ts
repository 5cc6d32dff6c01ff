// Push back ("create documents", SPEC §7.7): what PermitDesk knows about a linked project becomes documents
// in the platform project: each issued permit (number, dates), each inspection result, and the company's
// compliance documents (each valid license, insurance policy and certificate: a renewal, a new expiry date
// or file, is a new document, so the platform project always holds the current one). A sweep finds
// what is due (a row per source, unique: nothing twice) and a delivery sends it, retried with backoff while
// the platform fails or the connection is broken; nothing is dropped, and the owner sees every failure.
import { stageName, type PlatformDocument } from '@permitdesk/core';
import { requireRoleInCompany } from '../companies/company-access.js';
import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { PlatformDocumentsTable } from '../db/tables/platform.js';
import { notFound } from '../http/errors.js';
import type { AuthUser } from '../identity/user.js';
import { iso } from '../rows/values.js';
import { VAULT_KINDS, type ItemRow, type VaultKind } from '../compliance/vault-items.js';
import type { AppServices } from '../services.js';
import { apiFor, liveConnection, CONNECT_ROLES } from './connections.js';

type Services = Pick<AppServices, 'db' | 'config' | 'clock' | 'mail' | 'secretBox' | 'log'>;
type DocumentRow = Selectable<PlatformDocumentsTable>;

const backoffMs = (attempts: number) => Math.min(60 * 60_000, 30_000 * 2 ** Math.max(0, attempts - 1));

export function toPlatformDocument(row: DocumentRow): PlatformDocument {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    projectId: row.project_id,
    permitId: row.permit_id,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    nextAttemptAt: row.status === 'sent' ? null : iso(row.next_attempt_at),
    sentAt: row.sent_at ? iso(row.sent_at) : null,
    createdAt: iso(row.created_at),
  };
}

/**
 * A document already queued for the link's connection under this source key: the sweep runs every 30 s and
 * reads only what is new (the unique (connection_id, source_key) index answers it), not every issued permit again.
 */
const notQueued = (sourceKey: RawBuilder<string>) =>
  sql<boolean>`NOT EXISTS (SELECT 1 FROM platform_documents d WHERE d.connection_id = l.connection_id AND d.source_key = ${sourceKey})`;

/** Queues a document for every issued permit and every inspection result of the linked projects. */
export async function sweepDocuments(services: Pick<AppServices, 'db' | 'clock'>): Promise<number> {
  const now = services.clock();
  const permits = await services.db
    .selectFrom('platform_project_links as l')
    .innerJoin('platform_connections as c', 'c.id', 'l.connection_id')
    .innerJoin('permits as p', 'p.project_id', 'l.project_id')
    .innerJoin('permit_tasks as t', 't.id', 'p.task_id')
    .select(['l.connection_id', 'l.project_id', 'p.id as permit_id', 'p.permit_number', 'p.issued_at', 'p.expires_at', 'p.stage', 't.name as task_name'])
    .where('c.status', '<>', 'revoked')
    .where('p.issued_at', 'is not', null)
    .where('p.permit_number', 'is not', null)
    .where(notQueued(sql`'permit:' || p.id || ':issued'`))
    .execute();
  const inspections = await services.db
    .selectFrom('platform_project_links as l')
    .innerJoin('platform_connections as c', 'c.id', 'l.connection_id')
    .innerJoin('permits as p', 'p.project_id', 'l.project_id')
    .innerJoin('permit_inspections as i', 'i.permit_id', 'p.id')
    .select(['l.connection_id', 'l.project_id', 'p.id as permit_id', 'p.permit_number', 'i.id as inspection_id', 'i.inspection_name', 'i.status', 'i.completed_at', 'i.result_notes'])
    .where('c.status', '<>', 'revoked')
    .where('i.status', 'in', ['passed', 'failed'])
    .where(notQueued(sql`'inspection:' || i.id || ':' || i.status`))
    .execute();
  const compliance = await sweepComplianceSources(services.db, services.clock());
  const rows = [
    ...compliance,
    ...permits.map((p) => ({
      connection_id: p.connection_id,
      project_id: p.project_id,
      permit_id: p.permit_id,
      kind: 'permit' as const,
      source_key: `permit:${p.permit_id}:issued`,
      title: `Permit ${p.permit_number} – ${p.task_name}`,
      body: JSON.stringify({ permitId: p.permit_id, permitNumber: p.permit_number, task: p.task_name, stage: stageName(p.stage), issuedAt: p.issued_at ? iso(p.issued_at) : null, expiresAt: p.expires_at ? iso(p.expires_at) : null }),
    })),
    ...inspections.map((i) => ({
      connection_id: i.connection_id,
      project_id: i.project_id,
      permit_id: i.permit_id,
      kind: 'inspection' as const,
      source_key: `inspection:${i.inspection_id}:${i.status}`,
      title: `Inspection ${i.status}: ${i.inspection_name}${i.permit_number ? ` (permit ${i.permit_number})` : ''}`,
      body: JSON.stringify({ permitId: i.permit_id, inspection: i.inspection_name, result: i.status, completedAt: i.completed_at ? iso(i.completed_at) : null, notes: i.result_notes }),
    })),
  ];
  if (rows.length === 0) return 0;
  const inserted = await services.db
    .insertInto('platform_documents')
    .values(rows.map((r) => ({ ...r, status: 'pending' as const, next_attempt_at: now, created_at: now })))
    .onConflict((oc) => oc.columns(['connection_id', 'source_key']).doNothing())
    .returning('id')
    .execute();
  return inserted.length;
}

/** The vault items a connected company's linked projects carry: active, not expired today. */
async function sweepComplianceSources(db: Services['db'], now: Date) {
  const today = now.toISOString().slice(0, 10);
  const links = await db
    .selectFrom('platform_project_links as l')
    .innerJoin('platform_connections as c', 'c.id', 'l.connection_id')
    .select(['l.connection_id', 'l.project_id', 'c.company_id'])
    .where('c.status', '<>', 'revoked')
    .execute();
  if (links.length === 0) return [];
  const companies = [...new Set(links.map((l) => l.company_id))];
  const items: ComplianceSource[] = [];
  for (const kind of Object.keys(VAULT_KINDS) as VaultKind[]) {
    const found = await db
      .selectFrom(VAULT_KINDS[kind].table)
      .select(['id', 'company_id', 'name', 'number', 'issuer', 'state_code', 'issued_on', 'expires_on', 'document_id'])
      .where('company_id', 'in', companies)
      .where('status', '=', 'active')
      .where((eb) => eb.or([eb('expires_on', 'is', null), eb('expires_on', '>=', today)]))
      .execute();
    items.push(...found.map((item) => ({ kind, ...item, expires_on: dateOnly(item.expires_on), issued_on: dateOnly(item.issued_on) })));
  }
  return links.flatMap((link) =>
    items
      .filter((item) => item.company_id === link.company_id)
      .map((item) => ({
        connection_id: link.connection_id,
        project_id: link.project_id,
        permit_id: null,
        kind: 'compliance' as const,
        source_key: `compliance:${item.kind}:${item.id}:${item.expires_on ?? 'open'}:${item.document_id ?? 'nofile'}`,
        title: `${COMPLIANCE_TITLES[item.kind]}: ${item.name}${item.number ? ` (${item.number})` : ''}${item.expires_on ? ` – valid through ${item.expires_on}` : ''}`,
        body: JSON.stringify({ type: item.kind, name: item.name, number: item.number, issuer: item.issuer, state: item.state_code, issuedOn: item.issued_on, expiresOn: item.expires_on, hasFile: item.document_id !== null }),
      })),
  );
}

type ComplianceSource = { kind: VaultKind } & Pick<ItemRow, 'id' | 'company_id' | 'name' | 'number' | 'issuer' | 'state_code' | 'issued_on' | 'expires_on' | 'document_id'>;

const COMPLIANCE_TITLES: Record<VaultKind, string> = { license: 'License', insurance: 'Insurance', certificate: 'Certificate' };
const dateOnly = (value: Date | string | null): string | null => (value === null ? null : typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10));

/** Sends one document; on failure it waits (backoff) and says why. */
export async function deliverDocument(services: Services, row: DocumentRow): Promise<DocumentRow> {
  const now = services.clock();
  const connection = await services.db.selectFrom('platform_connections').selectAll().where('id', '=', row.connection_id).executeTakeFirstOrThrow();
  const link = await services.db.selectFrom('platform_project_links').select('platform_project_id').where('project_id', '=', row.project_id).executeTakeFirst();
  try {
    if (!link) throw new Error('The project is no longer linked to a platform project.');
    const { api } = await apiFor(services, connection);
    const created = await api.createDocument(link.platform_project_id, { title: row.title, kind: row.kind, externalId: `permitdesk:${row.source_key}`, body: row.body });
    return await services.db
      .updateTable('platform_documents')
      .set({ status: 'sent', attempts: row.attempts + 1, platform_document_id: created.id || null, sent_at: now, last_error: null })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    const attempts = row.attempts + 1;
    return services.db
      .updateTable('platform_documents')
      .set({ status: 'failed', attempts, last_error: error instanceof Error ? error.message : String(error), next_attempt_at: new Date(now.getTime() + backoffMs(attempts)) })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
}

/** Delivers due documents (the worker's step); a broken connection's wait until it is reconnected. */
export async function deliverDueDocuments(services: Services, limit = 20): Promise<number> {
  const due = await services.db
    .selectFrom('platform_documents as d')
    .innerJoin('platform_connections as c', 'c.id', 'd.connection_id')
    .selectAll('d')
    .where('d.status', '<>', 'sent')
    .where('d.next_attempt_at', '<=', services.clock())
    .where('c.status', '=', 'connected')
    .orderBy('d.id')
    .limit(limit)
    .execute();
  for (const row of due) await deliverDocument(services, row);
  return due.length;
}

export async function listDocuments(services: Services, user: AuthUser, companyId: number): Promise<PlatformDocument[]> {
  await requireRoleInCompany(services.db, user.sub, companyId, ['owner', 'administrator', 'pm', 'user']);
  const rows = await services.db
    .selectFrom('platform_documents as d')
    .innerJoin('platform_connections as c', 'c.id', 'd.connection_id')
    .selectAll('d')
    .where('c.company_id', '=', companyId)
    .orderBy('d.id', 'desc')
    .limit(200)
    .execute();
  return rows.map(toPlatformDocument);
}

/** The owner's "send again now". */
export async function retryDocument(services: Services, user: AuthUser, id: number): Promise<PlatformDocument> {
  const row = await services.db
    .selectFrom('platform_documents as d')
    .innerJoin('platform_connections as c', 'c.id', 'd.connection_id')
    .selectAll('d')
    .select('c.company_id')
    .where('d.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('Document not found.', 'NOT_FOUND');
  try {
    await requireRoleInCompany(services.db, user.sub, row.company_id, CONNECT_ROLES);
  } catch {
    throw notFound('Document not found.', 'NOT_FOUND');
  }
  const { company_id: companyId, ...document } = row;
  if (document.status === 'sent') return toPlatformDocument(document);
  if (!(await liveConnection(services.db, companyId))) return toPlatformDocument(document);
  return toPlatformDocument(await deliverDocument(services, document));
}

