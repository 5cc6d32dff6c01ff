import { describe, expect, it } from 'vitest';
import { fillTemplate, unknownPlaceholders } from './stage-templates.js';

describe('fillTemplate', () => {
  it('fills every known placeholder, each time it appears', () => {
    expect(fillTemplate('Hello {customerName}, {taskName} in {municipality} ({customerName})', { customerName: 'Hannah', taskName: 'Roofing', municipality: 'Austin' })).toBe(
      'Hello Hannah, Roofing in Austin (Hannah)',
    );
  });

  it('leaves unknown placeholders and those without a value visible', () => {
    expect(fillTemplate('{custName} {permitNumber} {operatorName}', { permitNumber: null, operatorName: ' ' })).toBe('{custName} {permitNumber} {operatorName}');
    expect(fillTemplate('{toString} {constructor}', {})).toBe('{toString} {constructor}');
  });

  it('does not read placeholders inside the values it puts in', () => {
    expect(fillTemplate('{customerName} {taskName}', { customerName: '{taskName}', taskName: 'Roofing' })).toBe('{taskName} Roofing');
  });

  it('names the placeholders no template fills', () => {
    expect(unknownPlaceholders('{customerName} {custName} {foo} {custName}')).toEqual(['custName', 'foo']);
  });
});
