// /compliance-center: the compliance layout with an overview of the company in scope: each vault kind
// with its indicator, and the expiration dates of its licenses, insurance and certificates.
import { DATE_FORMATS, formatDate, type IndicatorKind } from '@permitdesk/core';
import { Link } from 'react-router';
import { DataState } from '../../../ui/data-state.js';
import { FOR_SESSION } from '../../../data/query-client.js';
import { queryKeys } from '../../../data/query-keys.js';
import { useQuery } from '../../../data/use-query.js';
import { api } from '../../../session/api.js';
import { PlainTable } from '../../../ui/plain-table.js';
import { CompanyRequired } from '../layout/company-required.js';
import { TabIndicator } from '../layout/company-nav.js';
import { SECTIONS, type SectionKey } from '../compliance-messages.js';
import { sectionHref } from '../compliance-scope.js';
import { ComplianceLayout } from '../layout/compliance-layout.js';
import { ExpiryPill } from '../vault/expiry-pill.js';
import { useIndicators } from '../use-indicators.js';

const KINDS: readonly [SectionKey, IndicatorKind][] = [
  ['licenses', 'license'],
  ['insurances', 'insurance'],
  ['certificates', 'certificate'],
  ['documentations', 'agreement'],
];
const INDICATOR_TEXT = { true: 'Current items on file', false: 'Only expired or archived items', null: 'Nothing on file yet' } as const;
const KIND_LABEL = { license: 'License', insurance: 'Insurance', certificate: 'Certificate', platform: 'Platform connection' } as const;
const PLATFORM_STATE = { connected: 'Connected', broken: 'Broken: reconnect', revoked: 'Disconnected' } as const;

function Overview({ companyId }: { companyId: string }) {
  const indicators = useIndicators([companyId]).get(Number(companyId));
  const credentials = useQuery({
    queryKey: queryKeys.compliance.credentials(companyId),
    queryFn: ({ signal }) => api.documents.credentials({ query: { companyId }, signal, silent: true }),
    staleTime: FOR_SESSION,
  });
  return (
    <>
      <div className="overview-grid">
        {KINDS.map(([section, kind]) => {
          const value = indicators ? indicators[kind] : undefined;
          return (
            <Link key={section} className="card overview-card" to={sectionHref(section, companyId)}>
              <span className="overview-card__title">
                {SECTIONS[section].label}
                {value !== undefined && value !== false && <TabIndicator value={value} />}
              </span>
              <span className="muted">{value === undefined ? 'Checking…' : INDICATOR_TEXT[String(value) as keyof typeof INDICATOR_TEXT]}</span>
            </Link>
          );
        })}
      </div>
      <p>
        <Link to="/compliance-center/integrations">Integrations: connect your construction platform</Link>
      </p>
      <h2>Expiration dates</h2>
      <DataState query={credentials}>
        {(list) =>
          list.length === 0 ? (
            <p className="card">No active licenses, insurance or certificates yet.</p>
          ) : (
            <PlainTable caption="Expiration dates" headers={['Kind', 'Name', 'Expires', 'State']}>
              {list.map((credential) => (
                <tr key={`${credential.kind}-${credential.id}`}>
                  <td>{KIND_LABEL[credential.kind]}</td>
                  <td>{credential.name}</td>
                  <td>{credential.expiresOn ? formatDate(credential.expiresOn, DATE_FORMATS.date) : '—'}</td>
                  <td>{credential.kind === 'platform' ? PLATFORM_STATE[credential.state ?? 'connected'] : <ExpiryPill expiresOn={credential.expiresOn} />}</td>
                </tr>
              ))}
            </PlainTable>
          )
        }
      </DataState>
    </>
  );
}

export default function ComplianceCenterPage() {
  return (
    <ComplianceLayout title="Compliance Center">
      <CompanyRequired>{(scope) => (scope.vendorFor ? <p className="card">Open a section of a vendor on the left.</p> : <Overview companyId={scope.companyId} />)}</CompanyRequired>
    </ComplianceLayout>
  );
}
