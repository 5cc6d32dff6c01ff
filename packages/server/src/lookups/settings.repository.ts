// Global settings, permit stages and states, as seeded from core's tables.
import type { GlobalSetting, PermitStage, State } from '@permitdesk/core';
import { sql } from 'kysely';
import type { Db } from '../db/schema.js';


export async function globalSettings(db: Db): Promise<GlobalSetting[]> {
  const { rows } = await sql<GlobalSetting>`SELECT setting_key AS "settingKey", value FROM global_settings ORDER BY setting_key`.execute(db);
  return rows;
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
