// The name of the company a compliance page shows: one of the user's (from their companies), or in
// vendor mode the vendor as its client knows it (companies.vendor, or the personal account's vendors).
import { VENDOR_FOR_INDIVIDUAL } from '@permitdesk/core';
import { FOR_SESSION } from '../../../data/query-client.js';
import { queryKeys } from '../../../data/query-keys.js';
import { useQuery } from '../../../data/use-query.js';
import { api } from '../../../session/api.js';
import { useComplianceScope } from '../compliance-scope.js';

export function useViewedCompanyName(): string | undefined {
  const { companyId, vendorFor, company } = useComplianceScope();
  const vendor = useQuery({
    queryKey: vendorFor && companyId ? queryKeys.compliance.vendorName(vendorFor, companyId) : null,
    queryFn: async ({ signal }) => {
      if (vendorFor === VENDOR_FOR_INDIVIDUAL) {
        const vendors = await api.companies.individualVendors({ signal, silent: true });
        return vendors.find((link) => String(link.vendorId) === companyId)?.vendor.name ?? null;
      }
      return (await api.companies.vendor({ params: { companyId: vendorFor!, vendorId: companyId! }, signal, silent: true })).vendor.name;
    },
    staleTime: FOR_SESSION,
  });
  if (!vendorFor) return company?.name;
  return vendor.data ?? undefined;
}
