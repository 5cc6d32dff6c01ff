// A permit as GET /v3/permits/{id} answers it: the radar row (inspections, assignments) plus its
// conversations and its stage timeline.
import { stageName, type Conversation, type Permit, type PermitStageHistoryEntry } from '@permitdesk/core';
import { sql } from 'kysely';
import { notFound } from '../http/errors.js';
import { iso } from '../rows/values.js';
import { loadPermits } from './read-model.js';
import { PERMIT_NOT_FOUND } from './access.js';
import type { Db } from '../db/schema.js';

interface MessageRow {
  conversation_id: number;
  subject: string;
  message_id: number | null;
  body: string | null;
  author_role: 'customer' | 'permit_team' | null;
  author_name: string | null;
  created_at: Date | string | null;
  /** json: [{ documentId, fileName }] of the message's attachments, or null. */
  attachments: unknown;
}

const attachmentsOf = (value: unknown): { documentId: number; fileName: string }[] => {
  const list = (typeof value === 'string' ? JSON.parse(value) : value) as { documentId: number; fileName: string }[] | null;
  return (list ?? []).map((a) => ({ documentId: Number(a.documentId), fileName: a.fileName }));
};

/** The conversations of a permit, oldest first, each with its messages and participants. */
export async function loadConversations(db: Db, permitId: number): Promise<Conversation[]> {
  const { rows } = await sql<MessageRow>`
    SELECT c.id AS conversation_id, c.subject, m.id AS message_id, m.body, m.author_role, m.author_name, m.created_at,
      (SELECT json_agg(json_build_object('documentId', d.id, 'fileName', d.file_name) ORDER BY d.id)
         FROM message_attachments a JOIN permit_documents d ON d.id = a.document_id WHERE a.message_id = m.id) AS attachments
    FROM conversations c LEFT JOIN conversation_messages m ON m.conversation_id = c.id
    WHERE c.permit_id = ${permitId}
    ORDER BY c.id, m.created_at, m.id`.execute(db);
  const byId = new Map<number, Conversation>();
  for (const row of rows) {
    const id = Number(row.conversation_id);
    let conversation = byId.get(id);
    if (!conversation) {
      conversation = { id, subject: row.subject, participants: [], messages: [] };
      byId.set(id, conversation);
    }
    if (row.message_id === null || row.author_role === null) continue;
    const author = { name: row.author_name ?? '', role: row.author_role };
    const attachments = attachmentsOf(row.attachments);
    conversation.messages.push({ id: Number(row.message_id), body: row.body ?? '', createdAt: iso(row.created_at!), author, ...(attachments.length ? { attachments } : {}) });
    if (!conversation.participants.some((p) => p.name === author.name && p.role === author.role)) conversation.participants.push(author);
  }
  return [...byId.values()];
}

/** The stage timeline of a permit, oldest first. Changes by the permit team (or by nobody: imports) show as the team's. */
export async function loadStageHistory(db: Db, permitId: number): Promise<PermitStageHistoryEntry[]> {
  const { rows } = await sql<{ id: number; from_stage: number | null; to_stage: number; changed_at: Date | string; note: string | null; by_customer: boolean }>`
    SELECT h.id, h.from_stage, h.to_stage, h.changed_at, h.note,
      (h.changed_by IS NOT NULL AND NOT COALESCE(u.staff, false)) AS by_customer
    FROM permit_stage_history h LEFT JOIN users u ON u.id = h.changed_by
    WHERE h.permit_id = ${permitId}
    ORDER BY h.changed_at, h.id`.execute(db);
  return rows.map((row) => ({
    id: Number(row.id),
    stage: row.to_stage,
    name: stageName(row.to_stage),
    fromStage: row.from_stage,
    changedAt: iso(row.changed_at),
    changedBy: row.by_customer ? 'customer' : 'permit_team',
    note: row.note,
  }));
}

/** One permit with everything the permit page shows; 404 when it does not exist. */
export async function permitDetail(db: Db, permitId: number): Promise<Permit> {
  const [permit] = await loadPermits(db, [permitId]);
  if (!permit) throw notFound(PERMIT_NOT_FOUND, 'PERMIT_NOT_FOUND');
  const [conversations, stageHistory] = await Promise.all([loadConversations(db, permitId), loadStageHistory(db, permitId)]);
  return { ...permit, conversations, stageHistory };
}

/** Permits without their conversations (lists, projects). */
export const permitRows = (db: Db, ids: readonly number[]): Promise<Permit[]> => loadPermits(db, ids);
