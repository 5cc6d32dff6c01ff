// Alerts of SPEC §2.8: warning, error, info, success; a success alert hides itself after 3 s (§9).
import { TIMINGS } from '@permitdesk/core';
import { useEffect, useState, type ReactNode } from 'react';

export type AlertKind = 'warning' | 'error' | 'info' | 'success';

export function Alert({ kind, title, children, onHidden }: { kind: AlertKind; title?: string; children?: ReactNode; onHidden?: () => void }) {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    if (kind !== 'success') return;
    const timer = setTimeout(() => {
      setVisible(false);
      onHidden?.();
    }, TIMINGS.successAlertMs);
    return () => clearTimeout(timer);
  }, [kind, onHidden]);
  if (!visible) return null;
  return (
    <div className={`alert alert--${kind}`} role={kind === 'error' || kind === 'warning' ? 'alert' : 'status'}>
      {title && <strong className="alert__title">{title}</strong>}
      {children}
    </div>
  );
}
