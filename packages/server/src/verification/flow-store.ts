// The signup_flows rows: one in-progress sign-up per address, its mailed secrets, keys and throttling.
import type { SignupFlowState } from '@permitdesk/core';
import type { Selectable } from 'kysely';
import type { Db } from '../db/schema.js';
import type { SignupFlowsTable } from '../db/tables/signup.js';
import { FLOW_LIMITS } from './flow-limits.js';
import { hashToken, newFlowKey, sameDigest } from './secrets.js';

export type FlowRow = Selectable<SignupFlowsTable>;

const later = (now: Date, ms: number) => new Date(now.getTime() + ms);

/** The live flow of an address; an expired one is removed and counts as none. */
export async function findFlow(db: Db, email: string, now: Date): Promise<FlowRow | null> {
  const row = await db.selectFrom('signup_flows').selectAll().where('email', '=', email).executeTakeFirst();
  if (!row) return null;
  if (row.expires_at <= now) {
    await db.deleteFrom('signup_flows').where('id', '=', row.id).execute();
    return null;
  }
  return row;
}

/** Whether `key` is one of the flow's keys in use (a suspended key is not). */
export async function keyMatches(db: Db, flowId: number, key: string | undefined | null): Promise<boolean> {
  return (await keyState(db, flowId, key)) === 'active';
}

/**
 * What `key` is to the flow: one of its keys in use, one suspended when the mailed link was opened on
 * another device, or nothing.
 */
export async function keyState(db: Db, flowId: number, key: string | undefined | null): Promise<'active' | 'suspended' | null> {
  if (!key) return null;
  const row = await db
    .selectFrom('signup_flow_keys')
    .select('suspended_at')
    .where('key_hash', '=', hashToken(key))
    .where('flow_id', '=', flowId)
    .executeTakeFirst();
  if (!row) return null;
  return row.suspended_at === null ? 'active' : 'suspended';
}

/**
 * The mailed link was opened: every key in use stops working (suspended, not deleted: the devices
 * holding them may still ask whether the address was verified) except `keep`, the key the opening
 * browser itself holds (the same browser, e.g. another tab); a new key is handed out.
 */
export async function suspendKeys(db: Db, flowId: number, now: Date, keep?: string): Promise<string> {
  let update = db.updateTable('signup_flow_keys').set({ suspended_at: now }).where('flow_id', '=', flowId).where('suspended_at', 'is', null);
  if (keep) update = update.where('key_hash', '!=', hashToken(keep));
  await update.execute();
  return addKey(db, flowId);
}

