// Moving a permit to another stage: the one place that records the timeline, sets the dates and the
// permit number when the permit opens, withdraws a declined cancellation, writes the project update
// behind the Updates badge, and mails the customer when the permit team moved it (unless drip e-mail
// is off). Runs inside the caller's transaction.
import { STAGE, derivePermitStatus, isDripEmailOn, stageEntry, stageName, statusMessage, STATUS_MESSAGES } from '@permitdesk/core';
import { sql } from 'kysely';
import { changedFields, recordAudit, type AuditActor } from '../audit/audit.js';
import { badRequest, notFound } from '../http/errors.js';
import { globalSettings } from '../lookups/settings.repository.js';
import type { AppServices } from '../services.js';
import { PERMIT_NOT_FOUND } from './access.js';
import { permitRows } from './permit-details.js';
import { checkPermitVersion } from './permit-version.js';
import { recordProjectUpdate } from './project-updates.js';
import { customerRecipient } from './recipients.js';
import { mailStatusSubscribers } from './status-links/notify.js';
import type { Tx } from '../db/schema.js';

/** An issued permit stays valid this long unless the permit team says otherwise. */
export const PERMIT_VALIDITY_DAYS = 180;
const DAY_MS = 24 * 60 * 60 * 1000;

export type ChangedBy = 'customer' | 'permit_team';

export interface StageChange {
  permitId: number;
  stage: number;
  userId: string;
  by: ChangedBy;
  /** Who changed it, for the audit trail. */
  actor: AuditActor;
  /** The version the change was made on (the permit team's changes); 409 PERMIT_CHANGED when it moved meanwhile. */
  expectedVersion?: number | null | undefined;
  note?: string | null | undefined;
  permitNumber?: string | null | undefined;
  issuedAt?: string | null | undefined;
  expiresAt?: string | null | undefined;
  estCompletionAt?: string | null | undefined;
}

export interface StageChangeResult {
  fromStage: number;
  toStage: number;
  changed: boolean;
  /** The permit's version after the change. */
  version: number;
}

type Services = Pick<AppServices, 'clock' | 'config' | 'mail' | 'secretBox'>;

interface PermitForUpdate {
  id: number;
  stage: number;
  project_id: number;
  issued_at: Date | string | null;
  expires_at: Date | string | null;
  est_completion_at: Date | string | null;
  permit_number: string | null;
  version: number;
  created_by: string | null;
  project_created_by: string | null;
  owner_user_id: string | null;
  company_id: number | null;
  customer_name: string;
  task_name: string;
  state_code: string;
}

/** 'CA-2026-000042': the municipality's state, the year it opened, the permit id. */
export const generatePermitNumber = (stateCode: string, openedAt: Date, permitId: number): string =>
  `${stateCode}-${openedAt.getUTCFullYear()}-${String(permitId).padStart(6, '0')}`;

const when = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

