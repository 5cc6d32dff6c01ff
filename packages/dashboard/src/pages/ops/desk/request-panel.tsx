// The customer's request: who asked, the company and its owner, the job site and the customer's phones,
// and form 52's answers in the form's own words.
import { DATE_FORMATS, formatDate, formatPhone, type PermitDesk } from '@permitdesk/core';

/** Why the customer was asked to choose the municipality (core's MunicipalityChoice reasons). */
const CHOICE_REASONS = {
  'unincorporated-nearby': 'unincorporated county area lies close by',
  'near-city-limits': 'the job site is near city limits',
  'zip-county': "the job site's ZIP code reaches into several counties",
} as const;

export function RequestPanel({ desk }: { desk: PermitDesk }) {
  const { permit, request, requester, company } = desk;
  return (
    <div className="desk-request">
      <dl className="desk-facts">
        <dt>Customer</dt>
        <dd>{permit.customerName}</dd>
        <dt>Job site</dt>
        <dd>{permit.projectAddress}</dd>
        <dt>Phones</dt>
        <dd>{[permit.customerPhoneNumber, permit.customerAltPhoneNumber].filter(Boolean).map((phone) => formatPhone(phone)).join(', ') || 'None given'}</dd>
        <dt>Requested by</dt>
        <dd>{requester ? `${requester.name} (${requester.email})` : 'Unknown'}</dd>
        <dt>Company</dt>
        <dd>{company ? `${company.name}${company.owner ? `, owner ${company.owner.name} (${company.owner.email})` : ''}` : 'A personal project'}</dd>
        <dt>Municipality</dt>
        <dd>
          {permit.municipalityName}
          {permit.municipalityChoice ? (
            // Issue 15: the data could not tell, so the customer chose among these.
            <span className="muted">
              {' '}
              (chosen by the customer from {permit.municipalityChoice.offered.map((m) => m.name).join(' or ')}:{' '}
              {CHOICE_REASONS[permit.municipalityChoice.reason]})
            </span>
          ) : null}
        </dd>
        <dt>Task</dt>
        <dd>{permit.taskName}</dd>
      </dl>
      {request ? (
        <>
          <h3 className="desk-subtitle">
            {request.title} <span className="muted">sent {formatDate(request.submittedAt, DATE_FORMATS.usDateTime)}</span>
          </h3>
          <dl className="desk-facts" aria-label="The customer's answers">
            {request.answers.map((answer) => (
              <div key={answer.name} className="desk-facts__row">
                <dt>{answer.label}</dt>
                <dd>{answer.value ?? <span className="muted">Not answered</span>}</dd>
              </div>
            ))}
          </dl>
        </>
      ) : (
        <p className="muted">No request form is on record for this permit.</p>
      )}
    </div>
  );
}
