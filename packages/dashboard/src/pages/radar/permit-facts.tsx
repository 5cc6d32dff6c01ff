// Read-only facts of a permit shared by the radar's detail row and the permit page: inspections in
// perform order with their status, and assignments with their access level (the main owner marked).
import { DATE_FORMATS, formatDate, mainOwnerAssignment, type PermitInspection, type ProjectAssignment } from '@permitdesk/core';

const titleCase = (text: string): string => text.replace(/(^|[\s-])\w/g, (c) => c.toUpperCase());

/** Inspections in perform order (SPEC §2.7), whatever order the server sent. */
export const byPerformOrder = (inspections: readonly PermitInspection[]): PermitInspection[] =>
  [...inspections].sort((a, b) => a.performOrder - b.performOrder || a.id - b.id);

export function InspectionList({ inspections }: { inspections: readonly PermitInspection[] }) {
  if (inspections.length === 0) return <p className="muted facts__none">No inspections yet.</p>;
  return (
    <ol className="inspections">
      {byPerformOrder(inspections).map((inspection) => (
        <li key={inspection.id} className="inspections__item" data-status={inspection.status}>
          <span className="inspections__name">{inspection.inspectionName}</span>
          <span className={`pill pill--${inspection.status}`}>{titleCase(inspection.status)}</span>
          {inspection.scheduledAt && (
            <span className="muted inspections__date">{formatDate(inspection.scheduledAt, DATE_FORMATS.usDateTime)}</span>
          )}
        </li>
      ))}
    </ol>
  );
}

export const accessLevelLabel = (level: ProjectAssignment['accessLevel']): string => titleCase(level);

export function AssignmentList({ assignments }: { assignments: readonly ProjectAssignment[] }) {
  const visible = assignments.filter((a) => a.assigneeType !== 'Project');
  if (visible.length === 0) return <p className="muted facts__none">Nobody is assigned yet.</p>;
  const mainOwner = mainOwnerAssignment(visible);
  return (
    <ul className="assignments">
      {visible.map((assignment) => (
        <li key={assignment.id} className="assignments__item">
          <span className="assignments__name">{assignment.assignName}</span>
          <span className="muted">{assignment.assigneeType}</span>
          <span className="pill pill--level">{accessLevelLabel(assignment.accessLevel)}</span>
          {mainOwner?.id === assignment.id && <span className="pill pill--owner">Main owner</span>}
        </li>
      ))}
    </ul>
  );
}
