// A reply as the permit team (both the operator reply call and the desk's reply with attachments): the
// message, its attachments and the customer's mail (addReply writes the audit entry), in the caller's transaction.
import type { Conversation } from '@permitdesk/core';
import type { AuditActor } from '../../audit/audit.js';
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
      actor,
      now: services.clock(),
      attachmentIds: input.attachmentIds,
    },
    services,
  );
  return conversation;
}
