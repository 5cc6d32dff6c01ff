// The three kinds of vault item (licenses, insurance, certificates): their words, their calls in core's
// client, and their input schemas, so one page and one form serve all three.
import {
  certificateInputSchema,
  insuranceInputSchema,
  licenseInputSchema,
  type Certificate,
  type CompanyDocumentableType,
  type Insurance,
  type License,
} from '@permitdesk/core';
import type * as v from 'valibot';
import { api } from '../../../session/api.js';
import type { SectionKey } from '../compliance-messages.js';

export type VaultKind = 'license' | 'insurance' | 'certificate';
export type VaultItem = License | Insurance | Certificate;
type LicenseInput = v.InferInput<typeof licenseInputSchema>;
type InsuranceInput = v.InferInput<typeof insuranceInputSchema>;
type CertificateInput = v.InferInput<typeof certificateInputSchema>;
/** A body for one kind; each config reads it as its own kind's (the form parsed it with that schema). */
export type VaultInput = LicenseInput | InsuranceInput | CertificateInput;
export type ListQuery = { status?: 'active' | 'archived'; keyword?: string };

export interface VaultKindConfig {
  kind: VaultKind;
  section: SectionKey;
  /** Page title (the sidebar's tab name). */
  title: string;
  /** 'license' in 'Add License', 'The license has been archived.' */
  singular: string;
  documentableType: CompanyDocumentableType;
  schema: v.GenericSchema;
  /** Labels of the number and issuer fields. */
  numberLabel: string;
  issuerLabel: string;
  idOf: (item: VaultItem) => number;
  list: (companyId: string, query: ListQuery, signal?: AbortSignal) => Promise<VaultItem[]>;
  create: (companyId: string, body: VaultInput) => Promise<VaultItem>;
  update: (companyId: string, id: number, body: VaultInput) => Promise<VaultItem>;
  archive: (companyId: string, id: number) => Promise<VaultItem>;
  restore: (companyId: string, id: number) => Promise<VaultItem>;
  /** Vendor mode: the kind's list in a vendor's shared wallet. */
  shared: 'licenses' | 'insurances' | 'certificates';
}

export const VAULT_KINDS: Record<VaultKind, VaultKindConfig> = {
  license: {
    kind: 'license', section: 'licenses', title: 'Licenses', singular: 'license', documentableType: 'License', schema: licenseInputSchema,
    numberLabel: 'License Number', issuerLabel: 'Issued By',
    idOf: (item) => (item as License).licenseId,
    list: (id, query, signal) => api.companies.licenses.list({ params: { id }, query, signal, silent: true }),
    create: (id, body) => api.companies.licenses.create({ params: { id }, body: body as LicenseInput, silent: true }),
    update: (id, licenseId, body) => api.companies.licenses.update({ params: { id, licenseId }, body: body as LicenseInput, silent: true }),
    archive: (id, licenseId) => api.companies.licenses.archive({ params: { id, licenseId }, silent: true }),
    restore: (id, licenseId) => api.companies.licenses.restore({ params: { id, licenseId }, silent: true }),
    shared: 'licenses',
  },
  insurance: {
    kind: 'insurance', section: 'insurances', title: 'Insurance', singular: 'insurance', documentableType: 'Insurance', schema: insuranceInputSchema,
    numberLabel: 'Policy Number', issuerLabel: 'Carrier',
    idOf: (item) => (item as Insurance).insuranceId,
    list: (id, query, signal) => api.companies.insurances.list({ params: { id }, query, signal, silent: true }),
    create: (id, body) => api.companies.insurances.create({ params: { id }, body: body as InsuranceInput, silent: true }),
    update: (id, insuranceId, body) => api.companies.insurances.update({ params: { id, insuranceId }, body: body as InsuranceInput, silent: true }),
    archive: (id, insuranceId) => api.companies.insurances.archive({ params: { id, insuranceId }, silent: true }),
    restore: (id, insuranceId) => api.companies.insurances.restore({ params: { id, insuranceId }, silent: true }),
    shared: 'insurances',
  },
  certificate: {
    kind: 'certificate', section: 'certificates', title: 'Certifications', singular: 'certificate', documentableType: 'Certificate', schema: certificateInputSchema,
    numberLabel: 'Certificate Number', issuerLabel: 'Issued By',
    idOf: (item) => (item as Certificate).certificateId,
    list: (id, query, signal) => api.companies.certificates.list({ params: { id }, query, signal, silent: true }),
    create: (id, body) => api.companies.certificates.create({ params: { id }, body: body as CertificateInput, silent: true }),
    update: (id, certificateId, body) => api.companies.certificates.update({ params: { id, certificateId }, body: body as CertificateInput, silent: true }),
    archive: (id, certificateId) => api.companies.certificates.archive({ params: { id, certificateId }, silent: true }),
    restore: (id, certificateId) => api.companies.certificates.restore({ params: { id, certificateId }, silent: true }),
    shared: 'certificates',
  },
};
