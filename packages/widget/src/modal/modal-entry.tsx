// The modal chunk (dist/esm/modal.js): what widget.js and mount() load when the modal first opens.
// It adopts the stylesheet into the host's shadow root, renders the flow screen with preact (through
// the React APIs), and starts fetching the runtime (API client, session, flow controller) at once.
import { createRoot, type Root } from 'react-dom/client';
import css from '../styles/widget.css?raw';
import { adoptCss } from '../loader/launcher-css.js';
import type { ModalCallbacks, ModalHandle } from '../loader/modal-contract.js';
import type { WidgetRuntime } from '../runtime/widget-runtime.js';
import type { OpenCommand, WidgetOptions } from '../types.js';
import { FlowScreen } from './flow-screen.js';

export function renderModal(root: ShadowRoot, options: WidgetOptions, callbacks: ModalCallbacks): ModalHandle {
  const settings = { ...options, apiBase: options.apiBase ?? window.location.origin };
  adoptCss(root, css, options.nonce);
  const container = document.createElement('div');
  root.append(container);
  const view: Root = createRoot(container);
  let ready: Promise<WidgetRuntime> | undefined;
  let shown = false;

  const start = () => {
    // After the first frame: the address step paints before the runtime chunk is parsed and run.
    ready ??= new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
      .then(() => import('../runtime/widget-runtime.js'))
      .then(({ createWidgetRuntime }) => createWidgetRuntime(settings));
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