/** The mailbox owner hands the sign-up back to the devices the link suspended. */
export async function resumeSuspendedKeys(db: Db, flowId: number): Promise<number> {
  const result = await db
    .updateTable('signup_flow_keys')
    .set({ suspended_at: null })
    .where('flow_id', '=', flowId)
    .where('suspended_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Whether `token` is the flow's current mailed link token, still valid. */
export const linkTokenMatches = (flow: FlowRow, token: string, now: Date): boolean =>
  flow.code_expires_at > now && sameDigest(flow.link_token_hash, hashToken(token));

/** Hands out one more key for the flow (to a device that proved the mailbox). */
export async function addKey(db: Db, flowId: number): Promise<string> {
  const key = newFlowKey();
  await db.insertInto('signup_flow_keys').values({ key_hash: hashToken(key), flow_id: flowId }).execute();
  return key;
}

/** Revokes every key of the flow and hands out a single new one. */
export async function replaceKeys(db: Db, flowId: number): Promise<string> {
  await db.deleteFrom('signup_flow_keys').where('flow_id', '=', flowId).execute();
  return addKey(db, flowId);
}

/** Keeps only `key`: every other device's key stops working. */
export async function keepOnlyKey(db: Db, flowId: number, key: string): Promise<void> {
  await db.deleteFrom('signup_flow_keys').where('flow_id', '=', flowId).where('key_hash', '!=', hashToken(key)).execute();
}

export interface MailSecrets {
  codeHash: string;
  linkTokenHash: string;
  firstName: string | null;
  location: string;
}

export type PrepareMailResult = { kind: 'ready'; flow: FlowRow; key: string } | { kind: 'throttled' };

/**
 * Stores fresh mailed secrets for an address. With a valid key of the live flow this is a resend (the
 * flow, its state and keys stay); without one the flow starts over: its state, verification and keys are
 * dropped, so a new key never reveals what an earlier visitor saved. Mail throttling and an OTP lock
 * survive a restart, so starting over cannot be used to get around them.
 */
export async function prepareMail(db: Db, email: string, key: string | undefined, secrets: MailSecrets, now: Date): Promise<PrepareMailResult> {
  const existing = await findFlow(db, email, now);
  const fresh = {
    code_hash: secrets.codeHash,
    link_token_hash: secrets.linkTokenHash,
    code_expires_at: later(now, FLOW_LIMITS.codeTtlMs),
    first_name: secrets.firstName,
    location: secrets.location,
    failed_attempts: 0,
    expires_at: later(now, FLOW_LIMITS.flowTtlMs),
    updated_at: now,
  };
  if (!existing) {
    // New flows sweep the abandoned ones (indexed by expires_at), so old records do not pile up.
    await db.deleteFrom('signup_flows').where('expires_at', '<=', now).execute();
    const flow = await db
      .insertInto('signup_flows')
      .values({ email, ...fresh, mail_count: 1, mail_window_started_at: now, created_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { kind: 'ready', flow, key: await addKey(db, flow.id) };
  }

  const windowOver = existing.mail_window_started_at.getTime() + FLOW_LIMITS.mailWindowMs <= now.getTime();
  const mailCount = windowOver ? 0 : existing.mail_count;
  if (mailCount >= FLOW_LIMITS.mailsPerWindow) return { kind: 'throttled' };

  const resend = await keyMatches(db, existing.id, key);
  const flow = await db
    .updateTable('signup_flows')
    .set({
      ...fresh,
      mail_count: mailCount + 1,
      mail_window_started_at: windowOver ? now : existing.mail_window_started_at,
      ...(resend ? {} : { state: null, verified_at: null }),
    })
    .where('id', '=', existing.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { kind: 'ready', flow, key: resend && key ? key : await replaceKeys(db, flow.id) };
}

export async function saveState(db: Db, flowId: number, state: SignupFlowState, now: Date): Promise<FlowRow> {
  return db
    .updateTable('signup_flows')
    .set({ state: JSON.stringify(state), expires_at: later(now, FLOW_LIMITS.flowTtlMs), updated_at: now })
    .where('id', '=', flowId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function markFlowVerified(db: Db, flowId: number, now: Date): Promise<FlowRow> {
  return db
    .updateTable('signup_flows')
    .set((eb) => ({
      verified_at: eb.fn.coalesce('verified_at', eb.val(now)),
      failed_attempts: 0,
      expires_at: later(now, FLOW_LIMITS.flowTtlMs),
      updated_at: now,
    }))
    .where('id', '=', flowId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Takes one code attempt, atomically: the row lock orders concurrent guesses, so at most
 * maxOtpFailures guesses get through per lock period. Null when the address is locked.
 */
export async function takeOtpAttempt(db: Db, flowId: number, now: Date): Promise<FlowRow | null> {
  const row = await db
    .updateTable('signup_flows')
    .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
    .where('id', '=', flowId)
    .where('failed_attempts', '<', FLOW_LIMITS.maxOtpFailures)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

/** After a wrong code: lock the address once the attempts are used up. */
export async function lockIfExhausted(db: Db, flow: FlowRow, now: Date): Promise<void> {
  if (flow.failed_attempts < FLOW_LIMITS.maxOtpFailures) return;
  await db
    .updateTable('signup_flows')
    .set({ locked_until: later(now, FLOW_LIMITS.otpLockMs), failed_attempts: 0 })
    .where('id', '=', flow.id)
    .execute();
}

export async function deleteFlow(db: Db, flowId: number): Promise<void> {
  await db.deleteFrom('signup_flows').where('id', '=', flowId).execute();
}
