// The entry prefill of SPEC §3 (PermitFormEntry): the municipality and the task, the job site address
// (from the address search id and line 2, or from the permit), the signed-in user's contact, the
// company they apply for (ApplicantType from it) and its licenses for that municipality.
import { applicantType, USABLE_ROLES, type GeocodedAddress, type PermitFormEntry } from '@permitdesk/core';
import type { AuthUser } from '../identity/user.js';
import { requireRoleInNamedCompany } from '../companies/company-access.js';
import { badRequest, HttpError } from '../http/errors.js';
import { requirePermitAccess } from '../permits/access.js';
import { permitRows } from '../permits/permit-details.js';
import { chosenMunicipality } from '../lookups/governing-municipality.js';
import type { AppServices } from '../services.js';
import { lookupLicenses } from '../compliance/license-lookup.js';
import type { Db } from '../db/schema.js';
import { staffRoleOf } from '../staff/staff.js';

export interface EntryQuery {
  taskId?: number | undefined;
  municipalityId?: number | undefined;
  addressId?: string | undefined;
  addressLine2?: string | undefined;
  permitId?: number | undefined;
  companyId?: number | undefined;
}

export const ADDRESS_NOT_FOUND = 'The job site address was not found. Please search for it again.';
export const NOT_GOVERNED_MESSAGE = 'No municipality we cover governs this job site address.';
export const MUNICIPALITY_MISMATCH_MESSAGE = "The municipality does not match the job site address. Please search for the address again.";
const mismatch = () => badRequest(MUNICIPALITY_MISMATCH_MESSAGE, 'MUNICIPALITY_MISMATCH', { municipalityId: MUNICIPALITY_MISMATCH_MESSAGE });
const required = (what: string, field: string) => badRequest(`${what} is required.`, 'VALIDATION_ERROR', { [field]: `${what} is required.` });

/** The geocoded address behind a search result id; 400 when the provider does not know it. */
export async function geocodeJobSite(services: Pick<AppServices, 'geo'>, addressId: string): Promise<GeocodedAddress> {
  let found: GeocodedAddress | null;
  try {
    found = await services.geo.addresses.geocode(addressId);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(503, 'Unfortunately we were unable to lookup the address you requested. If this error persists, please reach out to support. Thank you.', 'ADDRESS_LOOKUP_FAILED');
  }
  if (!found) throw badRequest(ADDRESS_NOT_FOUND, 'ADDRESS_NOT_FOUND', { addressId: ADDRESS_NOT_FOUND });
  return found;
}

/** The signed-in user's contact details; `name` null when they gave none. */
export interface Contact {
  email: string;
  name: string | null;
  phone: string;
}

export async function contactOf(db: Db, userId: string): Promise<Contact> {
  return (await submitterOf(db, userId)).contact;
}

/** The submitter's contact and whether they are on the permit team (the audit trail's actor role), in one read. */
export async function submitterOf(db: Db, userId: string): Promise<{ contact: Contact; staff: boolean }> {
  const user = await db.selectFrom('users').select(['email', 'name', 'phone_number', 'staff', 'staff_admin']).where('id', '=', userId).executeTakeFirstOrThrow();
  return { contact: { email: user.email, name: user.name.trim() || null, phone: user.phone_number ?? '' }, staff: staffRoleOf(user) !== null };
}

/** The company the user applies for: a usable role is needed (403 otherwise), unless the caller checked a narrower one. */
async function applyingCompany(services: AppServices, user: AuthUser, companyId: number | null | undefined, checked: EntryOptions['company']) {
  if (companyId == null) return null;
  if (checked?.id === companyId) return checked;
  const { id, name } = await requireRoleInNamedCompany(services.db, user.sub, companyId, USABLE_ROLES);
  return { id, name };
}

export interface EntryOptions {
  /**
   * The company in which the caller has already required one of the usable roles (or a narrower set,
   * e.g. the project creators of form 52) in this request, with its name: not asked again.
   */
  company?: { id: number; name: string };
  /** The user's contact, when the caller read it already (form 52 mails it the confirmation). */
  contact?: Contact;
  /** The job site, when the caller geocoded the address id already (form 52 stores its point): one geocoder call. */
  geocoded?: GeocodedAddress;
}

