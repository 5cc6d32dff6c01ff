// Bulk actions of the queue: assign permits to an operator, move permits to one stage with one message.
// Each permit comes with the version the operator saw; one that changed since is left alone and
// reported as a conflict (with what it is now), the others proceed. Each permit is its own transaction:
// the change, its audit entry and its mails commit together.
import { stageName, type OpsBulkResult } from '@permitdesk/core';
import { sql } from 'kysely';
import { recordAudit, type AuditActor } from '../../audit/audit.js';
import { badRequest } from '../../http/errors.js';
import { changeStage } from '../../permits/stage-change.js';
import type { AppServices } from '../../services.js';
import { staffRole } from '../../staff/staff.js';
import type { Tx } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';

export const ASSIGNEE_NOT_STAFF = 'Permits can only be assigned to a member of the permit team.';

type Services = Pick<AppServices, 'db' | 'clock' | 'config' | 'mail' | 'secretBox'>;
type Result = OpsBulkResult['results'][number];
interface PermitVersion {
  id: number;
  version: number;
}

interface LockedPermit {
  id: number;
  version: number;
  stage: number;
  assigned_to: string | null;
  assignee_name: string | null;
  company_id: number | null;
  customer_name: string;
}

async function lockPermit(trx: Tx, id: number): Promise<LockedPermit | undefined> {
  const { rows } = await sql<LockedPermit>`
    SELECT r.id, r.version, r.stage, r.assigned_to::text AS assigned_to, u.name AS assignee_name, p.company_id, p.customer_name
    FROM permits r JOIN projects p ON p.id = r.project_id LEFT JOIN users u ON u.id = r.assigned_to
    WHERE r.id = ${id} FOR UPDATE OF r`.execute(trx);
  return rows[0];
}

const person = (id: string | null, name: string | null) => (id ? { id, name: name || 'Operator' } : null);
const outcome = (permit: LockedPermit, kind: Result['outcome']): Result => ({
  id: Number(permit.id),
  outcome: kind,
  version: Number(permit.version),
  stage: Number(permit.stage),
  assignee: person(permit.assigned_to, permit.assignee_name),
});
const missing = (id: number): Result => ({ id, outcome: 'notFound', version: null, stage: null, assignee: null });

/** Runs one permit's change in its own transaction after the version check. */
async function eachPermit(
  services: Services,
  permits: readonly PermitVersion[],
  change: (trx: Tx, permit: LockedPermit) => Promise<void>,
): Promise<OpsBulkResult> {
  const results: Result[] = [];
  const seen = new Set<number>();
  for (const { id, version } of permits) {
    if (seen.has(id)) continue;
    seen.add(id);
    results.push(
      await inTransaction(services.db, async (trx) => {
        const permit = await lockPermit(trx, id);
        if (!permit) return missing(id);
        if (Number(permit.version) !== version) return outcome(permit, 'conflict');
        await change(trx, permit);
        return outcome((await lockPermit(trx, id))!, 'ok');
      }),
    );
  }
  return { results };
}

export async function bulkAssign(
  services: Services,
  actor: AuditActor,
  input: { permits: readonly PermitVersion[]; assignee: string | null },
): Promise<OpsBulkResult> {
  const assignee = input.assignee
    ? await services.db.selectFrom('users').select(['id', 'email', 'name']).where('id', '=', input.assignee).executeTakeFirst()
    : null;
  if (input.assignee && (!assignee || !(await staffRole(services.db, input.assignee)))) {
    throw badRequest(ASSIGNEE_NOT_STAFF, 'ASSIGNEE_NOT_STAFF', { assignee: ASSIGNEE_NOT_STAFF });
  }
  const now = services.clock();
  return eachPermit(services, input.permits, async (trx, permit) => {
    if (permit.assigned_to === (input.assignee ?? null)) return;
    await trx
      .updateTable('permits')
      .set({ assigned_to: input.assignee, version: sql`version + 1`, updated_at: now })
      .where('id', '=', permit.id)
      .execute();
    await recordAudit(trx, actor, {
      entity: 'permit',
      entityId: permit.id,
      action: 'assigned',
      permitId: permit.id,
      companyId: permit.company_id,
      before: { assignedTo: permit.assigned_to, assigneeName: permit.assignee_name },
      after: { assignedTo: input.assignee, assigneeName: assignee?.name ?? null },
    }, now);
    if (assignee && assignee.id !== actor.userId) {
      await services.mail.send(
        'permit_assigned',
        assignee.email,
        { name: assignee.name || null, permitId: Number(permit.id), customerName: permit.customer_name, stageName: stageName(Number(permit.stage)), link: `${services.config.PUBLIC_URL}/ops/permits/${permit.id}` },
        { db: trx },
      );
    }
  });
}

export async function bulkMoveStage(
  services: Services,
  actor: AuditActor & { userId: string },
  input: { permits: readonly PermitVersion[]; stage: number; message?: string | null | undefined },
): Promise<OpsBulkResult> {
  const note = input.message?.trim() || null;
  return eachPermit(services, input.permits, async (trx, permit) => {
    // changeStage writes the audit entry and mails the customer.
    await changeStage(trx, services, { permitId: permit.id, stage: input.stage, userId: actor.userId, by: 'permit_team', note, actor });
  });
}
