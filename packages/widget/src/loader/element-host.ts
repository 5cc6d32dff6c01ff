// The part of <permit-lookup> that runs in the modal chunk, not in widget.js: reading the element's
// attributes over the global's init options, the embed host (state attribute, events, the modal), so the
// host page's loader stays small. modal-entry exports hostElement(); the element calls it once the
// chunk is loaded (on hover, focus or opening).
import type { WidgetOptions } from '../types.js';
import { createEmbedHost, type EmbedHost } from './embed-host.js';
import type { ModalModule } from './modal-contract.js';

/** Options read from an element's attributes, over defaults (the global's init options). */
export function optionsFromAttributes(el: Element, defaults: WidgetOptions): WidgetOptions {
  const theme: Record<string, string> = { ...defaults.theme };
  // theme-primary-contrast="#fff" → --pd-primary-contrast (themeVariable leaves kebab-case keys as they are)
  for (const { name, value } of Array.from(el.attributes)) if (name.startsWith('theme-') && value) theme[name.slice(6)] = value;
  const read = (name: string, fallback?: string) => el.getAttribute(name) ?? fallback;
  return {
    apiBase: read('api-base', defaults.apiBase),
    partnerId: read('partner-id', defaults.partnerId),
    mapsKey: read('maps-key', defaults.mapsKey),
    nonce: read('nonce', defaults.nonce),
    theme,
  };
}

/** The embed host of a <permit-lookup> whose shadow root and launcher the loader made; warms the modal at once. */
export function createElementHost(el: HTMLElement, defaults: () => WidgetOptions, modal: ModalModule): EmbedHost {
  const host = createEmbedHost(el, () => Promise.resolve(modal), () => optionsFromAttributes(el, defaults()), true);
  void host.prefetch();
  return host;
}
