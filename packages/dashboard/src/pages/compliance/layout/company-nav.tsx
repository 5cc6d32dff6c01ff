// The sections of one company in the sidebar (SPEC §2.9), each a link to its page for that company (and
// client, in vendor mode). The Licenses, Insurance, Certifications and Documentation tabs always show an
// indicator once the indicators are known (issue 16): red when nothing current is left, amber when
// something lapses soon, green otherwise. (It used to follow core's showsTabIndicator, which hides the
// indicator when the kind's value is false, so a company whose items had all expired showed nothing.)
import { colourOfIndicator, INDICATOR_COLOUR_LABELS, type IndicatorColour, type IndicatorKind, type Indicators } from '@permitdesk/core';
import { Link, useLocation } from 'react-router';
import { SECTIONS, type SectionKey } from '../compliance-messages.js';
import { sectionHref, useComplianceScope } from '../compliance-scope.js';

const KIND_OF_SECTION: Partial<Record<SectionKey, IndicatorKind>> = {
  licenses: 'license',
  insurances: 'insurance',
  certificates: 'certificate',
  documentations: 'agreement',
};

/** The colour of one kind's tab: the server's, or read from the plain indicator when it sent none. */
export const colourOf = (indicators: Indicators, kind: IndicatorKind): IndicatorColour => indicators.colours?.[kind] ?? colourOfIndicator(indicators[kind]);

export function TabIndicator({ colour }: { colour: IndicatorColour }) {
  const text = INDICATOR_COLOUR_LABELS[colour];
  return <span className={`tab-indicator tab-indicator--${colour}`} role="img" aria-label={`(${text})`} title={text} />;
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
              {kind && indicators && <TabIndicator colour={colourOf(indicators, kind)} />}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
