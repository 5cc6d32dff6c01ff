// Framework-free glue shared by <permit-lookup> and mount(): one open shadow root per host element,
// the host's state attribute, the events, and loading the modal chunk only when it is needed.
import { EVENTS, themeVariable, type OpenCommand, type WidgetOptions, type WidgetState } from '../types.js';
import type { ModalHandle, ModalModule } from './modal-contract.js';

export interface EmbedHost {
  open(command?: OpenCommand): void;
  close(): void;
  /** Start fetching the modal's code (hover or focus on a launcher). */
  prefetch(): Promise<unknown>;
  destroy(): void;
  readonly root: ShadowRoot;
}

export function createEmbedHost(
  host: HTMLElement,
  load: () => Promise<ModalModule>,
  readOptions: () => WidgetOptions,
  /** The element already shows its state (<permit-lookup>'s loader set it): leave it. */
  keepState = false,
): EmbedHost {
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  let loading: Promise<ModalModule> | undefined;
  let modal: ModalHandle | undefined;
  let wanted = false;
  const setState = (state: WidgetState) => host.getAttribute('state') !== state && host.setAttribute('state', state);
  const emit = (name: string, detail: unknown) =>
    host.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, cancelable: true }));

  const prefetch = () => {
    // A failed fetch is forgotten so the next attempt retries.
    loading ??= load().then(
      (module) => (module.warm?.(root, readOptions()), module),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };

  const applyTheme = (options: WidgetOptions) => {
    for (const [key, value] of Object.entries(options.theme ?? {})) if (value) host.style.setProperty(themeVariable(key), value);
  };

  if (!keepState) setState('closed');

  return {
    root,
    prefetch,
    open(command) {
      wanted = true;
      if (!modal) setState('loading');
      prefetch().then(
        (module) => {
          if (!wanted) return;
          const options = readOptions();
          applyTheme(options);
          modal ??= module.renderModal(root, options, {
            onClosed(detail) {
              wanted = false;
              setState('closed');
              emit(EVENTS.closed, detail);
            },
            onSubmitted(detail) {
              // The host page may cancel the event to stay on its page; otherwise the user lands on the success page.
              if (emit(EVENTS.submitted, detail)) window.location.assign(detail.successUrl);
            },
          });
          modal.open(command);
          setState('ready');
        },
        () => {
          if (wanted) setState('failed');
        },
      );
    },
    close() {
      wanted = false;
      if (modal) modal.close();
      else setState('closed');
    },
    destroy() {
      wanted = false;
      modal?.destroy();
      modal = undefined;
    },
  };
}
