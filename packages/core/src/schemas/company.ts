// Companies, their roles and their compliance vault (SPEC §3, §7.3).
import * as v from 'valibot';
import { companyNameSchema } from '../rules/validation.js';
import { companyRoleSchema } from './identity.js';
import { dateSchema, idSchema, subSchema, timestampSchema } from './common.js';
import { uploadContentTypeSchema, uploadFileNameSchema } from '../rules/uploads.js';

/** Company status codes: Active 1, Inactive -1 (SPEC §9). */
export const COMPANY_STATUS = { Active: 1, Inactive: -1 } as const;

export const companySchema = v.object({
  id: idSchema,
  name: v.string(),
  role: v.nullable(companyRoleSchema),
  guestAccess: v.boolean(),
  /** Classification code of the company or its parent (SPEC §9: 1, 8, 3). */
  classification: v.picklist([1, 3, 8]),
  parentId: v.nullable(idSchema),
  status: v.picklist([COMPANY_STATUS.Active, COMPANY_STATUS.Inactive]),
  address: v.nullable(v.string()),
  fromURL: v.nullable(v.string()),
  createdAt: timestampSchema,
});
export type Company = v.InferOutput<typeof companySchema>;

export const createCompanySchema = v.object({
  name: companyNameSchema,
  address: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(300)))),
  fromURL: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(2000)))),
  /** 'Active' as text on creation (SPEC §3). */
  status: v.optional(v.literal('Active'), 'Active'),
});
export type CreateCompany = v.InferInput<typeof createCompanySchema>;
export const updateCompanySchema = v.partial(v.pick(createCompanySchema, ['name', 'address']));

/** Role (user type) of one user in one company (SPEC §3). */
export const userTypeSchema = v.object({
  id: idSchema,
  companyId: idSchema,
  userId: subSchema,
  email: v.string(),
  name: v.string(),
  role: companyRoleSchema,
  active: v.boolean(),
  createdAt: timestampSchema,
});
export type UserType = v.InferOutput<typeof userTypeSchema>;
/** PUT /v4/roles/user-types/{id} */
export const updateUserTypeSchema = v.object({ role: companyRoleSchema, active: v.boolean() });
/** GET /v4/companies/{id}/roles (the v3 roles response). */
export const companyRolesResponseSchema = v.object({ companyId: idSchema, roles: v.array(userTypeSchema) });

export const DOCUMENT_STATUSES = ['active', 'archived'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];
/** Documentation category labels (SPEC §3). */
export const DOCUMENTATION_CATEGORIES = ['Sorted', 'Unneeded', 'Unsorted'] as const;
export type DocumentationCategory = (typeof DOCUMENTATION_CATEGORIES)[number];
/** The attached file of a vault item: its name, and what to pass as `file` to GET /v4/s3/presigned. */
const attachedFile = {
  fileName: v.optional(v.nullable(v.string())),
  file: v.optional(v.nullable(v.string())),
};
const vaultItemBase = {
  companyId: idSchema,
  name: v.string(),
  number: v.nullable(v.string()),
  issuer: v.nullable(v.string()),
  stateCode: v.nullable(v.string()),
  issuedOn: v.nullable(dateSchema),
  expiresOn: v.nullable(dateSchema),
  status: v.picklist(DOCUMENT_STATUSES),
  documentId: v.nullable(idSchema),
  createdAt: timestampSchema,
  ...attachedFile,
};
export const licenseSchema = v.object({
  licenseId: idSchema,
  licenseType: v.picklist(['state', 'local']),
  /** The municipality of a local business license (the permit form's license lookup matches on it). */
  municipalityId: v.optional(v.nullable(idSchema)),
  ...vaultItemBase,
});
export const insuranceSchema = v.object({ insuranceId: idSchema, coverageAmount: v.nullable(v.number()), ...vaultItemBase });
export const certificateSchema = v.object({ certificateId: idSchema, ...vaultItemBase });
export const documentationSchema = v.object({
  documentId: idSchema,
  companyId: idSchema,
  name: v.string(),
  category: v.picklist(DOCUMENTATION_CATEGORIES),
  status: v.picklist(DOCUMENT_STATUSES),
  fileName: v.nullable(v.string()),
  createdAt: timestampSchema,
  /** What to pass as `file` to GET /v4/s3/presigned, once a file is attached. */
  file: v.optional(v.nullable(v.string())),
});
export type License = v.InferOutput<typeof licenseSchema>;
export type Insurance = v.InferOutput<typeof insuranceSchema>;
export type Certificate = v.InferOutput<typeof certificateSchema>;
export type Documentation = v.InferOutput<typeof documentationSchema>;

