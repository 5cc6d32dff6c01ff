// Hosts @permitdesk/widget through its ESM mount(element, options): the /embed pages show it full
// page, the municipality pages open it from a button. Loaded on demand so it never weighs on first load.
import { useEffect, useRef, useState } from 'react';
import { Alert } from './alert.js';
import { Spinner } from './spinner.js';

export interface WidgetHostProps {
  /** Preset the job-site search (e.g. the municipality's name). */
  address?: string;
  /** The property owner to fill in as the permit's Customer Name (a linked platform project's customer). */
  customerName?: string;
  /** Open the modal as soon as it is mounted. */
  autoOpen?: boolean;
}

export function WidgetHost({ address, customerName, autoOpen = true }: WidgetHostProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  useEffect(() => {
    let dispose: (() => void) | undefined;
    let live = true;
    import('@permitdesk/widget')
      .then((widget) => {
        if (!live || !ref.current) return;
        const handle = widget.mount(ref.current, { apiBase: window.location.origin, open: autoOpen, ...(address ? { start: { address, ...(customerName ? { customerName } : {}) } } : {}) });
        dispose = () => handle.destroy();
        setState('ready');
      })
      .catch(() => live && setState('failed'));
    return () => {
      live = false;
      dispose?.();
    };
  }, [address, customerName, autoOpen]);
  return (
    <div className="widget-host">
      {state === 'loading' && <Spinner label="Loading the permit lookup" large />}
      {state === 'failed' && (
        <Alert kind="error" title="The permit lookup could not load">
          Please reload the page or contact support.
        </Alert>
      )}
      <div ref={ref} />
    </div>
  );
}
