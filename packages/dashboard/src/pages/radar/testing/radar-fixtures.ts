// Radar test data, each object valid against core's schemas (the client parses every response).
import type { FormDefinition, PermitFormEntry, PermitInspection, ProjectAssignment, ProjectSearchRow } from '@permitdesk/core';
import { permitRow } from '../../../test/fixtures.js';

export type Row = ProjectSearchRow;

export const row = (id: number, customerName: string, overrides: Partial<Row> = {}): Row => ({ ...permitRow(id, customerName), ...overrides });

export const inspection = (id: number, inspectionName: string, performOrder: number, status: PermitInspection['status']): PermitInspection => ({
  id, inspectionName, performOrder, status, scheduledAt: null,
});

export const assignment = (
  id: number,
  assigneeType: ProjectAssignment['assigneeType'],
  assignName: string,
  accessLevel: ProjectAssignment['accessLevel'] = 'editor',
  createdAt = '2026-01-03T10:00:00.000Z',
): ProjectAssignment => ({
  id, projectId: 41, accessLevel, assigneeType, assigneeId: String(id), assignName, company: null, createdAt,
});

/** A search answer with the x-pagination-* headers the client reads the page count from. */
export const searchAnswer = (rows: Row[], totalCount = rows.length, page = 1) => ({
  body: rows,
  headers: { 'x-pagination-index': String(page), 'x-pagination-size': '20', 'x-pagination-totalcount': String(totalCount) },
});

export const formDefinition = (id: 31 | 50): FormDefinition =>
  id === 31
    ? {
        id: 31, title: 'Permit application', submitLabel: 'Submit Application',
        fields: [
          { name: 'DescriptionOfWork', label: 'Description of Work', type: 'textarea', required: true },
          { name: 'StateLicenseNumber', label: 'State License Number', type: 'text', required: false },
          { name: 'JobValue', label: 'Job Value', type: 'currency', required: false },
        ],
      }
    : {
        id: 50, title: 'Cancellation request', submitLabel: 'Request Cancellation',
        fields: [{ name: 'Reason', label: 'Reason for cancellation', type: 'textarea', required: true }],
      };

export const formEntry = (overrides: Partial<PermitFormEntry> = {}): PermitFormEntry => ({
  MunicipalityID: 9, MunicipalityName: 'City of Springfield', TaskID: 3, TaskName: 'Roof replacement', DescriptionOfWork: '',
  JobSiteAddress: { Line1: '1 Main St', Line2: '', City: 'Springfield', State: 'IL', PostalCode: '62701', Country: 'US' },
  ApplicantType: 'Individual', IsReadOnlyAddressPermit: true, ...overrides,
});

export const entryResult = (overrides: Record<string, unknown> = {}) => ({
  entryId: 5, formId: 31, projectId: 41, permitId: 1, session: 'sess-123', createdAt: '2026-02-01T10:00:00.000Z', ...overrides,
});

/** A permit as GET /v3/permits/{id} answers it: with conversations and the stage history. */
export const fullPermit = (id: number, overrides: Partial<Row> = {}): Row => ({
  ...row(id, 'Ann Lee'),
  stage: 30,
  projectName: 'Lee roof',
  permitInspections: [inspection(2, 'Final', 2, 'open'), inspection(1, 'Framing', 1, 'passed')],
  projectsAssignments: [assignment(1, 'Company', 'Acme Builders', 'owner', '2026-01-01T00:00:00.000Z')],
  conversations: [
    {
      id: 70, subject: 'Permit question',
      participants: [{ name: 'Ann Lee', role: 'customer' }, { name: 'Pat Team', role: 'permit_team' }],
      messages: [{ id: 71, body: 'We need the roof plan.', createdAt: '2026-01-04T10:00:00.000Z', author: { name: 'Pat Team', role: 'permit_team' } }],
    },
  ],
  stageHistory: [
    { id: 1, stage: 10, name: 'Requested', fromStage: null, changedAt: '2026-01-02T10:00:00.000Z', changedBy: 'customer', note: null },
    { id: 2, stage: 20, name: 'Processing', fromStage: 10, changedAt: '2026-01-03T10:00:00.000Z', changedBy: 'permit_team', note: null },
    { id: 3, stage: 30, name: 'Submitted', fromStage: 20, changedAt: '2026-01-05T10:00:00.000Z', changedBy: 'permit_team', note: 'Sent to the city' },
  ],
  ...overrides,
});

export const documentRow = (documentId: number, fileName: string, size = 2048) => ({
  documentId, documentType: 'permit', documentableId: '1', documentableType: 'Permit' as const, fileName,
  contentType: 'application/pdf', size, uploaded: true, createdAt: '2026-01-06T10:00:00.000Z',
});
