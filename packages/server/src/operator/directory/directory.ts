// The municipality directory (issue 12): what the permit team learns about a municipality — the permit
// office's main phone (the widget then shows it: lookups/municipalities.repository.ts reads it), the
// office address, portal, cut-off hour, accepted submission methods, typical turnaround per task, fee and
// filing notes. Every change is versioned in the audit trail (entity 'municipality': who, when, the
// fields before → after), written in the transaction of the change.
import {
  DIRECTORY_MESSAGES,
  SUBMISSION_METHODS,
  type DirectoryDetail,
  type DirectoryEntry,
  type DirectoryMunicipality,
  type DirectoryVersion,
  type Municipality,
  type SubmissionMethod,
} from '@permitdesk/core';
import { changedFields, recordAudit, type AuditActor } from '../../audit/audit.js';
import { badRequest, notFound } from '../../http/errors.js';
import { listMunicipalities, municipalityById } from '../../lookups/municipalities.repository.js';
import { iso, isoOrNull } from '../../rows/values.js';
import type { Db, Tx } from '../../db/schema.js';

export const MUNICIPALITY_NOT_FOUND = 'Municipality not found.';

/** The directory fields as the trail stores them (API names). */
type Fields = Omit<DirectoryEntry, 'updatedAt' | 'updatedByName'>;

export interface DirectoryChange {
  mainPhone: string | null;
  officeAddress: string | null;
  portalUrl: string | null;
  cutoffHour: number | null;
  submissionMethods: SubmissionMethod[];
  turnaround: Record<string, number>;
  feeNotes: string | null;
  filingNotes: string | null;
}

const EMPTY: Fields = {
  mainPhone: null, officeAddress: null, portalUrl: null, cutoffHour: null, submissionMethods: [], turnaround: {}, feeNotes: null, filingNotes: null,
};

const blankToNull = (value: string | null | undefined): string | null => (value === undefined || value === null || value.trim() === '' ? null : value);
const jsonOf = <T>(value: unknown, fallback: T): T => (value === null || value === undefined ? fallback : typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));
/** pg returns text[] as an array; PGlite may too, or as '{a,b}'. */
const textArray = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.replace(/[{}]/g, '').split(',').filter(Boolean) : [];
/** Methods in the catalogue's order, without repeats, so a reordered list is not a change. */
const orderedMethods = (methods: readonly string[]): SubmissionMethod[] => SUBMISSION_METHODS.filter((method) => methods.includes(method));
/** Turnaround with its keys in task-id order, so the same values in another order are not a change. */
const orderedTurnaround = (value: Record<string, number>): Record<string, number> =>
  Object.fromEntries(Object.entries(value).sort(([a], [b]) => Number(a) - Number(b)));

async function entryOf(db: Db, municipalityId: number): Promise<DirectoryEntry> {
  const row = await db
    .selectFrom('municipality_directory as d')
    .leftJoin('users as u', 'u.id', 'd.updated_by')
    .select(['d.main_phone', 'd.office_address', 'd.portal_url', 'd.cutoff_hour', 'd.submission_methods', 'd.turnaround', 'd.fee_notes', 'd.filing_notes', 'd.updated_at', 'u.name as updated_by_name', 'u.email as updated_by_email'])
    .where('d.municipality_id', '=', municipalityId)
    .executeTakeFirst();
  if (!row) return { ...EMPTY, updatedAt: null, updatedByName: null };
  return {
    mainPhone: row.main_phone,
    officeAddress: row.office_address,
    portalUrl: row.portal_url,
    cutoffHour: row.cutoff_hour === null ? null : Number(row.cutoff_hour),
    submissionMethods: orderedMethods(textArray(row.submission_methods)),
    turnaround: orderedTurnaround(jsonOf<Record<string, number>>(row.turnaround, {})),
    feeNotes: row.fee_notes,
    filingNotes: row.filing_notes,
    updatedAt: isoOrNull(row.updated_at),
    updatedByName: row.updated_by_name || row.updated_by_email || null,
  };
}

const mainPhoneOf = (municipality: Municipality): string | null =>
  municipality.phoneNumbers.find((entry) => entry.label.toLowerCase() === 'main')?.phoneNumber ?? null;

const toListItem = (municipality: Municipality, updatedAt: Date | string | null): DirectoryMunicipality => ({
  id: municipality.id,
  name: municipality.name,
  kind: municipality.kind,
  stateCode: municipality.stateCode,
  countyName: municipality.countyName,
  mainPhone: mainPhoneOf(municipality),
  cutoffHour: municipality.permitCutoffHour,
  updatedAt: isoOrNull(updatedAt),
});

