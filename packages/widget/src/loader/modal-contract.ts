// The contract between the tiny loader (widget.js, no preact) and the lazily loaded modal chunk.
import type { ClosedDetail, OpenCommand, SubmittedDetail, WidgetOptions } from '../types.js';
import type { EmbedHost } from './embed-host.js';

export interface ModalCallbacks {
  /** The modal closed (close button, Esc, backdrop or a `close` command). */
  onClosed(detail: ClosedDetail): void;
  /** The permit request was created. */
  onSubmitted(detail: SubmittedDetail): void;
}

export interface ModalHandle {
  open(command?: OpenCommand): void;
  close(): void;
  /** Unmount and release everything (timers, listeners, the map). */
  destroy(): void;
}

/** What the modal chunk exports. */
export interface ModalModule {
  renderModal(root: ShadowRoot, options: WidgetOptions, callbacks: ModalCallbacks): ModalHandle;
  /** Ahead of opening (the chunk was fetched on hover or focus): prepare what opening will need. */
  warm?(root: ShadowRoot, options: WidgetOptions): void;
  /** <permit-lookup>'s host (element-host.ts): its attributes over the init options, the state attribute, events and the modal. */
  hostElement?(el: HTMLElement, defaults: () => WidgetOptions, modal: ModalModule): Promise<EmbedHost>;
}
