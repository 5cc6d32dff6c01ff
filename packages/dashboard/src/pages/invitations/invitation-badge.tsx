// An invitation's status as a label in its badge colour (SPEC §4.4).
import { statusOf } from './invitation-meta.js';

export function InvitationBadge({ status }: { status: number }) {
  const { label, badge } = statusOf(status);
  return <span className={`invitation-badge invitation-badge--${badge}`}>{label}</span>;
}
