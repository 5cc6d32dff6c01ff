// Forms 52, 31, 32 and 50 as data live in core (rules/form-definitions.ts) so that every area can label
// a stored entry's answers (the permit desk shows form 52 in the form's words); the form engine reads them here.
export { CANCELLATION_REASONS, cancellationForm, FORM_DEFINITIONS, formDefinition, integrationForm, projectPermitForm, serviceRequestPermitForm } from '@permitdesk/core';
