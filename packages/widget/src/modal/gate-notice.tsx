// The pre-filing gate's notice under the form (SPEC §2.5 step 5), a chunk of its own: fetched only when the
// gate refuses (422 GATE_BLOCKED), so it is not part of the widget's through-form budget
// (build/size-budget.mjs, ON_DEMAND). Each missing item links to add or renew it in the vault; 'Submit anyway'
// sends the same answers again, acknowledged.
import { GATE_MESSAGES, GATE_VAULT_PATHS, type GateCredentialKind } from '@permitdesk/core';
import { Button } from '../ui/button.js';

export interface GateNoticeProps {
  /** The dashboard's address of a path (siteUrl, passed in: this chunk then shares no module with the rest). */
  href(path: string): string;
  /** What the gate found missing: kind.n → why. */
  missing: Record<string, string>;
  onAcknowledge(): void;
}

export function GateNotice({ href, missing, onAcknowledge }: GateNoticeProps) {
  return (
    <div className="pd-gate">
      <ul>
        {Object.entries(missing).map(([key, why]) => (
          <li key={key}>
            {why}{' '}
            <a href={href(GATE_VAULT_PATHS[key.split('.')[0] as GateCredentialKind] ?? '/compliance-center')} target="_blank" rel="noopener">
              Add or renew
            </a>
          </li>
        ))}
      </ul>
      <Button variant="secondary" onClick={onAcknowledge}>
        {GATE_MESSAGES.acknowledge}
      </Button>
    </div>
  );
}
