// A company's reminder steps (issue 16): the default 60, 30, 7, 0 until its owner or an administrator
// changes them.
import { DEFAULT_REMINDER_STEPS, normalizeSteps, type ReminderSettings } from '@permitdesk/core';
import { sql } from 'kysely';
import type { Db } from '../../db/schema.js';

export async function reminderSettings(db: Db, companyId: number): Promise<ReminderSettings> {
  const row = await db.selectFrom('company_reminder_settings').select('steps').where('company_id', '=', companyId).executeTakeFirst();
  return row ? { steps: normalizeSteps(row.steps.map(Number)), isDefault: false } : { steps: [...DEFAULT_REMINDER_STEPS], isDefault: true };
}

export async function saveReminderSettings(db: Db, companyId: number, steps: readonly number[], userId: string, now: Date): Promise<ReminderSettings> {
  const normalized = normalizeSteps(steps);
  await sql`
    INSERT INTO company_reminder_settings (company_id, steps, updated_by, updated_at)
    VALUES (${companyId}, ${sql.raw(`ARRAY[${normalized.map((step) => String(Math.trunc(step))).join(',')}]::int[]`)}, ${userId}, ${now})
    ON CONFLICT (company_id) DO UPDATE SET steps = EXCLUDED.steps, updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at`.execute(db);
  return reminderSettings(db, companyId);
}

/** Every company's steps that differ from the default, by company id. */
export async function customSteps(db: Db): Promise<Map<number, number[]>> {
  const rows = await db.selectFrom('company_reminder_settings').select(['company_id', 'steps']).execute();
  return new Map(rows.map((row) => [Number(row.company_id), normalizeSteps(row.steps.map(Number))]));
}