/** The directory's search: the public municipality keyword search, with each one's last directory change. */
export async function searchDirectory(db: Db, query: { keyword: string; state: string; page: number; size: number }) {
  const { items, totalCount } = await listMunicipalities(db, { keyword: query.keyword || undefined, state: query.state || undefined, page: query.page, size: query.size });
  const ids = items.map((item) => item.id);
  const updated = ids.length === 0 ? [] : await db.selectFrom('municipality_directory').select(['municipality_id', 'updated_at']).where('municipality_id', 'in', ids).execute();
  const when = new Map(updated.map((row) => [Number(row.municipality_id), row.updated_at]));
  return { items: items.map((item) => toListItem(item, when.get(item.id) ?? null)), page: query.page, size: query.size, totalCount };
}

async function versionsOf(db: Db, municipalityId: number): Promise<DirectoryVersion[]> {
  const rows = await db
    .selectFrom('audit_events as a')
    .leftJoin('users as u', 'u.id', 'a.actor_user_id')
    .select(['a.occurred_at', 'a.before', 'a.after', 'a.request_id', 'u.name', 'u.email'])
    .where('a.entity', '=', 'municipality')
    .where('a.entity_id', '=', String(municipalityId))
    .orderBy('a.id', 'desc')
    .limit(200)
    .execute();
  return rows.map((row) => ({
    occurredAt: iso(row.occurred_at),
    actorName: row.name || null,
    actorEmail: row.email ?? null,
    requestId: row.request_id,
    before: jsonOf<Record<string, unknown>>(row.before, {}),
    after: jsonOf<Record<string, unknown>>(row.after, {}),
  }));
}

export async function directoryDetail(db: Db, municipalityId: number): Promise<DirectoryDetail> {
  const municipality = await municipalityById(db, municipalityId);
  if (!municipality) throw notFound(MUNICIPALITY_NOT_FOUND, 'MUNICIPALITY_NOT_FOUND');
  const [entry, versions] = [await entryOf(db, municipalityId), await versionsOf(db, municipalityId)];
  const updated = entry.updatedAt;
  return { municipality: toListItem(municipality, updated), entry, versions };
}

/** Replaces the entry; the audit row holds only the fields that changed (none changed: nothing is written). */
export async function updateDirectory(trx: Tx, actor: AuditActor, municipalityId: number, change: DirectoryChange, now: Date): Promise<void> {
  const exists = await trx.selectFrom('municipalities').select('id').where('id', '=', municipalityId).executeTakeFirst();
  if (!exists) throw notFound(MUNICIPALITY_NOT_FOUND, 'MUNICIPALITY_NOT_FOUND');
  const taskIds = Object.keys(change.turnaround).map(Number);
  if (taskIds.length > 0) {
    const known = await trx.selectFrom('permit_tasks').select('id').where('id', 'in', taskIds).execute();
    if (known.length !== new Set(taskIds).size) throw badRequest(DIRECTORY_MESSAGES.unknownTask, 'UNKNOWN_TASK', { turnaround: DIRECTORY_MESSAGES.unknownTask });
  }
  // Lock the entry (if any) so two saves are versioned one after the other.
  await trx.selectFrom('municipality_directory').select('municipality_id').where('municipality_id', '=', municipalityId).forUpdate().executeTakeFirst();
  const { updatedAt: _u, updatedByName: _n, ...before } = await entryOf(trx, municipalityId);
  const after: Fields = {
    mainPhone: blankToNull(change.mainPhone),
    officeAddress: blankToNull(change.officeAddress),
    portalUrl: blankToNull(change.portalUrl),
    cutoffHour: change.cutoffHour,
    submissionMethods: orderedMethods(change.submissionMethods),
    turnaround: orderedTurnaround(change.turnaround),
    feeNotes: blankToNull(change.feeNotes),
    filingNotes: blankToNull(change.filingNotes),
  };
  const diff = changedFields(before, after);
  if (!diff) return;
  const values = {
    main_phone: after.mainPhone, office_address: after.officeAddress, portal_url: after.portalUrl, cutoff_hour: after.cutoffHour,
    submission_methods: after.submissionMethods, turnaround: JSON.stringify(after.turnaround), fee_notes: after.feeNotes, filing_notes: after.filingNotes,
    updated_by: actor.userId, updated_at: now,
  };
  await trx
    .insertInto('municipality_directory')
    .values({ municipality_id: municipalityId, ...values })
    .onConflict((oc) => oc.column('municipality_id').doUpdateSet(values))
    .execute();
  await recordAudit(trx, actor, { entity: 'municipality', entityId: municipalityId, action: 'directory_updated', before: diff.before, after: diff.after }, now);
}
