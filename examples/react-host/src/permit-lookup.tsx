// A React component around the widget's mount(): the widget owns its element (an open shadow root,
// drawn with preact), React owns when it is there and what the page does with its events.
import { useEffect, useRef } from 'react';
import { EVENTS, mount, type MountOptions, type SubmittedDetail, type WidgetHandle } from '@permitdesk/widget';

export interface PermitLookupProps extends MountOptions {
  onSubmitted?(detail: SubmittedDetail): void;
  onClosed?(): void;
  /** Receives the handle to open, close or prefetch from elsewhere on the page. */
  handleRef?: { current: WidgetHandle | null };
}

export function PermitLookup({ onSubmitted, onClosed, handleRef, ...options }: PermitLookupProps) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const host = element.current;
    if (!host) return;
    const widget = mount(host, options);
    if (handleRef) handleRef.current = widget;
    const submitted = (event: Event) => {
      // Stay in the app: it shows its own confirmation instead of the PermitDesk success page.
      event.preventDefault();
      onSubmitted?.((event as CustomEvent<SubmittedDetail>).detail);
    };
    const closed = () => onClosed?.();
    host.addEventListener(EVENTS.submitted, submitted);
    host.addEventListener(EVENTS.closed, closed);
    return () => {
      host.removeEventListener(EVENTS.submitted, submitted);
      host.removeEventListener(EVENTS.closed, closed);
      widget.destroy();
      if (handleRef) handleRef.current = null;
    };
    // Mounted once; options are read when the modal opens.
  }, []);
  return <div ref={element} />;
}
