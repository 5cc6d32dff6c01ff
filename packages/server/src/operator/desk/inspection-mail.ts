// The customer hears of an inspection when it is scheduled (a date set, or set anew) and when it is
// resulted (passed or failed), with a link to their permit page.
import { DATE_FORMATS, formatDate, type PermitInspection } from '@permitdesk/core';
import { customerRecipient } from '../../permits/recipients.js';
import type { AppServices } from '../../services.js';
import type { Tx } from '../../db/schema.js';

type Services = Pick<AppServices, 'config' | 'mail'>;
type Seen = Pick<PermitInspection, 'status' | 'scheduledAt'> & { resultNotes?: string | null | undefined };

/** What the customer is told about an inspection going from `before` (null: new) to `after`, if anything. */
export function inspectionEvent(before: Seen | null, after: Seen): 'scheduled' | 'passed' | 'failed' | null {
  if ((after.status === 'passed' || after.status === 'failed') && before?.status !== after.status) return after.status;
  if (after.scheduledAt !== null && after.status !== 'canceled' && before?.scheduledAt !== after.scheduledAt) return 'scheduled';
  return null;
}

export async function mailInspection(
  trx: Tx,
  services: Services,
  permit: { id: number; project_id: number; customer_name: string },
  inspection: { inspectionName: string } & Seen,
  event: 'scheduled' | 'passed' | 'failed',
): Promise<void> {
  const customer = await customerRecipient(trx, permit.id);
  if (!customer) return;
  await services.mail.send(
    'inspection_update',
    customer.email,
    {
      name: customer.name,
      permitId: permit.id,
      customerName: permit.customer_name,
      inspectionName: inspection.inspectionName,
      event,
      // A day the team picked: its calendar day as written (stored at midnight UTC).
      scheduledOn: inspection.scheduledAt ? formatDate(inspection.scheduledAt, DATE_FORMATS.date, { timeZone: 'UTC' }) : null,
      notes: event === 'scheduled' ? null : (inspection.resultNotes ?? null),
      link: `${services.config.PUBLIC_URL}/projects/${permit.project_id}/${permit.id}`,
    },
    { db: trx },
  );
}
