// @permitdesk/widget/react: <PermitLookup>, the widget for React hosts. It uses the host's React (a
// peer dependency, never bundled) for this thin component only; the widget itself stays the ESM build
// (preact inside, drawn in the element's own shadow root), mounted in an effect and destroyed on unmount.
// SSR-safe: nothing here reads window or document on import or render; the widget mounts in the
// browser only (effects do not run on the server), where the component renders an empty <div>.
// Kept out of the script-tag bundle (dist/widget.js): its own build, dist/esm/react.js.
import { useEffect, useRef, type CSSProperties, type Ref } from 'react';
import { EVENTS, mount, type ClosedDetail, type MountOptions, type SubmittedDetail, type WidgetHandle, type WidgetState } from './index.js';

export interface PermitLookupProps extends MountOptions {
  /**
   * Open the modal (default true, as mount()). Mounted with false it waits for a change to true, or
   * for `handleRef.current.open()`. When the user closes it, set it back to false in onClose.
   */
  open?: boolean;
  /**
   * The permit request was created. By default the browser then goes to `detail.successUrl` (the
   * PermitDesk success page); call `event.preventDefault()` to stay in the app.
   */
  onSubmitted?(detail: SubmittedDetail, event: CustomEvent<SubmittedDetail>): void;
  /** The user closed the modal. */
  onClose?(detail: ClosedDetail): void;
  /** The element's state attribute changed: loading, ready (open), failed (the code could not load) or closed. */
  onStateChange?(state: WidgetState): void;
  /** Receives mount()'s handle (open, close, prefetch) while mounted, null after. */
  handleRef?: Ref<WidgetHandle | null>;
  /** Of the host <div> (the widget draws in its shadow root). */
  className?: string;
  style?: CSSProperties;
  id?: string;
}

const setRef = <T,>(ref: Ref<T> | undefined, value: T) => {
  if (typeof ref === 'function') ref(value);
  else if (ref) (ref as { current: T }).current = value;
};

/**
 * The PermitDesk modal in a React app. Mount options are read when the modal first opens (change the
 * component's `key` to start over with other ones); callbacks may change on every render.
 */
export function PermitLookup(props: PermitLookupProps) {
  const { onSubmitted, onClose, onStateChange, handleRef, className, style, id, ...options } = props;
  const element = useRef<HTMLDivElement>(null);
  const widget = useRef<WidgetHandle | null>(null);
  // The latest props, read by the listeners and by the widget when it opens (mount() copies the object's
  // properties on each open, so the object must stay the same one).
  const latest = useRef(props);
  const mountOptions = useRef<MountOptions>({});
  useEffect(() => {
    latest.current = props;
    for (const key of Object.keys(mountOptions.current)) delete (mountOptions.current as Record<string, unknown>)[key];
    Object.assign(mountOptions.current, options);
  });

  useEffect(() => {
    const host = element.current;
    if (!host) return;
    const submitted = (event: Event) => {
      const custom = event as CustomEvent<SubmittedDetail>;
      latest.current.onSubmitted?.(custom.detail, custom);
    };
    const closed = (event: Event) => latest.current.onClose?.((event as CustomEvent<ClosedDetail>).detail);
    host.addEventListener(EVENTS.submitted, submitted);
    host.addEventListener(EVENTS.closed, closed);
    const states = new MutationObserver(() => {
      const state = host.getAttribute('state') as WidgetState | null;
      if (state) latest.current.onStateChange?.(state);
    });
    states.observe(host, { attributes: true, attributeFilter: ['state'] });
    const handle = mount(host, mountOptions.current);
    widget.current = handle;
    setRef(latest.current.handleRef, handle);
    return () => {
      states.disconnect();
      host.removeEventListener(EVENTS.submitted, submitted);
      host.removeEventListener(EVENTS.closed, closed);
      handle.destroy();
      widget.current = null;
      setRef(latest.current.handleRef, null);
    };
    // Mounted once per element: options are read on open, callbacks through `latest`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A change of `open` after mounting opens or closes the widget (the first value went to mount()).
  const open = options.open;
  const applied = useRef(open);
  useEffect(() => {
    if (open === applied.current) return;
    applied.current = open;
    if (open === false) widget.current?.close();
    else widget.current?.open(latest.current.start);
  }, [open]);

  return <div ref={element} className={className} style={style} id={id} />;
}

export type { ClosedDetail, MountOptions, OpenCommand, SubmittedDetail, WidgetHandle, WidgetOptions, WidgetState, WidgetTheme } from './index.js';
