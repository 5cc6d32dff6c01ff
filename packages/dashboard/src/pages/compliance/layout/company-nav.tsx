// The sections of one company in the sidebar (SPEC §2.9), each a link to its page for that company (and
// client, in vendor mode). The Licenses, Insurance, Certifications and Documentation tabs show an
// indicator when the company's indicator for that kind is true or unknown (core's showsTabIndicator).
import { showsTabIndicator, type IndicatorKind, type Indicators } from '@permitdesk/core';
import { Link, useLocation } from 'react-router';
import { SECTIONS, type SectionKey } from '../compliance-messages.js';
import { sectionHref, useComplianceScope } from '../compliance-scope.js';

const KIND_OF_SECTION: Partial<Record<SectionKey, IndicatorKind>> = {
  licenses: 'license',
  insurances: 'insurance',
  certificates: 'certificate',
  documentations: 'agreement',
};

export function TabIndicator({ value }: { value: boolean | null }) {
  const text = value === true ? 'current' : 'unknown';
  return <span className={`tab-indicator tab-indicator--${text}`} role="img" aria-label={`(${text})`} title={value === true ? 'Current items on file' : 'Not known yet'} />;
}

export function CompanyNav({ companyId, sections, vendorFor = null, indicators, label }: {
  companyId: number;
  sections: readonly SectionKey[];
  vendorFor?: string | null;
  indicators: Indicators | undefined;
  label: string;
}) {
  const { pathname } = useLocation();
  const scope = useComplianceScope();
  const here = String(scope.companyId) === String(companyId) && (scope.vendorFor ?? null) === vendorFor;
  return (
    <ul className="sidebar__nav" aria-label={label}>
      {sections.map((section) => {
        const href = sectionHref(section, companyId, vendorFor);
        const current = here && pathname === SECTIONS[section].path(String(companyId));
        const kind = KIND_OF_SECTION[section];
        return (
          <li key={section}>
            <Link className="sidebar__link" to={href} aria-current={current ? 'page' : undefined}>
              <span>{SECTIONS[section].label}</span>
              {kind && indicators && showsTabIndicator(indicators, kind) && <TabIndicator value={indicators[kind]} />}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
