// Each stage change, and each inspection scheduled or resulted, mails the confirmed subscribers of the
// permit's live status links (issue 16), written to the mail outbox inside the change's transaction: a
// rolled-back change mails nobody, a revoked link mails nobody. Each mail carries its subscriber's one-click
// unsubscribe link and List-Unsubscribe. The inspector's notes stay with the team: the page shows results only.
import { DATE_FORMATS, derivePermitStatus, formatDate, stageName, statusMessage } from '@permitdesk/core';
import type { Tx } from '../../db/schema.js';
import type { AppServices } from '../../services.js';
import { permitRows } from '../permit-details.js';
import { statusPageUrl, statusUnsubscribePostUrl, statusUnsubscribeUrl, UNSUBSCRIBE_BOX } from './tokens.js';

type Services = Pick<AppServices, 'config' | 'mail' | 'secretBox'>;

/** The context a subscriber's sealed tokens are bound to (a value copied to another row does not open). */
export const sealContext = (linkId: number, email: string) => `status-link:${linkId}:${email}`;

export async function mailStatusSubscribers(trx: Tx, services: Services, permitId: number, toStage: number, now: Date): Promise<number> {
  return mailSubscribers(trx, services, permitId, (permit) => ({ stageName: stageName(toStage), message: statusMessage(derivePermitStatus(permit, now)) }));
}

/** An inspection scheduled (its day) or resulted (passed, failed), in the page's words. */
export async function mailStatusSubscribersOfInspection(
  trx: Tx,
  services: Services,
  permitId: number,
  inspection: { inspectionName: string; scheduledAt: string | null },
  event: 'scheduled' | 'passed' | 'failed',
): Promise<number> {
  const day = inspection.scheduledAt ? formatDate(inspection.scheduledAt, DATE_FORMATS.date, { timeZone: 'UTC' }) : null;
  const headline = `${inspection.inspectionName} inspection ${event}`;
  const message =
    event === 'scheduled'
      ? `The ${inspection.inspectionName} inspection is booked${day ? ` for ${day}` : ''}.`
      : event === 'passed'
        ? `The ${inspection.inspectionName} inspection passed.`
        : `The ${inspection.inspectionName} inspection did not pass: the contractor fixes what the inspector asked and books a re-inspection.`;
  return mailSubscribers(trx, services, permitId, () => ({ stageName: headline, message, inspection: true }));
}

async function mailSubscribers(
  trx: Tx,
  services: Services,
  permitId: number,
  content: (permit: NonNullable<Awaited<ReturnType<typeof permitRows>>[number]>) => { stageName: string; message: string; inspection?: boolean },
): Promise<number> {
  const subscribers = await trx
    .selectFrom('permit_status_subscribers as s')
    .innerJoin('permit_status_links as l', 'l.id', 's.link_id')
    .select(['s.link_id', 's.email', 's.tokens_sealed'])
    .where('l.permit_id', '=', permitId)
    .where('l.revoked_at', 'is', null)
    .where('s.state', '=', 'confirmed')
    .orderBy('s.id')
    .execute();
  if (subscribers.length === 0) return 0;
  const [permit] = await permitRows(trx, [permitId]);
  if (!permit) return 0;
  const { stageName: headline, message, inspection } = content(permit);
  const box = services.secretBox(UNSUBSCRIBE_BOX);
  const publicUrl = services.config.PUBLIC_URL;
  // One mail per address, even when it subscribed on two links of the permit.
  const seen = new Set<string>();
  for (const s of subscribers) {
    if (seen.has(s.email)) continue;
    seen.add(s.email);
    const tokens = JSON.parse(box.open(sealContext(Number(s.link_id), s.email), s.tokens_sealed)) as { page: string; unsubscribe: string };
    await services.mail.send(
      'status_update',
      s.email,
      {
        taskName: permit.taskName,
        address: permit.projectAddress,
        stageName: headline,
        message,
        link: statusPageUrl(publicUrl, tokens.page),
        unsubscribeUrl: statusUnsubscribeUrl(publicUrl, tokens.unsubscribe),
        unsubscribePostUrl: statusUnsubscribePostUrl(publicUrl, tokens.unsubscribe),
        ...(inspection ? { inspection } : {}),
      },
      { db: trx },
    );
  }
  return seen.size;
}
