// Radar rows for the stories: permits as the search answers them (core's projectSearchRowSchema).
import type { ProjectAssignment, ProjectSearchRow } from '@permitdesk/core';

const DAY = 86_400_000;
/** The stories judge statuses at a fixed moment, so they look the same every day. */
export const STORY_NOW = new Date('2026-06-15T12:00:00.000Z');
const at = (days: number) => new Date(STORY_NOW.getTime() + days * DAY).toISOString();

const assignment = (id: number, assigneeType: ProjectAssignment['assigneeType'], assignName: string, accessLevel: ProjectAssignment['accessLevel']): ProjectAssignment => ({
  id, projectId: 100 + id, accessLevel, assigneeType, assigneeId: String(id), assignName, company: null, createdAt: at(-30 + id),
});

export function storyRow(id: number, customerName: string, overrides: Partial<ProjectSearchRow> = {}): ProjectSearchRow {
  return {
    id, permitId: id, stage: 10, session: `story-${id}`, projectId: 100 + id, projectName: null, taskId: 3, taskName: 'Roof Replacement',
    agentId: null, customerName, orderNumber: `PO-${1000 + id}`,
    address: { streetAddress: `${id * 12} Oak St`, streetModifier: null, city: 'Springfield', state: 'IL', postalCode: '62701' },
    projectAddress: `${id * 12} Oak St, Springfield, IL 62701`, customerPhoneNumber: '+12175550142', customerAltPhoneNumber: null,
    createdAt: at(-40 + id), expiresAt: null, issuedAt: null, estCompletionAt: null,
    assignedName: null, assignedNameLatest: null, assignedTypeLatest: null, assignedIdLatest: null,
    projectsAssignments: [], permitInspections: [], scopeOfWork: 'Tear off and re-roof 30 squares, new flashing at the chimney.',
    projectValue: 1250000, projectDetails: { homeBuiltDate: '1962', fullAddress: `${id * 12} Oak St, Springfield, IL 62701` },
    municipalityId: 9, municipalityName: 'City of Springfield', municipality: { id: 9, name: 'City of Springfield' },
    permitRedirectURL: null, permitNumber: null, cancellationRequested: false, companyId: 11,
    ...overrides,
  };
}

/** One row per status of SPEC §4.3. */
export const ROWS_BY_STATUS: ProjectSearchRow[] = [
  storyRow(1, 'Ann Archer', { stage: 10 }),
  storyRow(2, 'Ben Baker', { stage: 20, projectsAssignments: [assignment(1, 'User', 'Jane Doe', 'owner')] }),
  storyRow(3, 'Cara Cole', { stage: 30, permitInspections: [{ id: 1, inspectionName: 'Footing', status: 'open', performOrder: 1, scheduledAt: null }] }),
  storyRow(4, 'Dan Drake', { stage: 40, projectsAssignments: [assignment(2, 'Company', 'Acme Builders', 'owner'), assignment(3, 'User', 'Jane Doe', 'editor')] }),
  storyRow(5, 'Eve Evans', {
    stage: 50, issuedAt: at(-20), expiresAt: at(300), estCompletionAt: at(30), permitNumber: 'BP-2026-0042',
    permitInspections: [
      { id: 3, inspectionName: 'Final', status: 'open', performOrder: 3, scheduledAt: null },
      { id: 1, inspectionName: 'Footing', status: 'passed', performOrder: 1, scheduledAt: at(-10) },
      { id: 2, inspectionName: 'Framing', status: 'scheduled', performOrder: 2, scheduledAt: at(3) },
    ],
    projectsAssignments: [assignment(4, 'Vendor', 'Bright Solar', 'contributor'), assignment(5, 'Company', 'Acme Builders', 'owner')],
  }),
  storyRow(6, 'Finn Ford', { stage: 50, issuedAt: at(-90), expiresAt: at(200), estCompletionAt: at(-5), permitInspections: [{ id: 4, inspectionName: 'Final', status: 'open', performOrder: 1, scheduledAt: null }] }),
  storyRow(7, 'Gia Grant', { stage: 50, issuedAt: at(-400), expiresAt: at(-2) }),
  storyRow(8, 'Hal Hunt', { stage: 52 }),
  storyRow(9, 'Ivy Irwin', { stage: 55 }),
  storyRow(10, 'Jon Jay', { stage: 60 }),
  storyRow(11, 'Kim Kerr', { stage: 70 }),
  storyRow(12, 'Lou Lane', { stage: 71 }),
  storyRow(13, 'May Moss', { stage: 72 }),
];
