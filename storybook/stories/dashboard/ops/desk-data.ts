// The permit desk's data for the stories: one permit with its request, company compliance, documents,
// conversation, inspections, fees and history (core's permitDeskSchema), judged at a fixed day.
import type { PermitDesk, StageTemplate } from '@permitdesk/core';
import { STORY_NOW, storyRow } from '../radar-data';

const DAY = 86_400_000;
const at = (days: number) => new Date(STORY_NOW.getTime() + days * DAY).toISOString();
const day = (days: number) => at(days).slice(0, 10);
/** The day the stories' expiry badges are judged on. */
export const STORY_TODAY = STORY_NOW.toISOString().slice(0, 10);

export function storyDesk(options: { stage?: number; withCompany?: boolean; licenseExpiresInDays?: number; fees?: number; messages?: boolean } = {}): PermitDesk {
  const { stage = 20, withCompany = true, licenseExpiresInDays = 120, fees = 2, messages = true } = options;
  const permit = storyRow(1, 'Ann Archer', {
    stage,
    permitNumber: stage >= 50 ? 'BP-2026-0042' : null,
    permitInspections: [
      { id: 1, inspectionName: 'Footing', status: 'passed', performOrder: 1, scheduledAt: at(-10), resultNotes: 'Rebar spacing checked.' },
      { id: 2, inspectionName: 'Framing', status: 'scheduled', performOrder: 2, scheduledAt: at(3), resultNotes: null },
    ],
    conversations: messages
      ? [
          {
            id: 70, subject: 'Roof Replacement permit for Ann Archer',
            participants: [{ name: 'Ann Archer', role: 'customer' }, { name: 'Permit Team', role: 'permit_team' }],
            messages: [
              { id: 71, body: 'Do you need the roof plan?', createdAt: at(-3), author: { name: 'Ann Archer', role: 'customer' } },
              { id: 72, body: 'Yes please, and the signed checklist attached.', createdAt: at(-2), author: { name: 'Permit Team', role: 'permit_team' }, attachments: [{ documentId: 5, fileName: 'checklist.pdf' }] },
            ],
          },
        ]
      : [],
  });
  const history: PermitDesk['stageHistory'] = [
    { id: 1, stage: 10, name: 'Requested', fromStage: null, changedAt: at(-12), changedBy: 'customer', note: null, changedByName: 'Ann Archer' },
    { id: 2, stage: 20, name: 'Processing', fromStage: 10, changedAt: at(-11), changedBy: 'permit_team', note: 'Hello Ann Archer, we are preparing your application.', changedByName: 'Olga Operator' },
  ];
  return {
    permit: { ...permit, stageHistory: history },
    version: 4,
    stageEnteredAt: at(-11),
    assignee: { id: 'u-1', name: 'Olga Operator', email: 'olga@permitdesk.test' },
    requester: { name: 'Ann Archer', email: 'ann@example.com' },
    request: {
      formId: 52, title: 'Permit Request', submittedAt: at(-12),
      answers: [
        { name: 'JobSiteAddress', label: 'Job Site Address', value: '12 Oak St, Springfield, IL 62701' },
        { name: 'CustomerName', label: 'Customer Name', value: 'Ann Archer' },
        { name: 'ContactEmail', label: 'Contact Email', value: 'ann@example.com' },
        { name: 'DescriptionOfWork', label: 'Description of Work', value: 'Tear off and re-roof 30 squares, new flashing at the chimney.' },
        { name: 'JobValue', label: 'Job Value', value: '$12,500.00' },
        { name: 'EstimatedStartDate', label: 'Estimated Start Date', value: null },
      ],
    },
    company: withCompany ? { id: 11, name: 'Acme Builders', owner: { name: 'Ann Archer', email: 'ann@example.com' } } : null,
    compliance: withCompany
      ? {
          licenses: [
            { id: 1, name: 'General Contractor', number: 'GC-1042', issuer: 'State of Illinois', stateCode: 'IL', expiresOn: day(licenseExpiresInDays), status: 'active' },
            { id: 2, name: 'Roofing Contractor', number: 'RC-77', issuer: null, stateCode: 'IL', expiresOn: day(-5), status: 'active' },
          ],
          insurances: [{ id: 3, name: 'General Liability', number: 'GL-9', issuer: 'Acme Mutual', stateCode: null, expiresOn: day(20), status: 'active' }],
        }
      : { licenses: [], insurances: [] },
    documents: [
      { documentId: 4, documentType: 'plan', documentableId: '1', documentableType: 'Permit', fileName: 'roof-plan.pdf', contentType: 'application/pdf', size: 245_000, uploaded: true, createdAt: at(-12), file: '4' },
      { documentId: 5, documentType: 'attachment', documentableId: '1', documentableType: 'Permit', fileName: 'checklist.pdf', contentType: 'application/pdf', size: 18_000, uploaded: true, createdAt: at(-2), file: '5' },
    ],
    fees: [
      { id: 1, label: 'Plan review', amount: 120.5 },
      { id: 2, label: 'Filing', amount: 35 },
      { id: 3, label: 'Technology surcharge', amount: 12 },
    ].slice(0, fees),
    quotes: [],
    cancellation: null,
    stageHistory: history,
  };
}

export const STORY_TEMPLATES: StageTemplate[] = [
  { stage: 30, stageName: 'Submitted', subject: 'Submitted', body: 'Hello {customerName}, we submitted your {taskName} permit application to {municipality}.', updatedAt: at(-30), updatedBy: null },
  { stage: 50, stageName: 'Open', subject: 'Open', body: 'Hello {customerName}, your {taskName} permit {permitNumber} is issued. Work may begin. {operatorName}', updatedAt: at(-30), updatedBy: null },
];
