// The audit trail in plain words, the same on every page that shows one: what happened ('Moved the
// permit') and each change as 'Stage: Requested → Processing'. The dashboard's <AuditTrail> reads these.
import type { AuditEntry } from '../schemas/audit.js';
import { ENVELOPE_STATUS_LABELS } from './esign.js';
import { DATE_FORMATS, formatDate, formatUsd } from './formats.js';
import { invitationLabel } from './invitations.js';
import { quoteStatusLabel } from './quotes.js';
import { ROLE_LABELS } from './roles.js';
import { stageName } from './stages.js';
import { INSPECTION_STATE_LABELS } from './status-page.js';

const ACTIONS: Readonly<Record<string, string>> = {
  created: 'Created',
  updated: 'Updated',
  renamed: 'Renamed',
  stage_changed: 'Moved the permit',
  message_added: 'Wrote in the conversation',
  inspection_added: 'Added an inspection',
  inspection_updated: 'Updated an inspection',
  cancellation_decided: 'Decided the cancellation request',
  esign_sent: 'Sent a document for signature',
  esign_voided: 'Voided a document sent for signature',
  esign_reminded: 'Reminded a signer',
  esign_signed: 'Signed a document',
  esign_completed: 'Signed a document: everyone has signed',
  esign_declined: 'Declined to sign a document',
  document_added: 'Added a document',
  data_collection_saved: "Updated the permit's details",
  file_uploaded: 'Uploaded a file',
  dismissed: 'Dismissed the permit',
  assigned: 'Assigned the permit',
  member_role_changed: "Changed a member's role",
  member_removed: 'Removed a member',
  sent: 'Sent an invitation',
  resent: 'Sent the invitation again',
  status_changed: "Changed the invitation's status",
  archived: 'Archived',
  restored: 'Restored',
  role_granted: 'Added to the permit team',
  role_changed: "Changed a team member's role",
  role_revoked: 'Removed from the permit team',
  // Public compliance links (issue 13), on the company's trail.
  public_link_created: 'Created a public compliance link',
  public_link_revoked: 'Revoked a public compliance link',
  // The homeowner's status page (issue 16), on the permit's trail.
  status_link_created: 'Shared the status page with the owner',
  status_link_revoked: 'Revoked a status page link',
  // Quotes (the only entity with these actions).
  issued: 'Issued a quote',
  accepted: 'Accepted the quote',
  declined: 'Declined the quote',
};

const ENTITIES: Readonly<Record<AuditEntry['entity'], string>> = {
  permit: 'Permit',
  project: 'Project',
  company: 'Company',
  role: 'Team role',
  invitation: 'Invitation',
  vault_item: 'Vault item',
  quote: 'Quote',
  municipality: 'Municipality',
};

/** Field names as the trail shows them; others are split from camelCase ('permitNumber' → 'Permit number'). */
const FIELDS: Readonly<Record<string, string>> = {
  stage: 'Stage',
  version: 'Version',
  note: 'Message',
  permitNumber: 'Permit number',
  issuedAt: 'Issued',
  expiresAt: 'Expires',
  estCompletionAt: 'Est. completion',
  customerName: 'Customer',
  orderNumber: 'Order number',
  scheduledAt: 'Scheduled',
  inspectionName: 'Inspection',
  role: 'Role',
  active: 'Active',
  email: 'E-mail',
  lineItems: 'Line items',
  orderId: 'Order',
};
/** Fields that identify rather than change (shown in neither the customer's nor the team's words). */
const HIDDEN_FIELDS = new Set([
  'version', 'roleId', 'userId', 'messageId', 'conversationId', 'inspectionId', 'documentId', 'projectId', 'taskId', 'municipalityId', 'owner', 'kind',
  'linkId', 'assignmentId', 'toCompanyId', 'companyId', 'envelopeId', 'signerId',
]);

/** Roles in words: the permit team's and a company's (SPEC §6 labels). */
const ROLE_WORDS: Readonly<Record<string, string>> = { operator: 'Operator', service_admin: 'Service admin', ...ROLE_LABELS };
/** Amounts in dollars. */
const MONEY_FIELDS = new Set(['total', 'amount', 'coverageAmount', 'projectValue', 'price', 'permitFees']);
/** Dates kept as a day ('2026-12-11'): shown in the product's date format, like a time's day. */
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Access levels of an assignment in words. */
const ACCESS_WORDS: Readonly<Record<string, string>> = { owner: 'Owner', editor: 'Editor', 'view-only': 'View only', contributor: 'Contributor' };

