// /compliance-center: the compliance layout with an overview of the company in scope: at the top what has
// expired and what expires soon (issue 16), each vault kind with its red/amber/green indicator, the
// expiration dates of its licenses, insurance and certificates, and (owners and administrators) the
// reminder steps and the calendar feed.
import { canCreateAccess, DATE_FORMATS, daysUntil, expiryState, formatDate, todayIso, type credentialSchema, type IndicatorKind } from '@permitdesk/core';
import type * as v from 'valibot';
import { Link } from 'react-router';
import { DataState } from '../../../ui/data-state.js';
import { FOR_SESSION } from '../../../data/query-client.js';
import { queryKeys } from '../../../data/query-keys.js';
import { useQuery } from '../../../data/use-query.js';
import { api } from '../../../session/api.js';
import { PlainTable } from '../../../ui/plain-table.js';
import { CompanyRequired } from '../layout/company-required.js';
import { colourOf, TabIndicator } from '../layout/company-nav.js';
import { RemindersCard } from './reminders-card.js';
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
const KIND_SECTION = { license: 'licenses', insurance: 'insurances', certificate: 'certificates' } as const;
type Credential = v.InferOutput<typeof credentialSchema>;
/** A vault item (the platform connection is a credential too, but it does not expire). */
type VaultCredential = Credential & { kind: keyof typeof KIND_SECTION };
const isVaultCredential = (c: Credential): c is VaultCredential => c.kind in KIND_SECTION;
const KIND_LABEL = { license: 'License', insurance: 'Insurance', certificate: 'Certificate', platform: 'Platform connection' } as const;
const PLATFORM_STATE = { connected: 'Connected', broken: 'Broken: reconnect', revoked: 'Disconnected' } as const;

/** 'Expired' and 'Expiring soon' (within 30 days, core's expiryState), soonest first, each linking to its tab. */
function ExpiryAlerts({ companyId, credentials }: { companyId: string; credentials: Credential[] }) {
  const today = todayIso();
  const vault = credentials.filter(isVaultCredential);
  const expired = vault.filter((c) => expiryState(c.expiresOn, today) === 'expired');
  const expiring = vault.filter((c) => expiryState(c.expiresOn, today) === 'expiring');
  if (expired.length === 0 && expiring.length === 0) return null;
  const list = (items: VaultCredential[], words: (c: VaultCredential) => string) => (
    <ul className="expiry-alerts__list">
      {items.map((c) => (
        <li key={`${c.kind}-${c.id}`}>
          <Link to={sectionHref(KIND_SECTION[c.kind], companyId)}>
            {KIND_LABEL[c.kind]}: {c.name}
          </Link>
          <span className="muted">{words(c)}</span>
        </li>
      ))}
    </ul>
  );
  const days = (c: Credential) => Math.abs(daysUntil(c.expiresOn, today) ?? 0);
  return (
    <div className="expiry-alerts">
      {expired.length > 0 && (
        <section className="card expiry-alerts--expired" aria-labelledby="expired-title">
          <h2 className="card__title" id="expired-title">Expired</h2>
          {list(expired, (c) => `expired ${days(c) === 1 ? 'yesterday' : `${days(c)} days ago`}`)}
        </section>
      )}
      {expiring.length > 0 && (
        <section className="card expiry-alerts--expiring" aria-labelledby="expiring-title">
          <h2 className="card__title" id="expiring-title">Expiring soon</h2>
          {list(expiring, (c) => (days(c) === 0 ? 'expires today' : `in ${days(c)} day${days(c) === 1 ? '' : 's'} (${formatDate(c.expiresOn!, DATE_FORMATS.date)})`))}
        </section>
      )}
    </div>
  );
}

function Overview({ companyId, manager }: { companyId: string; manager: boolean }) {
  const indicators = useIndicators([companyId]).get(Number(companyId));
  const credentials = useQuery({
    queryKey: queryKeys.compliance.credentials(companyId),
    queryFn: ({ signal }) => api.documents.credentials({ query: { companyId }, signal, silent: true }),
    staleTime: FOR_SESSION,
  });
  return (
    <>
      {credentials.data && <ExpiryAlerts companyId={companyId} credentials={credentials.data} />}
      <div className="overview-grid">
        {KINDS.map(([section, kind]) => {
          const value = indicators ? indicators[kind] : undefined;
          return (
            <Link key={section} className="card overview-card" to={sectionHref(section, companyId)}>
              <span className="overview-card__title">
                {SECTIONS[section].label}
                {indicators && <TabIndicator colour={colourOf(indicators, kind)} />}
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
      {manager && <RemindersCard companyId={companyId} />}
    </>
  );
}

export default function ComplianceCenterPage() {
  return (
    <ComplianceLayout title="Compliance Center">
      <CompanyRequired>{(scope) => (scope.vendorFor ? <p className="card">Open a section of a vendor on the left.</p> : <Overview companyId={scope.companyId} manager={canCreateAccess(scope.role)} />)}</CompanyRequired>
    </ComplianceLayout>
  );
}
