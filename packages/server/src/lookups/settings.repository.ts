// Global settings, permit stages and states, as seeded from core's tables.
import { INDIVIDUAL_REQUESTS_CLOSED_MESSAGE, isIndividualRequestAllowed, type GlobalSetting, type PermitStage, type State } from '@permitdesk/core';
import { sql } from 'kysely';
import type { Db } from '../db/schema.js';
import { forbidden } from '../http/errors.js';

export async function globalSettings(db: Db): Promise<GlobalSetting[]> {
  const { rows } = await sql<GlobalSetting>`SELECT setting_key AS "settingKey", value FROM global_settings ORDER BY setting_key`.execute(db);
  return rows;
}

/** SPEC §9: a permit request by someone without a company is refused (403) while INDIVIDUAL_REQUEST_PERMIT is off. */
export async function requireIndividualRequestsOpen(db: Db): Promise<void> {
  if (!isIndividualRequestAllowed(await globalSettings(db))) throw forbidden(INDIVIDUAL_REQUESTS_CLOSED_MESSAGE, 'INDIVIDUAL_REQUESTS_CLOSED');
}

export async function permitStages(db: Db): Promise<PermitStage[]> {
  const { rows } = await sql<PermitStage>`SELECT stage, name FROM permit_stages ORDER BY sort_order, stage`.execute(db);
  return rows;
}

export async function listStates(db: Db): Promise<State[]> {
  const { rows } = await sql<State>`SELECT id, code, name FROM states ORDER BY id`.execute(db);
  return rows;
}

export async function stateById(db: Db, id: number): Promise<State | null> {
  const { rows } = await sql<State>`SELECT id, code, name FROM states WHERE id = ${id}`.execute(db);
  return rows[0] ?? null;
}
