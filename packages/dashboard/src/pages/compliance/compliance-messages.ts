// The compliance center's words: the SPEC §2.9 / §8 strings word for word, and our own labels.
import { REQUEST_ERRORS } from '@permitdesk/core';

/** The server's message, or `fallback` when it sent none (the client then says 'An error occurred'). */
export const serverMessageOr = (message: string | null | undefined, fallback: string): string =>
  message && message !== REQUEST_ERRORS.fallback ? message : fallback;
export const COMPLIANCE_MESSAGES = {
  noCompanies: 'There are no companies to display',
  addCompany: 'Add a New Company',
  profileUpdated: 'Your company profile has been updated successfully.',
  profileUpdateError: 'An error occurred while updating the company profile.',
  vendorUpdated: 'Your vendor information has been updated successfully.',
  roleDeleteError: 'An error occurred while deleting user role.',
  roleUpdateError: 'An error occurred while updating user role.',
  inviteUserError: 'An error occurred while sending company user invitation.',
  vendorsLookupTitle: 'Failed to Lookup Vendors',
  vendorsLookupError: 'Unfortunately we were unable to lookup Vendors.',
} as const;

/** The sections of a company in the sidebar, in the SPEC §2.9 order, with their routes. */
export const SECTIONS = {
  profile: { label: 'Company Profile', path: (companyId: string) => `/companies/${companyId}/profile` },
  users: { label: 'Users', path: () => '/users' },
  messages: { label: 'Messages', path: () => '/messages' },
  licenses: { label: 'Licenses', path: () => '/licenses' },
  insurances: { label: 'Insurance', path: () => '/insurances' },
  certificates: { label: 'Certifications', path: () => '/certificates' },
  documentations: { label: 'Documentation', path: () => '/documentations' },
  assignedProjects: { label: 'Assigned Projects', path: () => '/assigned-projects' },
  access: { label: 'Access', path: () => '/access' },
  publicLinks: { label: 'Public links', path: () => '/public-links' },
  sharedWithUs: { label: 'Shared with us', path: () => '/shared-with-us' },
  sharedByUs: { label: 'Shared by us', path: () => '/shared-by-us' },
} as const;
export type SectionKey = keyof typeof SECTIONS;

/** A company's sections; in vendor mode Messages replaces Users and Access (SPEC §2.9). */
export const COMPANY_SECTIONS: readonly SectionKey[] = ['profile', 'users', 'licenses', 'insurances', 'certificates', 'documentations', 'assignedProjects', 'access', 'publicLinks', 'sharedWithUs', 'sharedByUs'];
export const VENDOR_SECTIONS: readonly SectionKey[] = ['profile', 'messages', 'licenses', 'insurances', 'certificates', 'documentations', 'assignedProjects'];
