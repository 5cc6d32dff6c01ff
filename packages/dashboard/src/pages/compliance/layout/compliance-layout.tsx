// The compliance layout (SPEC §2.9): the company sidebar (or the vendor sidebar in vendor mode) beside
// the page, opened and closed with the 500 ms collapse animation (TIMINGS.sidebarCollapseMs).
import { TIMINGS } from '@permitdesk/core';
import type { CSSProperties, ReactNode } from 'react';
import { CompanySidebar } from './company-sidebar.js';
import { useComplianceScope } from '../compliance-scope.js';
import { useCollapse } from './use-collapse.js';
import { useViewedCompanyName } from './use-viewed-company.js';
import { VendorSidebar } from './vendor-sidebar.js';
import '../compliance.css';

const SIDEBAR_ID = 'compliance-sidebar';

export function ComplianceLayout({ title, subtitle, actions, children }: { title: string; subtitle?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  const scope = useComplianceScope();
  const companyName = useViewedCompanyName();
  const shownSubtitle = subtitle === undefined ? companyName : subtitle;
  const sidebar = useCollapse(TIMINGS.sidebarCollapseMs);
  const style = { '--pd-sidebar-ms': `${TIMINGS.sidebarCollapseMs}ms` } as CSSProperties;
  return (
    <div className="compliance" data-sidebar={sidebar.phase} style={style}>
      <aside id={SIDEBAR_ID} className="compliance__sidebar" aria-label="Compliance companies" hidden={sidebar.phase === 'closed'}>
        <div className="compliance__sidebar-inner">{scope.vendorFor ? <VendorSidebar vendorFor={scope.vendorFor} /> : <CompanySidebar />}</div>
      </aside>
      <section className="compliance__main" aria-labelledby="compliance-page-title">
        <div className="compliance__bar">
          <button type="button" className="btn btn--sm btn--ghost" aria-expanded={sidebar.open} aria-controls={SIDEBAR_ID} onClick={sidebar.toggle}>
            {sidebar.open ? 'Hide companies' : 'Show companies'}
          </button>
          {actions && <div className="row">{actions}</div>}
        </div>
        <h1 className="page-title" id="compliance-page-title">
          {title}
        </h1>
        {shownSubtitle && <p className="muted compliance__subtitle">{shownSubtitle}</p>}
        {children}
      </section>
    </div>
  );
}
