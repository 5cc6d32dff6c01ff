import { describe, expect, it } from 'vitest';
import { assignedColumn, assignedLabel } from './assignments.js';

const a = (assigneeType: 'Vendor' | 'Company' | 'User' | 'Project', assignName: string, createdAt = '2024-01-01T00:00:00Z') => ({
  assigneeType, assignName, createdAt,
});

describe("the radar 'Assigned' column (SPEC §2.7)", () => {
  it('shows a vendor first, by name alone', () => {
    expect(assignedLabel([a('User', 'Jane Doe'), a('Company', 'Acme Builders'), a('Vendor', 'Bright Solar LLC')])).toBe('Bright Solar LLC');
  });

  it("then a company assignment '(self assigned)'", () => {
    expect(assignedLabel([a('User', 'Jane Doe'), a('Company', 'Acme Builders')])).toBe('Acme Builders (self assigned)');
  });

  it("then a user assignment '(self assigned)'", () => {
    expect(assignedLabel([a('Project', 'Whatever'), a('User', 'Jane Doe')])).toBe('Jane Doe (self assigned)');
    expect(assignedColumn([a('User', 'Jane Doe')])).toEqual({ type: 'User', name: 'Jane Doe', label: 'Jane Doe (self assigned)' });
  });

  it('shows the most recent assignment of the winning kind', () => {
    const list = [a('Vendor', 'Old Vendor', '2024-01-01T00:00:00Z'), a('Vendor', 'New Vendor', '2024-05-01T00:00:00Z')];
    expect(assignedLabel(list)).toBe('New Vendor');
  });

  it('is empty when nothing is assigned', () => {
    expect(assignedLabel([])).toBe('');
    expect(assignedLabel(null)).toBe('');
    expect(assignedColumn([a('Project', 'P')])).toBeNull();
  });
});
