// Inline alerts (SPEC §2.8: warning, error, info, success). Errors are announced at once.
import type { ReactNode } from 'react';

export type AlertKind = 'warning' | 'error' | 'info' | 'success';

/** A message the flow gives a step (an alert's kind and text). */
export interface FlowMessage {
  kind: AlertKind;
  text: ReactNode;
}

export function Alert({ kind, children }: { kind: AlertKind; children: ReactNode }) {
  return (
    <div className={`pd-alert pd-alert-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
