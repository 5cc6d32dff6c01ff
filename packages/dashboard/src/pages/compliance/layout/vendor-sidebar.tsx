// The compliance sidebar in vendor mode (SPEC §2.9): a Back link, the Vendors switch (on), a vendor search
// box (companyLookups.vendors: size 20 from page 1, '+customerName') and the vendors found, each
// expanding to its sections with Messages in place of Users and Access; every link carries vendor-for.
import { VENDOR_FOR_INDIVIDUAL, type Company } from '@permitdesk/core';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { queryKeys } from '../../../data/query-keys.js';
import { useDebouncedValue } from '../../../data/use-debounced-value.js';
import { useQuery } from '../../../data/use-query.js';
import { api } from '../../../session/api.js';
import { notify } from '../../../ui/notify.js';
import { Spinner } from '../../../ui/spinner.js';
import { CompanyNav } from './company-nav.js';
import { VendorSwitch } from './company-sidebar.js';
import { COMPLIANCE_MESSAGES, VENDOR_SECTIONS } from '../compliance-messages.js';
import { COMPANY_PARAM, useComplianceScope } from '../compliance-scope.js';
import { useIndicators } from '../use-indicators.js';

/** SPEC §9: vendor searches ask for 20 from page 1, sorted by +customerName. */
export const VENDOR_SEARCH = { size: 20, page: 1, sort: '+customerName' } as const;
const TYPING_PAUSE_MS = 300;

export function VendorSidebar({ vendorFor }: { vendorFor: string }) {
  const navigate = useNavigate();
  const scope = useComplianceScope();
  const searchId = useId();
  const [keyword, setKeyword] = useState('');
  const [expanded, setExpanded] = useState<string | null>(scope.companyId);
  const clientName = vendorFor === VENDOR_FOR_INDIVIDUAL ? 'Personal' : (scope.company?.name ?? 'this company');
  const back = vendorFor === VENDOR_FOR_INDIVIDUAL ? '/compliance-center' : `/compliance-center?${COMPANY_PARAM}=${vendorFor}`;

  const typed = useDebouncedValue(keyword, TYPING_PAUSE_MS).trim();
  const search = useQuery({
    queryKey: queryKeys.vendors.search(typed),
    queryFn: ({ signal }) => api.companyLookups.vendors({ query: { ...(typed ? { keyword: typed } : {}), ...VENDOR_SEARCH }, signal, silent: true }),
    keepPreviousData: true,
  });
  const vendors: Company[] | null = search.error !== undefined ? [] : (search.data?.items ?? null);
  const reported = useRef<unknown>(undefined);
  useEffect(() => {
    if (search.error === undefined || reported.current === search.error) return;
    reported.current = search.error;
    notify('error', COMPLIANCE_MESSAGES.vendorsLookupTitle, COMPLIANCE_MESSAGES.vendorsLookupError);
  }, [search.error]);
  const indicators = useIndicators((vendors ?? []).map((v) => v.id), vendorFor);

  return (
    <>
      <Link className="sidebar__back" to={back}>
        <span aria-hidden="true">← </span>Back
      </Link>
      <div className="sidebar__head">
        <h2 className="sidebar__title" id="vendor-sidebar-title">
          Vendors of {clientName}
        </h2>
      </div>
      <VendorSwitch on name={clientName} onChange={() => navigate(back)} />
      <div className="field sidebar__search">
        <label className="field__label" htmlFor={searchId}>
          Search vendors
        </label>
        <input id={searchId} className="field__input" type="search" value={keyword} onChange={(event) => setKeyword(event.target.value)} placeholder="Vendor name" />
      </div>
      {vendors === null ? (
        <Spinner label="Looking up vendors" />
      ) : vendors.length === 0 ? (
        <p className="sidebar__empty">No Matches Found</p>
      ) : (
        <ul className="sidebar__companies" aria-labelledby="vendor-sidebar-title">
          {vendors.map((vendor) => {
            const open = expanded === String(vendor.id);
            const panelId = `vendor-${vendor.id}-sections`;
            return (
              <li key={vendor.id} className="sidebar__company" data-company-id={vendor.id}>
                <button type="button" className="sidebar__company-toggle" aria-expanded={open} aria-controls={panelId} onClick={() => setExpanded(open ? null : String(vendor.id))}>
                  <span className="sidebar__chevron" aria-hidden="true" />
                  <span className="sidebar__company-name">{vendor.name}</span>
                </button>
                {open && (
                  <div id={panelId} className="sidebar__panel">
                    <CompanyNav companyId={vendor.id} sections={VENDOR_SECTIONS} vendorFor={vendorFor} indicators={indicators.get(vendor.id)} label={`${vendor.name} sections`} />
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
