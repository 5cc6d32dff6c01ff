// The form engine's data: definitions of forms 52, 31, 32 and 50, entries, and the entry prefill (SPEC §3, §9).
import * as v from 'valibot';
import { idSchema, timestampSchema } from './common.js';
import { jobSiteAddressSchema } from './lookup.js';

/** Form ids (SPEC §9): service request permit 52, project 31, integration 32, cancellation 50. */
export const FORM_IDS = { serviceRequestPermit: 52, project: 31, integration: 32, cancellation: 50 } as const;
export type FormId = (typeof FORM_IDS)[keyof typeof FORM_IDS];

export const FIELD_TYPES = ['text', 'textarea', 'email', 'phone', 'currency', 'date', 'select', 'checkbox', 'address', 'hidden', 'file'] as const;
export const formFieldSchema = v.object({
  name: v.string(),
  label: v.string(),
  type: v.picklist(FIELD_TYPES),
  required: v.boolean(),
  maxLength: v.optional(v.number()),
  options: v.optional(v.array(v.object({ label: v.string(), value: v.string() }))),
  placeholder: v.optional(v.string()),
  help: v.optional(v.string()),
  /** Prefilled fields that the user may not change (e.g. the job site address of a read-only permit). */
  readOnly: v.optional(v.boolean()),
  /** Asked only of these applicants (license numbers of a company, not of a do-it-yourself homeowner). */
  applicants: v.optional(v.array(v.picklist(['Company', 'Individual']))),
});
export type FormField = v.InferOutput<typeof formFieldSchema>;
export const formDefinitionSchema = v.object({
  id: v.picklist([52, 31, 32, 50]),
  title: v.string(),
  submitLabel: v.string(),
  fields: v.array(formFieldSchema),
});
export type FormDefinition = v.InferOutput<typeof formDefinitionSchema>;

/** License lookup result (SPEC §3). */
const licenseRefSchema = v.nullable(v.object({ companyId: idSchema, licenseNo: v.string() }));
export const licenseLookupSchema = v.object({ stateLicense: licenseRefSchema, localLicense: licenseRefSchema });
export type LicenseLookup = v.InferOutput<typeof licenseLookupSchema>;

/** Permit form entry data (SPEC §3): what the form is prefilled with. */
export const permitFormEntrySchema = v.object({
  MunicipalityID: idSchema,
  MunicipalityName: v.string(),
  TaskID: idSchema,
  TaskName: v.string(),
  DescriptionOfWork: v.optional(v.string(), ''),
  JobSiteAddress: jobSiteAddressSchema,
  AddressID: v.optional(v.string()),
  UserID: v.optional(v.string()),
  ContactEmail: v.optional(v.string()),
  ContactPhoneNumber: v.optional(v.string()),
  CompanyName: v.optional(v.string()),
  FullName: v.optional(v.string()),
  ApplicantName: v.optional(v.string()),
  CompanyID: v.optional(v.nullable(idSchema)),
  ApplicantType: v.picklist(['Company', 'Individual']),
  ProjectId: v.optional(v.nullable(idSchema)),
  PermitId: v.optional(v.nullable(idSchema)),
  CustomerName: v.optional(v.string()),
  JobValue: v.optional(v.string()),
  DollarValueOfProject: v.optional(v.string()),
  ProjectIdentifier: v.optional(v.string()),
  IsReadOnlyAddressPermit: v.optional(v.boolean(), false),
  StateLicense: v.optional(v.string()),
  StateLicenseNumber: v.optional(v.string()),
  LocalBusinessLicense: v.optional(v.string()),
  LocalBusinessLicenseNumber: v.optional(v.string()),
  FromURL: v.optional(v.string()),
  ClientID: v.optional(v.string()),
  Session: v.optional(v.string()),
});
export type PermitFormEntry = v.InferOutput<typeof permitFormEntrySchema>;

/**
 * A submitted form carries the submitter's choices, never a copy of the server's data: the task, the job site
 * (the address search id and line 2), the company, the project or permit it is about, and the answers. The
 * server rebuilds the entry from them; `municipalityId`, when sent, is the municipality the visitor was
 * shown, and a request whose municipality is not the chosen address's is refused.
 */
export const formSubmissionSchema = v.strictObject(
  {
    formId: v.picklist([52, 31, 32, 50]),
    taskId: v.optional(idSchema),
    addressId: v.optional(v.pipe(v.string(), v.maxLength(300))),
    addressLine2: v.optional(v.pipe(v.string(), v.maxLength(100))),
    companyId: v.optional(v.nullable(idSchema)),
    projectId: v.optional(v.nullable(idSchema)),
    permitId: v.optional(v.nullable(idSchema)),
    municipalityId: v.optional(idSchema),
    answers: v.record(v.string(), v.union([v.string(), v.number(), v.boolean(), v.null()])),
    /** 'Submit anyway; the permit team will ask for it': files a request the pre-filing gate finds incomplete. */
    acknowledgeGate: v.optional(v.boolean()),
  },
  (issue) =>
    issue.expected === 'never'
      ? `A form submission carries choices only (task, address id, line 2, company, project, permit, answers); ${issue.received} is not one.`
      : 'A form submission must be an object.',
);
export type FormSubmission = v.InferInput<typeof formSubmissionSchema>;
export type FormChoices = Omit<FormSubmission, 'formId' | 'answers' | 'acknowledgeGate'>;

/** The choices behind an entry prefill: what a client sends back with the answers. */
export function formChoices(entry: PermitFormEntry): FormChoices {
  const choices: FormChoices = { taskId: entry.TaskID, municipalityId: entry.MunicipalityID, companyId: entry.CompanyID ?? null };
  if (entry.AddressID) {
    choices.addressId = entry.AddressID;
    if (entry.JobSiteAddress.Line2) choices.addressLine2 = entry.JobSiteAddress.Line2;
  }
  if (entry.ProjectId != null) choices.projectId = entry.ProjectId;
  if (entry.PermitId != null) choices.permitId = entry.PermitId;
  return choices;
}

/** The stored entry, with what the submission created. */
export const formEntryResultSchema = v.object({
  entryId: idSchema,
  formId: v.number(),
  projectId: v.nullable(idSchema),
  permitId: v.nullable(idSchema),
  session: v.nullable(v.string()),
  createdAt: timestampSchema,
});
export type FormEntryResult = v.InferOutput<typeof formEntryResultSchema>;
