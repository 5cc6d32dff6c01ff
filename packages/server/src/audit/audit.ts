// The audit trail: one row per change, written with the caller's handle so it commits or rolls back
// with the change itself. Every area that changes a permit, project, company, role, invitation, vault
// item, quote or municipality calls recordAudit inside its transaction.
import type { Db } from '../db/schema.js';

/**
 * 'setting': the workspace's settings (SLA targets, ...), changed by a service admin. 'account': a user's
 * own security and account steps (two-step sign-in, sign out everywhere, export, deletion; issue 18).
 */
export type AuditEntity = 'permit' | 'project' | 'company' | 'role' | 'invitation' | 'vault_item' | 'quote' | 'municipality' | 'setting' | 'account';
export type AuditActorRole = 'customer' | 'permit_team' | 'service_admin' | 'system';

/** Who acted, and in which request (the X-Request-Id the client saw). */
export interface AuditActor {
  userId: string | null;
  role: AuditActorRole;
  requestId: string | null;
}

export const SYSTEM_ACTOR: AuditActor = { userId: null, role: 'system', requestId: null };

type Fields = Record<string, unknown>;

export interface AuditEntry {
  entity: AuditEntity;
  entityId: string | number;
  /** What happened, in the trail's words: 'stage_changed', 'assigned', 'created', 'updated', ... */
  action: string;
  companyId?: number | null;
  permitId?: number | null;
  /** Shown on the customer's permit page too (the team's internal notes and assignments are not). */
  customerVisible?: boolean;
  before?: Fields | null;
  after?: Fields | null;
}

const json = (value: Fields | null | undefined): string | null => (value ? JSON.stringify(value) : null);

export async function recordAudit(db: Db, actor: AuditActor, entry: AuditEntry, now?: Date): Promise<void> {
  await db
    .insertInto('audit_events')
    .values({
      ...(now ? { occurred_at: now } : {}),
      actor_user_id: actor.userId,
      actor_role: actor.role,
      entity: entry.entity,
      entity_id: String(entry.entityId),
      action: entry.action,
      company_id: entry.companyId ?? null,
      permit_id: entry.permitId ?? null,
      customer_visible: entry.customerVisible ?? false,
      before: json(entry.before),
      after: json(entry.after),
      request_id: actor.requestId,
    })
    .execute();
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Only the fields that differ, as the before → after pair the trail stores (null when nothing changed). */
export function changedFields(before: Fields, after: Fields): { before: Fields; after: Fields } | null {
  const keys = Object.keys(after).filter((key) => !same(before[key], after[key]));
  if (keys.length === 0) return null;
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(keys.map((key) => [key, after[key] ?? null])),
  };
}