export async function changeStage(trx: Tx, services: Services, change: StageChange): Promise<StageChangeResult> {
  if (!stageEntry(change.stage)) throw badRequest(`Unknown stage: ${change.stage}.`, 'UNKNOWN_STAGE', { stage: `Unknown stage: ${change.stage}.` });
  const { rows } = await sql<PermitForUpdate>`
    SELECT r.id, r.stage, r.project_id, r.issued_at, r.expires_at, r.est_completion_at, r.permit_number, r.version, r.created_by::text AS created_by,
           p.created_by::text AS project_created_by, p.owner_user_id::text AS owner_user_id, p.company_id, p.customer_name,
           t.name AS task_name, m.state_code
    FROM permits r JOIN projects p ON p.id = r.project_id JOIN permit_tasks t ON t.id = r.task_id JOIN municipalities m ON m.id = r.municipality_id
    WHERE r.id = ${change.permitId} FOR UPDATE OF r`.execute(trx);
  const permit = rows[0];
  if (!permit) throw notFound(PERMIT_NOT_FOUND, 'PERMIT_NOT_FOUND');
  // The row is locked: a concurrent change waits here, then reads the version the first one wrote.
  checkPermitVersion(permit.version, change.expectedVersion);

  const now = services.clock();
  const changed = permit.stage !== change.stage;
  // Every change bumps the version (the permit team's changes carry the one they were made on); the SLA
  // clock restarts when the stage changes.
  const set: Record<string, unknown> = { stage: change.stage, updated_at: now, version: sql`version + 1` };
  if (changed) set.stage_entered_at = now;
  if (change.stage === STAGE.Open) {
    const issued = change.issuedAt ? new Date(change.issuedAt) : (when(permit.issued_at) ?? now);
    set.issued_at = issued;
    set.expires_at = change.expiresAt ? new Date(change.expiresAt) : (when(permit.expires_at) ?? new Date(issued.getTime() + PERMIT_VALIDITY_DAYS * DAY_MS));
    set.permit_number = change.permitNumber ?? permit.permit_number ?? generatePermitNumber(permit.state_code, issued, permit.id);
  }
  // What the permit team states explicitly wins at any stage (null clears it).
  if (change.issuedAt !== undefined) set.issued_at = change.issuedAt === null ? null : new Date(change.issuedAt);
  if (change.expiresAt !== undefined) set.expires_at = change.expiresAt === null ? null : new Date(change.expiresAt);
  if (change.estCompletionAt !== undefined) set.est_completion_at = change.estCompletionAt === null ? null : new Date(change.estCompletionAt);
  if (change.permitNumber !== undefined && change.permitNumber !== '') set.permit_number = change.permitNumber;
  const updated = await trx
    .updateTable('permits')
    .set(set)
    .where('id', '=', permit.id)
    .returning(['version', 'issued_at', 'expires_at', 'est_completion_at', 'permit_number'])
    .executeTakeFirstOrThrow();
  const version = Number(updated.version);
  await auditStageChange(trx, change.actor, permit, change, updated, now);

  if (!changed) return { fromStage: permit.stage, toStage: change.stage, changed, version };

  await trx
    .insertInto('permit_stage_history')
    .values({ permit_id: permit.id, from_stage: permit.stage, to_stage: change.stage, changed_by: change.userId, note: change.note ?? null, changed_at: now })
    .execute();
  // Leaving 'pending cancellation' for anything but 'canceled' declines the request.
  if (permit.stage === STAGE.PendingCancellation && change.stage !== STAGE.Canceled) {
    await trx.updateTable('cancellation_requests').set({ resolved_at: now }).where('permit_id', '=', permit.id).where('resolved_at', 'is', null).execute();
  }

  const name = stageName(change.stage);
  await recordProjectUpdate(trx, permit, {
    stage: change.stage,
    message: `${permit.task_name} permit for ${permit.customer_name} moved to ${name}.`,
    createdAt: now,
  });

  if (change.by === 'permit_team') await mailCustomer(trx, services, permit, change, now);
  // The homeowner's status page (issue 16): its confirmed subscribers hear of every stage change.
  await mailStatusSubscribers(trx, services, permit.id, change.stage, now);
  return { fromStage: permit.stage, toStage: change.stage, changed, version };
}

const isoOf = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** The trail's entry: 'stage_changed' (stage and version before → after), or 'updated' with the dates and number set. */
async function auditStageChange(
  trx: Tx,
  actor: AuditActor,
  permit: PermitForUpdate,
  change: StageChange,
  updated: { version: number; issued_at: Date | string | null; expires_at: Date | string | null; est_completion_at: Date | string | null; permit_number: string | null },
  now: Date,
): Promise<void> {
  const fields = (row: { issued_at: Date | string | null; expires_at: Date | string | null; est_completion_at: Date | string | null; permit_number: string | null }) => ({
    permitNumber: row.permit_number,
    issuedAt: isoOf(row.issued_at),
    expiresAt: isoOf(row.expires_at),
    estCompletionAt: isoOf(row.est_completion_at),
  });
  const details = changedFields(fields(permit), fields(updated));
  const stageChanged = permit.stage !== change.stage;
  await recordAudit(
    trx,
    actor,
    {
      entity: 'permit',
      entityId: permit.id,
      action: stageChanged ? 'stage_changed' : 'updated',
      companyId: permit.company_id,
      permitId: permit.id,
      customerVisible: true,
      before: { ...(stageChanged ? { stage: permit.stage } : {}), ...details?.before, version: Number(permit.version) },
      after: { ...(stageChanged ? { stage: change.stage } : {}), ...details?.after, version: Number(updated.version), ...(change.note ? { note: change.note } : {}) },
    },
    now,
  );
}

/** The stage update mail to whoever asked for the permit, unless the drip_email setting is off. */
async function mailCustomer(trx: Tx, services: Services, permit: PermitForUpdate, change: StageChange, now: Date): Promise<void> {
  if (!isDripEmailOn(await globalSettings(trx))) return;
  const recipient = await customerRecipient(trx, permit.id);
  if (!recipient) return;
  const [current] = await permitRows(trx, [permit.id]);
  const status = current ? derivePermitStatus(current, now) : null;
  const message = change.note ?? (status && STATUS_MESSAGES[status] ? statusMessage(status) : null);
  await services.mail.send(
    'permit_stage_update',
    recipient.email,
    {
      name: recipient.name || null,
      permitId: permit.id,
      customerName: permit.customer_name,
      stageName: stageName(change.stage),
      message,
      link: `${services.config.PUBLIC_URL}/projects/${permit.project_id}/${permit.id}`,
    },
    { db: trx },
  );
}
