// @permitdesk/widget, ESM entry (side-effect free): types, mount() for React or other hosts, the snippet,
// and the form engine the dashboard reuses. Importing it defines nothing and renders nothing.
import { connectToParent, embedOriginsOf, parentOriginOf } from './frame/frame-child.js';
import { createEmbedHost } from './loader/embed-host.js';
import type { ModalModule } from './loader/modal-contract.js';
import type { RuntimeOptions } from './runtime/widget-runtime.js';
import type { OpenCommand } from './types.js';

export * from './types.js';
export { permitDeskSnippet, snippetCode, snippetTag, type PermitDeskGlobal, type SnippetConfig } from './snippet.js';
export * from './form-engine/index.js';
// The address search box and detail view, reused by the dashboard's /new-project page.
export { AddressSearchBox, type AddressSearchBoxProps } from './address/address-search-box.js';
export { AddressDetail, type AddressDetailProps } from './address/address-detail.js';
export type { AddressSearch } from './address/use-address-search.js';
// The ARIA 1.2 combobox those use, reused by the dashboard's guest project picker (no code of its own here).
export { Combobox, type ComboboxProps } from './ui/combobox.js';
export type { MapView, LatLng } from './map/map-types.js';
export { createFrameHost, type FrameHost } from './frame/frame-host.js';
export { EMBED_ORIGINS_META, FRAME_SOURCE, PARENT_ORIGIN_PARAM, type FrameMessages, type ParentMessages } from './frame/protocol.js';

/** Options of mount(): the widget's options plus, for hosts running their own app, its session store. */
export interface MountOptions extends RuntimeOptions {
  /** Open at once (default true). */
  open?: boolean;
  /** Preset address or task for the first open. */
  start?: OpenCommand;
  /**
   * In a frame: the origin of the page framing this one, which then gets the widget's events and may
   * open and close it (see createFrameHost). Defaults to the parent_origin URL parameter.
   */
  parentOrigin?: string;
  /**
   * Origins the parent may have besides this page's own; any other is ignored (no messages either way).
   * Defaults to the page's <meta name="permitdesk-embed-origins"> (PermitDesk's /embed has it), else any.
   */
  allowedParentOrigins?: readonly string[];
}

export interface WidgetHandle {
  open(command?: OpenCommand): void;
  close(): void;
  /** Fetch the modal's code ahead of opening (e.g. on hover of a button). */
  prefetch(): Promise<unknown>;
  /** Unmount the modal; the element keeps its (empty) shadow root. */
  destroy(): void;
}

/**
 * Mounts the widget on an element of the host page: the element gets an open shadow root, a `state`
 * attribute (loading | ready | failed | closed) and fires permit-lookup:submitted / permit-lookup:closed.
 */
export function mount(element: HTMLElement, options: MountOptions = {}): WidgetHandle {
  const apiBase = options.apiBase ?? window.location.origin;
  const host = createEmbedHost(element, () => import('./modal/modal-entry.js') as Promise<ModalModule>, () => ({ ...options, apiBase }));
  const parentOrigin = parentOriginOf(window, options.parentOrigin, options.allowedParentOrigins ?? embedOriginsOf(document));
  const disconnect = parentOrigin ? connectToParent(window, parentOrigin, element, host) : undefined;
  if (options.open !== false) host.open(options.start);
  return {
    open: host.open,
    close: host.close,
    prefetch: host.prefetch,
    destroy() {
      disconnect?.();
      host.destroy();
    },
  };
}
