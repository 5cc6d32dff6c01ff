// What a colleague changed on a permit while the desk was open: the desk data before and after a 409,
// compared on what an operator acts on (stage, assignee, permit number, fees, inspections, messages,
// documents), in words for the 'Someone else changed this permit' notice.
import { formatUsd, stageName, type PermitDesk } from '@permitdesk/core';

const feesText = (fees: PermitDesk['fees']): string =>
  fees.length === 0 ? 'none' : fees.map((fee) => `${fee.label} ${formatUsd(fee.amount)}`).join(', ');
const inspectionsText = (desk: PermitDesk): string =>
  desk.permit.permitInspections.map((i) => `${i.inspectionName} ${i.status}`).join(', ') || 'none';
const messageCount = (desk: PermitDesk): number => (desk.permit.conversations ?? []).reduce((n, c) => n + c.messages.length, 0);

export function deskChanges(before: PermitDesk, after: PermitDesk): string[] {
  const changes: string[] = [];
  if (before.permit.stage !== after.permit.stage) changes.push(`Stage: ${stageName(before.permit.stage)} → ${stageName(after.permit.stage)}`);
  if ((before.assignee?.id ?? null) !== (after.assignee?.id ?? null)) {
    changes.push(`Assigned to: ${before.assignee?.name ?? 'nobody'} → ${after.assignee?.name ?? 'nobody'}`);
  }
  if (before.permit.permitNumber !== after.permit.permitNumber) {
    changes.push(`Permit number: ${before.permit.permitNumber ?? 'none'} → ${after.permit.permitNumber ?? 'none'}`);
  }
  if (feesText(before.fees) !== feesText(after.fees)) changes.push(`Fees: ${feesText(before.fees)} → ${feesText(after.fees)}`);
  if (inspectionsText(before) !== inspectionsText(after)) changes.push(`Inspections: ${inspectionsText(before)} → ${inspectionsText(after)}`);
  const newMessages = messageCount(after) - messageCount(before);
  if (newMessages > 0) changes.push(newMessages === 1 ? '1 new message' : `${newMessages} new messages`);
  const newDocuments = after.documents.length - before.documents.length;
  if (newDocuments > 0) changes.push(newDocuments === 1 ? '1 new document' : `${newDocuments} new documents`);
  if (changes.length === 0 && before.version !== after.version) changes.push('Details of the permit were updated.');
  return changes;
}
