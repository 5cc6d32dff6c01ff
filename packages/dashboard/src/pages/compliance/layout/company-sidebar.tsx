// The compliance sidebar in company mode (SPEC §2.9): the user's companies, Owner first, then
// Administrator, then the others, each by name (core's rule), with the Owner / Administrator label; each
// expands to its sections and a Vendors switch; 'Add a New Company' opens the add-company form. The
// personal account has a Vendors switch of its own (vendor-for=Individual).
import { sidebarRoleLabel, sortCompaniesForSidebar, VENDOR_FOR_INDIVIDUAL, type Company } from '@permitdesk/core';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Modal } from '../../../ui/modal.js';
import { Spinner } from '../../../ui/spinner.js';
import { AddCompanyForm } from '../company/add-company-form.js';
import { CompanyNav } from './company-nav.js';
import { COMPANY_SECTIONS, COMPLIANCE_MESSAGES } from '../compliance-messages.js';
import { sectionHref, useComplianceScope, VENDOR_FOR_PARAM } from '../compliance-scope.js';
import { useIndicators } from '../use-indicators.js';

/** The switch into vendor mode for a client company (or out of it). */
export function VendorSwitch({ on, onChange, name }: { on: boolean; onChange: (on: boolean) => void; name: string }) {
  return (
    <button type="button" role="switch" aria-checked={on} className="vendor-switch" onClick={() => onChange(!on)} aria-label={`Vendors of ${name}`}>
      <span className="vendor-switch__track" aria-hidden="true">
        <span className="vendor-switch__thumb" />
      </span>
      Vendors
    </button>
  );
}

function CompanyEntry({ company, expanded, onToggle, indicators }: { company: Company; expanded: boolean; onToggle: () => void; indicators: ReturnType<typeof useIndicators> }) {
  const navigate = useNavigate();
  const panelId = `company-${company.id}-sections`;
  const role = sidebarRoleLabel(company.role);
  return (
    <li className="sidebar__company" data-company-id={company.id}>
      <button type="button" className="sidebar__company-toggle" aria-expanded={expanded} aria-controls={panelId} onClick={onToggle}>
        <span className="sidebar__chevron" aria-hidden="true" />
        <span className="sidebar__company-name">{company.name}</span>
        {role && <span className="role-label">{role}</span>}
      </button>
      {expanded && (
        <div id={panelId} className="sidebar__panel">
          <CompanyNav companyId={company.id} sections={COMPANY_SECTIONS} indicators={indicators.get(company.id)} label={`${company.name} sections`} />
          <VendorSwitch on={false} name={company.name} onChange={() => navigate(`/compliance-center?${VENDOR_FOR_PARAM}=${company.id}`)} />
        </div>
      )}
    </li>
  );
}

export function CompanySidebar() {
  const navigate = useNavigate();
  const scope = useComplianceScope();
  const [adding, setAdding] = useState(false);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const list = sortCompaniesForSidebar(scope.companies.data ?? []);
  const indicators = useIndicators(list.map((c) => c.id));
  // The company on the page opens by itself.
  useEffect(() => {
    if (scope.companyId) setExpanded((open) => (open.has(scope.companyId!) ? open : new Set(open).add(scope.companyId!)));
  }, [scope.companyId]);
  const toggle = (id: string) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <>
      <div className="sidebar__head">
        <h2 className="sidebar__title" id="compliance-sidebar-title">
          Companies
        </h2>
        <button type="button" className="btn btn--sm" title={COMPLIANCE_MESSAGES.addCompany} onClick={() => setAdding(true)}>
          <span aria-hidden="true">+</span>
          <span className="visually-hidden">{COMPLIANCE_MESSAGES.addCompany}</span>
        </button>
      </div>
      {scope.companies.loading && !scope.companies.data ? (
        <Spinner label="Loading companies" />
      ) : list.length === 0 ? (
        <p className="sidebar__empty">{COMPLIANCE_MESSAGES.noCompanies}</p>
      ) : (
        <ul className="sidebar__companies" aria-labelledby="compliance-sidebar-title">
          {list.map((company) => (
            <CompanyEntry key={company.id} company={company} expanded={expanded.has(String(company.id))} onToggle={() => toggle(String(company.id))} indicators={indicators} />
          ))}
        </ul>
      )}
      <div className="sidebar__personal">
        <p className="sidebar__personal-title">Personal account</p>
        <VendorSwitch on={false} name="Personal" onChange={() => navigate(`/compliance-center?${VENDOR_FOR_PARAM}=${VENDOR_FOR_INDIVIDUAL}`)} />
      </div>
      <Modal open={adding} title={COMPLIANCE_MESSAGES.addCompany} onClose={() => setAdding(false)}>
        <AddCompanyForm
          onCreated={(company) => {
            setAdding(false);
            navigate(sectionHref('profile', company.id));
          }}
        />
      </Modal>
    </>
  );
}
