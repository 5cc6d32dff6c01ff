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
    expect(auditChanges({ before: { role: 'pm', active: true }, after: null }).map(auditChangeText)).toEqual(['Role: pm (removed)', 'Active: Yes (removed)']);
    expect(auditActionLabel('something_new')).toBe('Something new');
  });

  it('says a quote in words: what happened to it, its total and line items in dollars (not raw JSON)', () => {
    const issued = { before: null, after: { status: 'pending', total: 575.5, lineItems: [{ label: 'Filing service', amount: 450 }, { label: 'Plan review fee', amount: 125.5 }] } };
    expect(auditChanges(issued).map(auditChangeText)).toEqual(['Status: pending', 'Total: $575.50', 'Line items: Filing service $450.00; Plan review fee $125.50']);
    expect(auditActionLabel('issued')).toBe('Issued a quote');
    expect(auditActionLabel('accepted')).toBe('Accepted the quote');
    expect(auditActionLabel('declined')).toBe('Declined the quote');
  });
});