/** What a status code means depends on what changed: an invitation's number, a quote's, an inspection's or an envelope's word. */
function statusWords(value: string | number, entity: AuditEntry['entity'] | undefined, row: Readonly<Record<string, unknown>>): string {
  if (typeof value === 'number') return entity === 'invitation' ? invitationLabel(value) : String(value);
  if (entity === 'quote') return quoteStatusLabel(value);
  if ('inspection' in row && value in INSPECTION_STATE_LABELS) return INSPECTION_STATE_LABELS[value as keyof typeof INSPECTION_STATE_LABELS];
  if ('envelope' in row && value in ENVELOPE_STATUS_LABELS) return ENVELOPE_STATUS_LABELS[value as keyof typeof ENVELOPE_STATUS_LABELS];
  return value.charAt(0).toUpperCase() + value.slice(1);
}

export const auditActionLabel = (action: string): string => ACTIONS[action] ?? action.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
export const auditEntityLabel = (entity: AuditEntry['entity']): string => ENTITIES[entity] ?? entity;
export const auditFieldLabel = (field: string): string =>
  FIELDS[field] ?? field.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase()).replace(/ ([A-Z])/g, (_, c: string) => ` ${c.toLowerCase()}`);

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * One value in the trail's words: a stage by its name, a status or role by its label, a time as a date,
 * money in dollars, a list as a list and a record as its fields in words (never JSON), nothing as '—'.
 * `context` is what changed: the entry's entity and the side (before or after) the value belongs to.
 */
export function auditValue(field: string, value: unknown, context: { entity?: AuditEntry['entity']; row?: Readonly<Record<string, unknown>> } = {}): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'stage' && typeof value === 'number') return stageName(value);
  if (field === 'status' && (typeof value === 'number' || typeof value === 'string')) return statusWords(value, context.entity, context.row ?? {});
  if (/role$/i.test(field) && typeof value === 'string') return ROLE_WORDS[value] ?? value;
  if (field === 'accessLevel' && typeof value === 'string') return ACCESS_WORDS[value] ?? value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' && (ISO_TIME.test(value) || ISO_DAY.test(value))) return formatDate(value, DATE_FORMATS.date);
  if (MONEY_FIELDS.has(field) && typeof value === 'number') return formatUsd(value);
  if (field === 'lineItems' && Array.isArray(value)) {
    return value.map((item: { label?: unknown; amount?: unknown }) => `${String(item.label ?? '')} ${formatUsd(Number(item.amount ?? 0))}`).join('; ');
  }
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map((item) => auditValue(field, item, context)).join(typeof value[0] === 'object' ? '; ' : ', ');
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([key]) => !HIDDEN_FIELDS.has(key));
    return entries.map(([key, inner]) => `${auditFieldLabel(key)}: ${auditValue(key, inner, context)}`).join(', ') || '—';
  }
  return String(value);
}

export interface AuditChange {
  field: string;
  label: string;
  before: string | null;
  after: string | null;
}

/** Each changed field of an entry: 'Stage: Requested → Processing'; a creation lists what it set (before null). */
export function auditChanges(entry: Pick<AuditEntry, 'before' | 'after'> & { entity?: AuditEntry['entity'] }): AuditChange[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((field) => !HIDDEN_FIELDS.has(field));
  return fields
    .filter((field) => JSON.stringify(before[field] ?? null) !== JSON.stringify(after[field] ?? null) || entry.before === null)
    .map((field) => ({
      field,
      label: auditFieldLabel(field),
      before: entry.before === null || !(field in before) ? null : auditValue(field, before[field], { entity: entry.entity, row: before }),
      after: entry.after === null || !(field in after) ? null : auditValue(field, after[field], { entity: entry.entity, row: after }),
    }));
}

/** 'Stage: Requested → Processing', or 'Message: Filing today.' for a value set without a before. */
export const auditChangeText = (change: AuditChange): string =>
  change.before === null ? `${change.label}: ${change.after ?? '—'}` : change.after === null ? `${change.label}: ${change.before} (removed)` : `${change.label}: ${change.before} → ${change.after}`;
