// GET /v4/invitations/share-wallet?company&include-outbound&include-inbound: a company's wallet shares,
// the ones it sent (outbound) and the ones it received (inbound), every state, newest first.
import type { Invitation } from '@permitdesk/core';
import { NO_COMPANY_ACCESS } from '../companies/company-access.js';
import { forbidden } from '../http/errors.js';
import type { InvitationCtx } from './invitation-context.js';
import { selectInvitations, toInvitation } from './invitation-rows.js';
import { memberOf } from './viewer.js';

export async function shareWalletList(
  ctx: InvitationCtx,
  query: { company: number; 'include-outbound'?: 'true' | 'false' | undefined; 'include-inbound'?: 'true' | 'false' | undefined },
): Promise<{ inbound: Invitation[]; outbound: Invitation[] }> {
  if (!memberOf(ctx.viewer, query.company)) throw forbidden(NO_COMPANY_ACCESS, 'COMPANY_FORBIDDEN');
  const list = async (column: 'i.from_company_id' | 'i.to_company_id') =>
    (await selectInvitations(ctx.db).where('i.kind', '=', 'SHARE_WALLET').where(column, '=', query.company).orderBy('i.created_at', 'desc').orderBy('i.id', 'desc').execute()).map(
      (row) => toInvitation(row, ctx.viewer),
    );
  return {
    outbound: query['include-outbound'] === 'false' ? [] : await list('i.from_company_id'),
    inbound: query['include-inbound'] === 'false' ? [] : await list('i.to_company_id'),
  };
}