export async function buildEntryData(services: AppServices, user: AuthUser, query: EntryQuery, options: EntryOptions = {}): Promise<PermitFormEntry> {
  const db = services.db;
  const contact = options.contact ?? (await contactOf(db, user.sub));
  const fullName = contact.name ?? contact.email;

  let base: Omit<PermitFormEntry, 'ApplicantType' | 'IsReadOnlyAddressPermit' | 'DescriptionOfWork'> & { DescriptionOfWork?: string; IsReadOnlyAddressPermit: boolean };
  let companyId = query.companyId ?? null;
  if (query.permitId !== undefined) {
    await requirePermitAccess(db, user.sub, query.permitId, 'view-only');
    const [permit] = await permitRows(db, [query.permitId]);
    if (!permit) throw badRequest('Permit not found.', 'PERMIT_NOT_FOUND');
    if (query.municipalityId !== undefined && query.municipalityId !== permit.municipalityId) throw mismatch();
    // A permit of a company project is applied for in that company's name when the user belongs to it.
    if (companyId === null && permit.companyId !== null) {
      const member = await db.selectFrom('company_users').select('role').where('company_id', '=', permit.companyId).where('user_id', '=', user.sub).where('active', '=', true).executeTakeFirst();
      if (member && member.role !== 'guest') companyId = permit.companyId;
    }
    const value = permit.projectValue === null ? undefined : String(permit.projectValue);
    base = {
      MunicipalityID: permit.municipalityId,
      MunicipalityName: permit.municipalityName,
      TaskID: permit.taskId,
      TaskName: permit.taskName,
      DescriptionOfWork: permit.scopeOfWork ?? '',
      JobSiteAddress: {
        Line1: permit.address.streetAddress,
        Line2: permit.address.streetModifier ?? '',
        City: permit.address.city,
        State: permit.address.state,
        PostalCode: permit.address.postalCode,
        Country: 'US',
      },
      ProjectId: permit.projectId,
      PermitId: permit.id,
      CustomerName: permit.customerName,
      ...(value !== undefined ? { JobValue: value, DollarValueOfProject: value } : {}),
      ProjectIdentifier: permit.orderNumber ?? String(permit.projectId),
      IsReadOnlyAddressPermit: true,
      ...(permit.session ? { Session: permit.session } : {}),
    };
  } else {
    if (query.taskId === undefined) throw required('Task', 'taskId');
    if (!query.addressId) throw required('Job site address', 'addressId');
    const [task, address] = await Promise.all([
      db.selectFrom('permit_tasks').select(['id', 'name']).where('id', '=', query.taskId).executeTakeFirst(),
      options.geocoded ?? geocodeJobSite(services, query.addressId),
    ]);
    if (!task) throw badRequest('The selected project type does not exist.', 'TASK_NOT_FOUND', { taskId: 'The selected project type does not exist.' });
    // The municipality is the address's, never the caller's: one sent that differs is refused, unless it is
    // one the visitor was offered to choose from because the data cannot tell.
    const municipality = await chosenMunicipality(services, address, query.municipalityId);
    if (!municipality) throw badRequest(NOT_GOVERNED_MESSAGE, 'MUNICIPALITY_NOT_FOUND', { addressId: NOT_GOVERNED_MESSAGE });
    if (municipality === 'mismatch') throw mismatch();
    base = {
      MunicipalityID: municipality.id,
      MunicipalityName: municipality.name,
      TaskID: task.id,
      TaskName: task.name,
      JobSiteAddress: {
        Line1: address.streetAddress,
        Line2: query.addressLine2?.trim() || address.streetModifier || '',
        City: address.city,
        State: address.state,
        PostalCode: address.postalCode,
        Country: 'US',
      },
      AddressID: query.addressId,
      IsReadOnlyAddressPermit: false,
    };
  }

  const company = await applyingCompany(services, user, companyId, options.company);
  const licenses = company ? await lookupLicenses(db, company.id, base.MunicipalityID) : null;
  return {
    ...base,
    // A homeowner applying for themselves is the customer; a contractor's customer is someone else.
    ...(base.CustomerName === undefined && !company ? { CustomerName: fullName } : {}),
    DescriptionOfWork: base.DescriptionOfWork ?? '',
    UserID: user.sub,
    ContactEmail: contact.email,
    ContactPhoneNumber: contact.phone,
    FullName: fullName,
    ApplicantName: company?.name ?? fullName,
    ...(company ? { CompanyName: company.name } : {}),
    CompanyID: company?.id ?? null,
    ApplicantType: applicantType(company?.id ?? null),
    ...(licenses?.stateLicense ? { StateLicense: licenses.stateLicense.name, StateLicenseNumber: licenses.stateLicense.licenseNo } : {}),
    ...(licenses?.localLicense ? { LocalBusinessLicense: licenses.localLicense.name, LocalBusinessLicenseNumber: licenses.localLicense.licenseNo } : {}),
  };
}
