// How close an expiry date is (core's expiryState): expired, expiring within 30 days, or valid.
import { daysUntil, EXPIRING_SOON_DAYS, expiryState, todayIso } from '@permitdesk/core';

export function ExpiryPill({ expiresOn }: { expiresOn: string | null }) {
  const today = todayIso();
  const state = expiryState(expiresOn, today);
  if (state === 'none') return <span className="muted">Does not expire</span>;
  const days = daysUntil(expiresOn, today) ?? 0;
  const text = state === 'expired' ? 'Expired' : state === 'expiring' ? `Expires in ${days} day${days === 1 ? '' : 's'}` : 'Valid';
  return <span className={`status-pill status-pill--${state}`} title={state === 'expiring' ? `Within ${EXPIRING_SOON_DAYS} days` : undefined}>{text}</span>;
}
