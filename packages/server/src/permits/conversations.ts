// Replies on a permit's conversation: customers write as 'customer', the permit team as 'permit_team'.
// A reply without a conversation id goes to the permit's newest conversation (one is started if none).
// With the mail services given, the other side hears of it: the customer of each reply by the team (with
// the link to their permit page), the assigned operator of each message from the customer (with the link
// to the permit desk). The team's replies may carry attachments: permit documents of type 'attachment'.
import type { Conversation } from '@permitdesk/core';
import { recordAudit, type AuditActor } from '../audit/audit.js';
import { badRequest, notFound } from '../http/errors.js';
import type { AppServices } from '../services.js';
import { loadConversations } from './permit-details.js';
import { recordProjectUpdate } from './project-updates.js';
import { assignedOperator, customerRecipient } from './recipients.js';
import type { Tx } from '../db/schema.js';

export const ATTACHMENT_NOT_FOUND = 'An attachment is not a file uploaded to this permit.';
export const ATTACHMENT_TAKEN = 'An attachment was already sent with another message.';
/** The document type of a file sent with a message. */
export const ATTACHMENT_TYPE = 'attachment';
/** How much of a message a notification mail quotes. */
const EXCERPT_LENGTH = 500;
const excerpt = (body: string): string => (body.length > EXCERPT_LENGTH ? `${body.slice(0, EXCERPT_LENGTH - 1)}…` : body);

type MailServices = Pick<AppServices, 'config' | 'mail'>;

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
  /** Permit documents uploaded for this message (the team's replies). */
  attachmentIds?: readonly number[] | undefined;
}

export async function addReply(trx: Tx, reply: Reply, services?: MailServices): Promise<Conversation> {
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
  const attachments = await attach(trx, reply.permitId, message.id, reply.attachmentIds ?? []);
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
      after: {
        conversationId,
        messageId: Number(message.id),
        author: reply.author.name,
        ...(attachments.length ? { attachments: attachments.map((a) => a.fileName) } : {}),
      },
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
  if (services) {
    const link = services.config.PUBLIC_URL;
    if (reply.author.role === 'permit_team') {
      const customer = await customerRecipient(trx, reply.permitId);
      if (customer) {
        await services.mail.send(
          'team_reply',
          customer.email,
          {
            name: customer.name,
            permitId: permit.id,
            customerName: permit.customer_name,
            taskName: permit.task_name,
            message: excerpt(reply.body),
            attachments: attachments.map((a) => a.fileName),
            link: `${link}/projects/${permit.project_id}/${permit.id}`,
          },
          { db: trx },
        );
      }
    } else {
      const operator = await assignedOperator(trx, reply.permitId);
      if (operator && operator.userId !== reply.author.userId) {
        await services.mail.send(
          'customer_message',
          operator.email,
          {
            name: operator.name,
            permitId: permit.id,
            customerName: permit.customer_name,
            authorName: reply.author.name,
            message: excerpt(reply.body),
            link: `${link}/ops/permits/${permit.id}`,
          },
          { db: trx },
        );
      }
    }
  }
  const conversations = await loadConversations(trx, reply.permitId);
  return conversations.find((c) => c.id === conversationId)!;
}

/** Links uploaded attachment documents of the permit to a message (each document goes with one message). */
async function attach(trx: Tx, permitId: number, messageId: number, documentIds: readonly number[]): Promise<{ id: number; fileName: string }[]> {
  const ids = [...new Set(documentIds)];
  if (ids.length === 0) return [];
  const documents = await trx
    .selectFrom('permit_documents as d')
    .leftJoin('message_attachments as a', 'a.document_id', 'd.id')
    .select(['d.id', 'd.file_name', 'a.message_id'])
    .where('d.id', 'in', ids)
    .where('d.permit_id', '=', permitId)
    .execute();
  if (documents.length !== ids.length) throw badRequest(ATTACHMENT_NOT_FOUND, 'ATTACHMENT_NOT_FOUND', { attachmentIds: ATTACHMENT_NOT_FOUND });
  if (documents.some((d) => d.message_id !== null)) throw badRequest(ATTACHMENT_TAKEN, 'ATTACHMENT_TAKEN', { attachmentIds: ATTACHMENT_TAKEN });
  await trx.insertInto('message_attachments').values(ids.map((id) => ({ message_id: messageId, document_id: id }))).execute();
  const byId = new Map(documents.map((d) => [Number(d.id), d.file_name]));
  return ids.map((id) => ({ id, fileName: byId.get(id)! }));
}
