// Forms 52, 31, 32 and 50 as data (formDefinitionSchema): one renderer in the widget and the
// dashboard shows them, and submissions are checked against these same definitions. Field names match
// the entry prefill's keys (PermitFormEntry), so a field starts with the prefill of the same name.
import { FORM_IDS, type FormDefinition, type FormId } from '../schemas/forms.js';

const jobSiteAddress = { name: 'JobSiteAddress', label: 'Job Site Address', type: 'address', required: true, readOnly: true } as const;
const descriptionOfWork = {
  name: 'DescriptionOfWork',
  label: 'Description of Work',
  type: 'textarea',
  required: true,
  maxLength: 2000,
  placeholder: 'What will be built, replaced or installed, and where on the property?',
} as const;
const jobValue = {
  name: 'JobValue',
  label: 'Job Value',
  type: 'currency',
  required: true,
  help: 'The estimated value of the work in dollars, labor and materials included.',
} as const;
const estimatedStartDate = { name: 'EstimatedStartDate', label: 'Estimated Start Date', type: 'date', required: false } as const;
// The pre-filing gate checks the company's credentials through the end of the work.
const estimatedCompletionDate = { name: 'EstimatedCompletionDate', label: 'Estimated Completion Date', type: 'date', required: false } as const;
// A homeowner doing the work has no contractor licenses or purchase orders: those are asked of companies.
const forCompanies: ['Company'] = ['Company'];
const stateLicenseNumber = { name: 'StateLicenseNumber', label: 'State License Number', type: 'text', required: false, maxLength: 100, applicants: forCompanies } as const;
const localLicenseNumber = {
  name: 'LocalBusinessLicenseNumber',
  label: 'Local Business License Number',
  type: 'text',
  required: false,
  maxLength: 100,
  applicants: forCompanies,
} as const;

/** Form 52: the service request permit, at the end of the widget's flow. */
export const serviceRequestPermitForm: FormDefinition = {
  id: FORM_IDS.serviceRequestPermit,
  title: 'Permit Request',
  submitLabel: 'Request Permit',
  fields: [
    jobSiteAddress,
    { name: 'CustomerName', label: 'Customer Name', type: 'text', required: true, maxLength: 200, help: 'The property owner the permit is for.', placeholder: "The property owner's full name" },
    { name: 'ContactEmail', label: 'Contact Email', type: 'email', required: true, maxLength: 100 },
    { name: 'ContactPhoneNumber', label: 'Contact Phone Number', type: 'phone', required: true },
    descriptionOfWork,
    jobValue,
    { name: 'ProjectIdentifier', label: 'Project Identifier', type: 'text', required: false, maxLength: 100, help: 'Your purchase order or job number, if you have one.', applicants: forCompanies },
    estimatedStartDate,
    estimatedCompletionDate,
    { name: 'HomeBuiltDate', label: 'Year the Home Was Built', type: 'text', required: false, maxLength: 20 },
    stateLicenseNumber,
    localLicenseNumber,
  ],
};

/** Form 31: apply for a permit on an existing project (a radar row). */
export const projectPermitForm: FormDefinition = {
  id: FORM_IDS.project,
  title: 'Permit Application',
  submitLabel: 'Apply for Permit',
  fields: [
    jobSiteAddress,
    { name: 'CustomerName', label: 'Customer Name', type: 'text', required: true, maxLength: 200, readOnly: true },
    descriptionOfWork,
    jobValue,
    estimatedStartDate,
    estimatedCompletionDate,
    stateLicenseNumber,
    localLicenseNumber,
  ],
};

export const CANCELLATION_REASONS = [
  { label: 'The project was canceled', value: 'project-canceled' },
  { label: 'A permit is no longer needed', value: 'no-permit-needed' },
  { label: 'Someone else is pulling the permit', value: 'another-provider' },
  { label: 'This request is a duplicate', value: 'duplicate' },
  { label: 'Other', value: 'other' },
] as const;

/** Form 50: the cancellation request. */
export const cancellationForm: FormDefinition = {
  id: FORM_IDS.cancellation,
  title: 'Cancellation Request',
  submitLabel: 'Request Cancellation',
  fields: [
    { name: 'Reason', label: 'Reason for Cancellation', type: 'select', required: true, options: [...CANCELLATION_REASONS] },
    { name: 'Details', label: 'Details', type: 'textarea', required: false, maxLength: 2000 },
    {
      name: 'Acknowledge',
      label: 'I understand that fees already paid to the municipality may not be refundable.',
      type: 'checkbox',
      required: true,
    },
  ],
};

/** Form 32: a record from an integration (construction-management platform or accounting quotes). */
export const integrationForm: FormDefinition = {
  id: FORM_IDS.integration,
  title: 'Integration Entry',
  submitLabel: 'Save',
  fields: [
    { name: 'IntegrationID', label: 'Integration Record ID', type: 'text', required: true, maxLength: 100 },
    {
      name: 'Platform',
      label: 'Platform',
      type: 'select',
      required: true,
      options: [
        { label: 'Construction-management platform', value: 'construction-platform' },
        { label: 'Accounting quote system', value: 'accounting' },
      ],
    },
    { name: 'ExternalProjectId', label: 'External Project ID', type: 'text', required: false, maxLength: 100 },
    { name: 'Notes', label: 'Notes', type: 'textarea', required: false, maxLength: 2000 },
  ],
};

export const FORM_DEFINITIONS: Readonly<Record<FormId, FormDefinition>> = {
  52: serviceRequestPermitForm,
  31: projectPermitForm,
  32: integrationForm,
  50: cancellationForm,
};

export const formDefinition = (formId: FormId): FormDefinition => FORM_DEFINITIONS[formId];
