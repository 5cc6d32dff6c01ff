// The modal chunk (dist/esm/modal.js): what widget.js and mount() load when the modal is about to be
// needed (hover or focus of the launcher, or opening). warm() gets the opening ready ahead of time:
// the stylesheet adopted into the host's shadow root, the map's and the runtime's chunks fetched and
// run. renderModal() draws the flow screen with preact (through the React APIs) and, after the first
// frame, creates the runtime (API client, session, flow controller), then fetches the later views.
import { createRoot, type Root } from 'react-dom/client';
import css from '../styles/widget.css?raw';
import type { EmbedHost } from '../loader/embed-host.js';
import type { ModalCallbacks, ModalHandle, ModalModule } from '../loader/modal-contract.js';
import { preloadMap } from '../map/map-slot.js';
import type { WidgetRuntime } from '../runtime/widget-runtime.js';
import type { OpenCommand, WidgetOptions } from '../types.js';
import { FlowScreen, preloadViews } from './flow-screen.js';
import { adoptOnce } from './adopt-once.js';

/**
 * <permit-lookup>'s host (element-host.ts), in a chunk of its own so the first view does not carry it;
 * the element asks for it when the chunk is prefetched (hover or focus) or on opening.
 */
export const hostElement = (el: HTMLElement, defaults: () => WidgetOptions, modal: ModalModule): Promise<EmbedHost> =>
  import('../loader/element-host.js').then(({ createElementHost }) => createElementHost(el, defaults, modal));

const loadRuntime = () => import('../runtime/widget-runtime.js');
const ignore = () => undefined;
/** Work after the current task: each piece of work done ahead is a task of its own, none of them long. */
const later = (work: () => unknown) => setTimeout(work, 0);

export function warm(root: ShadowRoot, options: WidgetOptions): void {
  adoptOnce(root, css, options.nonce);
  later(() => {
    // Fetched side by side; each chunk runs as it arrives. A failure only leaves the work to opening.
    preloadMap(options.mapsKey).catch(ignore);
    loadRuntime().catch(ignore);
  });
}

export function renderModal(root: ShadowRoot, options: WidgetOptions, callbacks: ModalCallbacks): ModalHandle {
  const settings = { ...options, apiBase: options.apiBase ?? window.location.origin };
  adoptOnce(root, css, options.nonce);
  const container = document.createElement('div');
  root.append(container);
  const view: Root = createRoot(container);
  let ready: Promise<WidgetRuntime> | undefined;
  let shown = false;

  const start = () => {
    // After the first frame: the address step paints before the runtime chunk is parsed and run.
    ready ??= new Promise<void>((resolve) => requestAnimationFrame(() => later(resolve)))
      .then(loadRuntime)
      .then(({ createWidgetRuntime }) => {
        // The later views are fetched while the user is busy with the address.
        later(() => preloadViews(root, options.nonce).catch(ignore));
        return createWidgetRuntime(settings);
      });
    return ready;
  };

  const close = (lastView: string | null) => {
    if (!shown) return;
    shown = false;
    view.render(null);
    callbacks.onClosed({ view: lastView });
  };

  const render = (command?: OpenCommand) =>
    view.render(
      <FlowScreen options={settings} ready={start()} start={command} onClose={(last) => close(last)} onSubmitted={callbacks.onSubmitted} />,
    );

  return {
    open(command) {
      if (shown) return;
      shown = true;
      render(command);
    },
    close: () => close(null),
    destroy() {
      shown = false;
      view.unmount();
      container.remove();
      void ready?.then((runtime) => runtime.dispose());
    },
  };
}
