// The company's compliance from its vault: licenses and insurances with their expiry, each with a badge
// (valid, expiring in N days, expired) from core's expiry rule.
import { daysUntil, expiryState, todayIso, type DeskVaultItem, type PermitDesk } from '@permitdesk/core';

export function expiryBadge(expiresOn: string | null, today: string): { text: string; tone: 'valid' | 'expiring' | 'expired' | 'none' } {
  const state = expiryState(expiresOn, today);
  const days = daysUntil(expiresOn, today) ?? 0;
  if (state === 'none') return { text: 'No expiry', tone: 'none' };
  if (state === 'expired') return { text: 'Expired', tone: 'expired' };
  if (state === 'expiring') return { text: days === 0 ? 'Expires today' : days === 1 ? 'Expiring in 1 day' : `Expiring in ${days} days`, tone: 'expiring' };
  return { text: 'Valid', tone: 'valid' };
}

function VaultList({ title, items, today }: { title: string; items: readonly DeskVaultItem[]; today: string }) {
  return (
    <>
      <h3 className="desk-subtitle">{title}</h3>
      {items.length === 0 ? (
        <p className="muted">None in the vault.</p>
      ) : (
        <ul className="desk-list" aria-label={title}>
          {items.map((item) => {
            const badge = item.status === 'archived' ? { text: 'Archived', tone: 'none' as const } : expiryBadge(item.expiresOn, today);
            return (
              <li key={item.id} className="desk-list__item">
                <span className="desk-list__main">
                  <strong>{item.name}</strong>
                  {item.number && <span className="muted"> #{item.number}</span>}
                  {item.stateCode && <span className="muted"> · {item.stateCode}</span>}
                </span>
                <span className="muted">{item.expiresOn ? `Expires ${item.expiresOn}` : 'Does not expire'}</span>
                <span className={`desk-badge desk-badge--${badge.tone}`}>{badge.text}</span>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}

/** The pre-filing gate's answer when the request was filed (issue 16). */
export function GateSummary({ gate }: { gate: PermitDesk['gate'] }) {
  if (!gate) return null;
  return (
    <section className="desk-gate" aria-label="Pre-filing gate">
      <h3 className="desk-subtitle">Pre-filing gate</h3>
      {gate.ok ? (
        <p>
          <span className="desk-badge desk-badge--valid">Passed</span> {gate.applicant === 'Individual' ? 'Do-it-yourself homeowner: no trade license asked.' : `Checked ${gate.required.map((r) => r.type).join(', ') || 'nothing required'} for ${gate.workStart} to ${gate.workEnd}.`}
        </p>
      ) : (
        <>
          <p>
            <span className="desk-badge desk-badge--expired">{gate.acknowledged ? 'Filed anyway' : 'Missing'}</span> The contractor was told, for the work from {gate.workStart} to {gate.workEnd}:
          </p>
          <ul className="desk-list" aria-label="Missing credentials">
            {gate.missing.map((item) => (
              <li key={item.message} className="desk-list__item">
                {item.message}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

export function CompliancePanel({ compliance, company, gate = null, today = todayIso() }: { compliance: PermitDesk['compliance']; company: PermitDesk['company']; gate?: PermitDesk['gate']; today?: string }) {
  if (!company) return <><GateSummary gate={gate} /><p className="muted">A personal project: there is no company vault to check.</p></>;
  return (
    <div className="desk-compliance">
      <GateSummary gate={gate} />
      <VaultList title="Licenses" items={compliance.licenses} today={today} />
      <VaultList title="Insurance" items={compliance.insurances} today={today} />
    </div>
  );
}
