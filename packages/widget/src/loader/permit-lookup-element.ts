// <permit-lookup>: the custom element partners place (or the global creates). Attributes configure it,
// its `state` attribute shows loading | ready | failed | closed, and it fires permit-lookup:submitted
// and permit-lookup:closed. The modal's code is fetched on hover/focus of the launcher and run on open.
import type { WidgetOptions } from '../types.js';
import { createEmbedHost, type EmbedHost } from './embed-host.js';
import { adoptCss, LAUNCHER_CSS } from './launcher-css.js';
import type { ModalModule } from './modal-contract.js';

export const ELEMENT_NAME = 'permit-lookup';

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

/** Set by the latest definePermitLookup: a page that boots the loader again keeps one element class. */
let config: { load: () => Promise<ModalModule>; defaults: () => WidgetOptions };

export function definePermitLookup(load: () => Promise<ModalModule>, defaults: () => WidgetOptions): void {
  config = { load, defaults };
  if (customElements.get(ELEMENT_NAME)) return;

  class PermitLookupElement extends HTMLElement {
    static observedAttributes = ['open'];
    #host?: EmbedHost;
    #command?: Parameters<EmbedHost['open']>[0];

    /** The element's shadow root, launcher and embed host, made on first use (or when connected). */
    embed(): EmbedHost {
      if (!this.#host) {
        this.#host = createEmbedHost(this, () => config.load(), () => optionsFromAttributes(this, config.defaults()));
        const { root } = this.#host;
        adoptCss(root, LAUNCHER_CSS, this.getAttribute('nonce') ?? config.defaults().nonce);
        const button = document.createElement('button');
        button.type = 'button';
        button.setAttribute('part', 'launcher');
        // launcher="none": the page opens the modal itself (PermitDesk('open'), the open attribute).
        button.hidden = this.getAttribute('launcher') === 'none';
        const slot = document.createElement('slot');
        slot.textContent = 'Check permit requirements';
        button.append(slot);
        const prefetch = () => void this.#host?.prefetch().catch(() => undefined);
        button.addEventListener('pointerenter', prefetch);
        button.addEventListener('focus', prefetch);
        button.addEventListener('click', () => this.open());
        root.append(button);
        // Closing from inside the modal drops the attribute, so `open` always mirrors what is shown.
        this.addEventListener('permit-lookup:closed', () => this.removeAttribute('open'));
      }
      return this.#host;
    }

    connectedCallback(): void {
      this.embed();
    }

    attributeChangedCallback(_name: string, before: string | null, after: string | null): void {
      if ((before === null) === (after === null)) return;
      if (after === null) return this.embed().close();
      this.embed().open(this.#command);
      this.#command = undefined;
    }

    /** Opens the modal (sets the `open` attribute), optionally with an address or task to start from. */
    open(command?: Parameters<EmbedHost['open']>[0]): void {
      if (this.hasAttribute('open')) return this.embed().open(command);
      this.#command = command;
      this.setAttribute('open', '');
    }

    close(): void {
      this.removeAttribute('open');
    }
  }
  customElements.define(ELEMENT_NAME, PermitLookupElement);
}

export type PermitLookupElement = HTMLElement & {
  open(command?: Parameters<EmbedHost['open']>[0]): void;
  close(): void;
};
