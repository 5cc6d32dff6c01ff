// Replies on a permit's conversation: customers write as 'customer', the permit team as 'permit_team'.
// A reply without a conversation id goes to the permit's newest conversation (one is started if none).
import type { Conversation } from '@permitdesk/core';
import { recordAudit, type AuditActor } from '../audit/audit.js';
import { notFound } from '../http/errors.js';
import { loadConversations } from './permit-details.js';
import { recordProjectUpdate } from './project-updates.js';
import type { Tx } from '../db/schema.js';

/** The name the permit team's messages carry. */
export const PERMIT_TEAM_NAME = 'Permit Team';

export interface Reply {
  permitId: number;
  conversationId?: number | undefined;
  subject?: string | undefined;
  body: string;
  author: { userId: string; name: string; role: 'customer' | 'permit_team' };
  /** Who wrote it, for the audit trail. */
  actor: AuditActor;
  now: Date;
}

export async function addReply(trx: Tx, reply: Reply): Promise<Conversation> {
  const permit = await trx
    .selectFrom('permits as r')
    .innerJoin('projects as p', 'p.id', 'r.project_id')
    .innerJoin('permit_tasks as t', 't.id', 'r.task_id')
    .select(['r.id', 'r.stage', 'r.project_id', 'p.company_id', 'p.owner_user_id', 'p.customer_name', 't.name as task_name'])
    .where('r.id', '=', reply.permitId)
    .executeTakeFirst();
  if (!permit) throw notFound('Permit not found.', 'PERMIT_NOT_FOUND');

  let conversationId = reply.conversationId;
  if (conversationId !== undefined) {
    const found = await trx.selectFrom('conversations').select('id').where('id', '=', conversationId).where('permit_id', '=', reply.permitId).executeTakeFirst();
    if (!found) throw notFound('Conversation not found.', 'CONVERSATION_NOT_FOUND');
  } else {
    const latest = await trx.selectFrom('conversations').select('id').where('permit_id', '=', reply.permitId).orderBy('id', 'desc').executeTakeFirst();
    conversationId =
      latest?.id ??
      (
        await trx
          .insertInto('conversations')
          .values({ permit_id: reply.permitId, subject: reply.subject || `${permit.task_name} permit for ${permit.customer_name}`, created_at: reply.now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
  }
  const message = await trx
    .insertInto('conversation_messages')
    .values({
      conversation_id: conversationId,
      author_role: reply.author.role,
      author_name: reply.author.name,
      author_user_id: reply.author.userId,
      body: reply.body,
      created_at: reply.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await recordAudit(
    trx,
    reply.actor,
    {
      entity: 'permit',
      entityId: reply.permitId,
      action: 'message_added',
      companyId: permit.company_id,
      permitId: reply.permitId,
      customerVisible: true,
      before: null,
      after: { conversationId, messageId: Number(message.id), author: reply.author.name },
    },
    reply.now,
  );

  // The customer hears about the permit team's answers through the Updates badge.
  if (reply.author.role === 'permit_team') {
    await recordProjectUpdate(trx, permit, {
      stage: permit.stage,
      message: `The permit team replied about the ${permit.task_name} permit for ${permit.customer_name}.`,
      createdAt: reply.now,
    });
  }
  const conversations = await loadConversations(trx, reply.permitId);
  return conversations.find((c) => c.id === conversationId)!;
}
