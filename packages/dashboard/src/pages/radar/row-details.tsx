// The expanded detail of a radar row (SPEC §2.7): scope of work, project value with thousands
// separators, the dates in the SPEC's formats, inspections in perform order, assignments with access.
import { DATE_FORMATS, formatDate, formatPhone, formatProjectValue, postalCode5, type ProjectSearchRow } from '@permitdesk/core';
import { AssignmentList, InspectionList } from './permit-facts.js';

const dash = (text: string | null | undefined): string => (text && text.trim() ? text : '—');

export function RowDetails({ row }: { row: ProjectSearchRow }) {
  const { address } = row;
  return (
    <div className="row-details">
      <section className="row-details__block" aria-label="Project">
        <h3 className="row-details__title">Project</h3>
        <dl className="facts">
          <dt>Scope of Work</dt>
          <dd>{dash(row.scopeOfWork)}</dd>
          <dt>Project Value</dt>
          <dd>{row.projectValue == null ? '—' : `$${formatProjectValue(row.projectValue)}`}</dd>
          <dt>Job Address</dt>
          <dd>
            {address.streetAddress}
            {address.streetModifier ? `, ${address.streetModifier}` : ''}, {address.city}, {address.state} {postalCode5(address.postalCode)}
          </dd>
          <dt>Project ID</dt>
          <dd>{row.projectId}</dd>
          <dt>Order Number</dt>
          <dd>{dash(row.orderNumber)}</dd>
          <dt>Customer Phone</dt>
          <dd>{row.customerPhoneNumber ? formatPhone(row.customerPhoneNumber) : '—'}</dd>
          <dt>Home Built</dt>
          <dd>{dash(row.projectDetails.homeBuiltDate)}</dd>
        </dl>
      </section>
      <section className="row-details__block" aria-label="Dates">
        <h3 className="row-details__title">Permit</h3>
        <dl className="facts">
          <dt>Municipality</dt>
          <dd>{row.municipality.name}</dd>
          <dt>Permit Number</dt>
          <dd>{dash(row.permitNumber)}</dd>
          <dt>Requested</dt>
          <dd>{formatDate(row.createdAt, DATE_FORMATS.long)}</dd>
          <dt>Issued</dt>
          <dd>{dash(formatDate(row.issuedAt, DATE_FORMATS.usDateTime))}</dd>
          <dt>Expires</dt>
          <dd>{dash(formatDate(row.expiresAt, DATE_FORMATS.date))}</dd>
          <dt>Est. Completion</dt>
          <dd>{dash(formatDate(row.estCompletionAt, DATE_FORMATS.date))}</dd>
        </dl>
      </section>
      <section className="row-details__block" aria-label="Inspections">
        <h3 className="row-details__title">Inspections</h3>
        <InspectionList inspections={row.permitInspections} />
      </section>
      <section className="row-details__block" aria-label="Assignments">
        <h3 className="row-details__title">Assignments</h3>
        <AssignmentList assignments={row.projectsAssignments} />
      </section>
    </div>
  );
}
