// Which company a compliance page shows, read from the address: /companies/{id}/profile carries it in
// the path, the other sections as ?company={id}; vendor mode adds vendor-for={client company id or
// Individual} (SPEC §2.9). Without a company in the address, the session's current company is shown
// when the user belongs to it, else the first company of the sidebar.
import { sortCompaniesForSidebar, type Company, type CompanyRole } from '@permitdesk/core';
import { useParams, useSearchParams } from 'react-router';
import { FOR_SESSION } from '../../data/query-client.js';
import { queryKeys } from '../../data/query-keys.js';
import { useQuery, type QueryState } from '../../data/use-query.js';
import { api } from '../../session/api.js';
import { useAuth } from '../../session/session.js';
import { SECTIONS, type SectionKey } from './compliance-messages.js';

export const COMPANY_PARAM = 'company';
export const VENDOR_FOR_PARAM = 'vendor-for';

export interface ComplianceScope {
  /** The company the page shows: one of the user's, or in vendor mode a vendor of the client. */
  companyId: string | null;
  /** Vendor mode: the client (a company id, or 'Individual'); null otherwise. */
  vendorFor: string | null;
  companies: QueryState<Company[]>;
  /** The user's company shown (normal mode), or the client company (vendor mode). */
  company: Company | null;
  /** The user's role in that company. */
  role: CompanyRole | null;
}

/** The user's companies; while they are asked again (after a company write), the last list stays shown. */
export function useCompanies(): QueryState<Company[]> {
  return useQuery({ queryKey: queryKeys.companies, queryFn: ({ signal }) => api.companies.list({ signal }), staleTime: FOR_SESSION });
}

/** The address of a section for a company (and, in vendor mode, its client). */
export function sectionHref(section: SectionKey, companyId: string | number, vendorFor?: string | null): string {
  const params = new URLSearchParams();
  if (section !== 'profile') params.set(COMPANY_PARAM, String(companyId));
  if (vendorFor) params.set(VENDOR_FOR_PARAM, vendorFor);
  const query = params.toString();
  return `${SECTIONS[section].path(String(companyId))}${query ? `?${query}` : ''}`;
}

export function useComplianceScope(): ComplianceScope {
  const { id } = useParams();
  const [search] = useSearchParams();
  const currentCompanyId = useAuth((s) => s.currentCompanyId);
  const companies = useCompanies();
  const vendorFor = search.get(VENDOR_FOR_PARAM) || null;
  const list = companies.data ?? [];
  const fallback = list.some((c) => String(c.id) === currentCompanyId) ? currentCompanyId : (sortCompaniesForSidebar(list)[0]?.id ?? null);
  const companyId = id ?? search.get(COMPANY_PARAM) ?? (vendorFor ? null : fallback === null ? null : String(fallback));
  const mine = vendorFor ?? companyId;
  const company = list.find((c) => String(c.id) === mine) ?? null;
  return { companyId, vendorFor, companies, company, role: company?.role ?? null };
}
