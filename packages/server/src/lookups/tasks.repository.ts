// The permit task catalogue as the API shows it: tasks, trades, inspections in perform order, fees.
import type { Fee, InspectionTemplate, PermitService, Task, TaskDetail } from '@permitdesk/core';
import { sql } from 'kysely';
import type { Db } from '../db/schema.js';


export async function listTasks(db: Db): Promise<Task[]> {
  const { rows } = await sql<Task>`SELECT id, name FROM permit_tasks WHERE active ORDER BY sort_order, id`.execute(db);
  return rows;
}

/** Tasks grouped by trade, trades in catalogue order. */
export async function permitServices(db: Db): Promise<PermitService[]> {
  const { rows } = await sql<Task & { category: string }>`
    SELECT id, name, category FROM permit_tasks WHERE active ORDER BY sort_order, id`.execute(db);
  const groups = new Map<string, Task[]>();
  for (const row of rows) {
    const list = groups.get(row.category) ?? [];
    list.push({ id: row.id, name: row.name });
    groups.set(row.category, list);
  }
  return [...groups].map(([category, tasks]) => ({ category, tasks }));
}

export async function taskInspections(db: Db, taskId: number): Promise<InspectionTemplate[]> {
  const { rows } = await sql<{ id: number; task_id: number; name: string; perform_order: number }>`
    SELECT id, task_id, name, perform_order FROM task_inspections WHERE task_id = ${taskId} ORDER BY perform_order, id`.execute(db);
  return rows.map((row) => ({ id: row.id, taskId: row.task_id, name: row.name, performOrder: row.perform_order }));
}

export async function taskFees(db: Db, taskId: number): Promise<Fee[]> {
  const { rows } = await sql<{ id: number; task_id: number; name: string; amount_cents: number }>`
    SELECT id, task_id, name, amount_cents FROM task_fees WHERE task_id = ${taskId} ORDER BY sort_order, id`.execute(db);
  return rows.map((row) => ({ id: row.id, taskId: row.task_id, name: row.name, amount: row.amount_cents / 100 }));
}

export async function taskExists(db: Db, taskId: number): Promise<boolean> {
  const { rows } = await sql`SELECT 1 FROM permit_tasks WHERE id = ${taskId}`.execute(db);
  return rows.length > 0;
}

/** One task; `include` is a comma list that may name 'inspections' and 'fees'. */
export async function taskDetail(db: Db, taskId: number, include: string | undefined): Promise<TaskDetail | null> {
  const { rows } = await sql<{ id: number; name: string; category: string; description: string }>`
    SELECT id, name, category, description FROM permit_tasks WHERE id = ${taskId}`.execute(db);
  const row = rows[0];
  if (!row) return null;
  const wanted = new Set((include ?? '').split(',').map((part) => part.trim().toLowerCase()));
  return {
    ...row,
    ...(wanted.has('inspections') ? { inspections: await taskInspections(db, taskId) } : {}),
    ...(wanted.has('fees') ? { fees: await taskFees(db, taskId) } : {}),
  };
}