const vaultItemInput = {
  name: v.pipe(v.string(), v.trim(), v.nonEmpty('Name is required.'), v.maxLength(200)),
  number: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(100)))),
  issuer: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(200)))),
  stateCode: v.optional(v.nullable(v.pipe(v.string(), v.regex(/^[A-Z]{2}$/)))),
  issuedOn: v.optional(v.nullable(dateSchema)),
  expiresOn: v.optional(v.nullable(dateSchema)),
  documentId: v.optional(v.nullable(idSchema)),
};
export const licenseInputSchema = v.object({
  licenseType: v.picklist(['state', 'local']),
  municipalityId: v.optional(v.nullable(idSchema)),
  ...vaultItemInput,
});
export const insuranceInputSchema = v.object({ coverageAmount: v.optional(v.nullable(v.number())), ...vaultItemInput });
export const certificateInputSchema = v.object(vaultItemInput);
export const documentationInputSchema = v.object({
  name: vaultItemInput.name,
  category: v.optional(v.picklist(DOCUMENTATION_CATEGORIES), 'Unsorted'),
  documentId: v.optional(v.nullable(idSchema)),
});

/** What a company file can be attached to: a license, an insurance, a certificate, or the company (documentation). */
export const COMPANY_DOCUMENTABLE_TYPES = ['License', 'Insurance', 'Certificate', 'Company'] as const;
export type CompanyDocumentableType = (typeof COMPANY_DOCUMENTABLE_TYPES)[number];
/**
 * POST /v4/companies/{id}/documents: register a company file and get a presigned URL for its bytes.
 * documentableId names the license / insurance / certificate / documentation the file is attached to
 * (its documentId becomes this file); a Company file without one starts a new 'Unsorted' documentation.
 */
export const companyDocumentUploadSchema = v.object({
  fileName: uploadFileNameSchema,
  contentType: uploadContentTypeSchema,
  size: v.pipe(v.number(), v.integer(), v.minValue(1)),
  documentableType: v.picklist(COMPANY_DOCUMENTABLE_TYPES),
  documentableId: v.optional(v.nullable(idSchema)),
});

/** A stored file attached to something (SPEC §3 Documents). */
export const documentSchema = v.object({
  documentId: idSchema,
  documentType: v.string(),
  documentableId: v.string(),
  documentableType: v.picklist(['Permit', 'Project', 'Company', 'License', 'Insurance', 'Certificate']),
  fileName: v.string(),
  contentType: v.string(),
  size: v.number(),
  uploaded: v.boolean(),
  createdAt: timestampSchema,
  /** What to pass as `file` to GET /v4/s3/presigned for a download URL. */
  file: v.optional(v.string()),
});
export type Document = v.InferOutput<typeof documentSchema>;
/** GET /v4/s3/presigned?file= and POST /app/cloudfront/presigned answer a short-lived download URL. */
export const presignedDownloadSchema = v.object({ url: v.string(), expiresAt: timestampSchema });

/** Compliance indicators per company: true or unknown (null) shows a tab indicator (SPEC §2.9). */
export const indicatorsSchema = v.object({
  companyId: idSchema,
  license: v.nullable(v.boolean()),
  insurance: v.nullable(v.boolean()),
  certificate: v.nullable(v.boolean()),
  agreement: v.nullable(v.boolean()),
  /** Issue 16: each tab's colour (core's indicatorColour): red expired, amber expiring, green otherwise. */
  colours: v.optional(v.object({
    license: v.picklist(['red', 'amber', 'green']),
    insurance: v.picklist(['red', 'amber', 'green']),
    certificate: v.picklist(['red', 'amber', 'green']),
    agreement: v.picklist(['red', 'amber', 'green']),
  })),
});
export type Indicators = v.InferOutput<typeof indicatorsSchema>;

/** Expiration credentials per company (GET /v4/credentials?companyId=). */
export const credentialSchema = v.object({
  /** 'platform': the company's construction-platform connection (its state, never its tokens). */
  kind: v.picklist(['license', 'insurance', 'certificate', 'platform']),
  id: idSchema,
  name: v.string(),
  expiresOn: v.nullable(dateSchema),
  /** The platform connection's state: connected, broken (reconnect) or revoked. */
  state: v.optional(v.picklist(['connected', 'broken', 'revoked'])),
});

export const complianceTypeSchema = v.object({ id: idSchema, type: v.picklist(['license', 'insurance', 'certificate']), name: v.string() });

/** Company recent updates (GET /v4/companies/{id}/project-updates): feeds the Updates badge. */
export const projectUpdateSchema = v.object({
  id: idSchema,
  permitId: idSchema,
  projectId: idSchema,
  customerName: v.string(),
  message: v.string(),
  stage: v.number(),
  createdAt: timestampSchema,
  read: v.boolean(),
});
export type ProjectUpdate = v.InferOutput<typeof projectUpdateSchema>;

/** Vendor link (SPEC §3): vendor, companyId, vendorId. */
export const vendorSchema = v.object({
  /** The client company; null for a vendor of the personal account (vendor-for=Individual). */
  companyId: v.nullable(idSchema),
  vendorId: idSchema,
  vendor: v.object({ id: idSchema, name: v.string(), address: v.nullable(v.string()) }),
  status: v.number(),
  createdAt: timestampSchema,
});
export type Vendor = v.InferOutput<typeof vendorSchema>;
