import { describe, expect, it } from 'vitest';
import type { GateCredential, GateRequirement } from '../schemas/gate.js';
import { applicableRequirements, checkGate, type GateInput } from './gate.js';

let nextId = 1;
const row = (r: Partial<GateRequirement> & Pick<GateRequirement, 'kind' | 'credential'>): GateRequirement => ({
  id: nextId++, trade: null, taskId: null, stateCode: null, municipalityId: null, scope: 'any', whenEmployees: false, diy: false, required: true, source: null, ...r,
});

const place = { taskId: 11, trade: 'Electrical', stateCode: 'CA', municipalityId: 500 };
const requirements = [
  row({ kind: 'insurance', credential: 'General Liability' }),
  row({ kind: 'insurance', credential: "Workers' Compensation", whenEmployees: true }),
  row({ kind: 'license', credential: 'Electrical Contractor', trade: 'Electrical', stateCode: 'CA', scope: 'state' }),
  row({ kind: 'license', credential: 'Electrical Contractor', trade: 'Electrical', stateCode: 'TX', scope: 'state' }),
];
const valid: GateCredential[] = [
  { kind: 'insurance', name: 'General Liability', expiresOn: '2027-06-30' },
  { kind: 'insurance', name: "Workers' Compensation", expiresOn: '2027-06-30' },
  { kind: 'license', name: 'Electrical Contractor', licenseType: 'state', stateCode: 'CA', expiresOn: '2027-01-31' },
];
const input = (over: Partial<GateInput> = {}): GateInput => ({
  requirements, credentials: valid, place, applicant: 'Company', hasEmployees: true, workStart: '2026-12-01', workEnd: '2026-12-20', ...over,
});

describe('checkGate', () => {
  it('passes a company that holds everything through the end of the work', () => {
    const result = checkGate(input());
    expect(result.ok).toBe(true);
    expect(result.missing).toEqual([]);
    expect(result.required.map((r) => r.type)).toEqual(['Electrical Contractor', 'General Liability', "Workers' Compensation"]);
  });

  it('names a license that lapses before the work ends, with its date', () => {
    const credentials = valid.map((c) => (c.kind === 'license' ? { ...c, expiresOn: '2026-12-10' } : c));
    const result = checkGate(input({ credentials }));
    expect(result.ok).toBe(false);
    expect(result.missing).toEqual([
      { kind: 'license', type: 'Electrical Contractor', reason: 'lapses', expiresOn: '2026-12-10', message: 'Electrical Contractor license expires on 12/10/2026, before the work ends (12/20/2026).' },
    ]);
  });

  it('tells expired from missing, and a license of another state does not count', () => {
    const credentials: GateCredential[] = [
      { kind: 'insurance', name: 'general liability', expiresOn: '2026-11-01' },
      { kind: 'license', name: 'Electrical Contractor', licenseType: 'state', stateCode: 'NV', expiresOn: '2030-01-01' },
    ];
    const result = checkGate(input({ credentials, hasEmployees: false }));
    expect(result.missing.map((m) => [m.type, m.reason])).toEqual([
      ['Electrical Contractor', 'missing'],
      ['General Liability', 'expired'],
    ]);
    expect(result.missing[1]!.message).toBe('General Liability insurance expired on 11/01/2026.');
  });

  it("asks workers' compensation only of a company with employees", () => {
    const credentials = valid.filter((c) => c.name !== "Workers' Compensation");
    expect(checkGate(input({ credentials, hasEmployees: false })).ok).toBe(true);
    expect(checkGate(input({ credentials, hasEmployees: true })).missing.map((m) => m.type)).toEqual(["Workers' Compensation"]);
  });

  it('does not gate a do-it-yourself homeowner on trade licenses', () => {
    const result = checkGate(input({ applicant: 'Individual', credentials: [] }));
    expect(result).toMatchObject({ ok: true, missing: [], required: [] });
  });

  it('a renewed credential beside the lapsed one passes; one issued after the start does not', () => {
    const renewed = [...valid, { kind: 'license', name: 'Electrical Contractor', licenseType: 'state', stateCode: 'CA', expiresOn: '2026-12-02' } as GateCredential];
    expect(checkGate(input({ credentials: renewed })).ok).toBe(true);
    const late = valid.map((c) => (c.kind === 'license' ? { ...c, issuedOn: '2026-12-05' } : c));
    expect(checkGate(input({ credentials: late })).missing[0]).toMatchObject({ reason: 'not_yet_valid' });
  });

  it('a municipality row overrides the state row, and can waive a credential', () => {
    const waive = row({ kind: 'insurance', credential: 'General Liability', municipalityId: 500, required: false });
    const local = row({ kind: 'license', credential: 'Local Business License', municipalityId: 500, scope: 'local' });
    const other = row({ kind: 'license', credential: 'Roofing Contractor', trade: 'Roofing', stateCode: 'CA' });
    const types = applicableRequirements([...requirements, waive, local, other], place).map((r) => r.credential);
    expect(types).toEqual(['Electrical Contractor', 'Local Business License', "Workers' Compensation"]);
    const result = checkGate(input({ requirements: [...requirements, local], credentials: [...valid, { kind: 'license', name: 'Local Business License', licenseType: 'local', municipalityId: 501 }] }));
    expect(result.missing).toMatchObject([{ type: 'Local Business License', reason: 'missing', message: 'No Local Business License on file.' }]);
  });

  it('a task row overrides its trade row', () => {
    const taskWaiver = row({ kind: 'license', credential: 'Electrical Contractor', taskId: 11, stateCode: 'CA', required: false });
    expect(applicableRequirements([...requirements, taskWaiver], place).map((r) => r.credential)).toEqual(['General Liability', "Workers' Compensation"]);
  });
});
