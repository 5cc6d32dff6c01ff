import { describe, expect, it } from 'vitest';
import { auditActionLabel, auditChanges, auditChangeText } from './audit-words.js';
import { STAGE } from './stages.js';

describe('the audit trail in plain words', () => {
  it("says a stage change as 'Stage: Requested → Processing', with the message, without the version", () => {
    const changes = auditChanges({ before: { stage: STAGE.Requested, version: 1 }, after: { stage: STAGE.Processing, version: 2, note: 'Filing today.' } });
    expect(changes.map(auditChangeText)).toEqual(['Stage: Requested → Processing', 'Message: Filing today.']);
    expect(auditActionLabel('stage_changed')).toBe('Moved the permit');
  });

  it('lists what a creation set, and says removals, dates, roles and empty values in words', () => {
    expect(auditChanges({ before: null, after: { name: 'Ola Homes', address: null } }).map(auditChangeText)).toEqual(['Name: Ola Homes', 'Address: —']);
    expect(auditChanges({ before: { email: 'a@b.co', role: 'operator' }, after: { email: 'a@b.co', role: 'service_admin' } }).map(auditChangeText)).toEqual(['Role: Operator → Service admin']);
    expect(auditChanges({ before: { expiresAt: null }, after: { expiresAt: '2027-03-05T12:00:00.000Z' } }).map(auditChangeText)).toEqual(['Expires: — → 2027-03-05']);
    expect(auditChanges({ before: { role: 'pm', active: true }, after: null }).map(auditChangeText)).toEqual(['Role: Project Manager (removed)', 'Active: Yes (removed)']);
    expect(auditActionLabel('something_new')).toBe('Something new');
  });

  it('never shows a code, an id or JSON (issue 18): statuses, roles and access by their labels, lists and records in words', () => {
    const words = (entry: Parameters<typeof auditChanges>[0]) => auditChanges(entry).map(auditChangeText);
    // An invitation's status codes (SPEC §4.4 labels), without the company id it went to.
    expect(words({ entity: 'invitation', before: { kind: 'GUEST_ACCESS', status: 13, toCompanyId: null }, after: { kind: 'GUEST_ACCESS', status: 1, toCompanyId: 4 } })).toEqual([
      'Status: Pending → Approved',
    ]);
    // An inspection's and an envelope's status words.
    expect(words({ entity: 'permit', before: { inspection: 'Rough-in', status: 'scheduled' }, after: { inspection: 'Rough-in', status: 'failed' } })).toEqual(['Status: Scheduled → Failed']);
    expect(words({ entity: 'company', before: null, after: { envelope: 'Subcontract', signers: ['Sam Summit', 'Dana Demo'] } })).toEqual(['Envelope: Subcontract', 'Signers: Sam Summit, Dana Demo']);
    // A company role, an access level, ids left out, a record and a list of records.
    expect(words({ entity: 'role', before: { roleId: 4, role: 'user' }, after: { roleId: 4, role: 'administrator' } })).toEqual(['Role: Observer → Administrator']);
    expect(words({ entity: 'project', before: null, after: { assignmentId: 9, assignee: 'Bright Solar', accessLevel: 'view-only' } })).toEqual(['Assignee: Bright Solar', 'Access level: View only']);
    expect(words({ entity: 'invitation', before: null, after: { scope: { vault: true, projectIds: [12, 13] } } })).toEqual(['Scope: Vault: Yes, Project ids: 12, 13']);
    expect(words({ entity: 'company', before: { memberships: [{ companyId: 1, role: 'owner' }, { companyId: 2, role: 'pm' }] }, after: null })).toEqual(['Memberships: Role: Owner; Role: Project Manager (removed)']);
    expect(words({ entity: 'company', before: { steps: [60, 30] }, after: { steps: [30, 7, 0] } })).toEqual(['Steps: 60, 30 → 30, 7, 0']);
    expect(words({ entity: 'company', before: null, after: { linkId: 1, label: 'Michael Lee (homeowner)', showPrices: false } })).toEqual(['Label: Michael Lee (homeowner)', 'Show prices: No']);
    for (const text of [...words({ entity: 'company', before: null, after: { a: { b: [{ c: 'd' }] }, coverageAmount: 1_000_000 } })]) expect(text).not.toMatch(/[{}[\]"]/);
  });

  it('says a quote in words: what happened to it, its total and line items in dollars (not raw JSON)', () => {
    const issued = { entity: 'quote' as const, before: null, after: { status: 'pending', total: 575.5, lineItems: [{ label: 'Filing service', amount: 450 }, { label: 'Plan review fee', amount: 125.5 }] } };
    expect(auditChanges(issued).map(auditChangeText)).toEqual(['Status: Awaiting the customer', 'Total: $575.50', 'Line items: Filing service $450.00; Plan review fee $125.50']);
    expect(auditChanges({ entity: 'quote', before: { status: 'pending' }, after: { status: 'accepted', orderId: 'ORD-1' } }).map(auditChangeText)).toEqual(['Status: Awaiting the customer → Accepted', 'Order: ORD-1']);
    expect(auditChanges({ entity: 'quote', before: null, after: { validUntil: '2026-12-11' } }).map(auditChangeText)).toEqual(['Valid until: 2026-12-11']);
    expect(auditActionLabel('issued')).toBe('Issued a quote');
    expect(auditActionLabel('accepted')).toBe('Accepted the quote');
    expect(auditActionLabel('declined')).toBe('Declined the quote');
  });
});
