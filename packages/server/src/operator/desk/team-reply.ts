// A reply as the permit team (both the operator reply call and the desk's reply with attachments): the
// message, its attachments, the customer's mail and the audit entry, in the caller's transaction.
import type { Conversation } from '@permitdesk/core';
import { recordAudit, type AuditActor } from '../../audit/audit.js';
import { addReply, PERMIT_TEAM_NAME } from '../../permits/conversations.js';
import type { AppServices } from '../../services.js';
import type { Tx } from '../../db/schema.js';

export interface TeamReplyInput {
  conversationId?: number | undefined;
  subject?: string | undefined;
  body: string;
  attachmentIds?: readonly number[] | undefined;
}

export async function teamReply(
  trx: Tx,
  services: Pick<AppServices, 'clock' | 'config' | 'mail'>,
  actor: AuditActor & { userId: string | null },
  permitId: number,
  input: TeamReplyInput,
): Promise<Conversation> {
  const conversation = await addReply(
    trx,
    {
      permitId,
      conversationId: input.conversationId,
      subject: input.subject,
      body: input.body,
      author: { userId: actor.userId ?? '', name: PERMIT_TEAM_NAME, role: 'permit_team' },
      now: services.clock(),
      attachmentIds: input.attachmentIds,
    },
    services,
  );
  const sent = conversation.messages.at(-1);
  const company = await trx.selectFrom('permits as r').innerJoin('projects as p', 'p.id', 'r.project_id').select('p.company_id').where('r.id', '=', permitId).executeTakeFirst();
  await recordAudit(trx, actor, {
    entity: 'permit',
    entityId: permitId,
    action: 'message_sent',
    companyId: company?.company_id ?? null,
    permitId,
    customerVisible: true,
    after: { conversation: conversation.subject, attachments: (sent?.attachments ?? []).map((a) => a.fileName) },
  });
  return conversation;
}
