// <permit-lookup>: the custom element partners place (or the global creates). Attributes configure it,
// its `state` attribute shows loading | ready | failed | closed, and it fires permit-lookup:submitted
// and permit-lookup:closed. widget.js holds only the launcher and the open/close plumbing: the modal
// chunk is fetched on hover/focus of the launcher or on opening, and its hostElement() does the rest
// (attributes over the init options, events, the modal: element-host.ts).
import type { OpenCommand, WidgetOptions } from '../types.js';
import type { EmbedHost } from './embed-host.js';
import { LAUNCHER_CSS } from './launcher-css.js';
import type { ModalModule } from './modal-contract.js';

export const ELEMENT_NAME = 'permit-lookup';

/** Set by the latest definePermitLookup: a page that boots the loader again keeps one element class. */
let config: { load: () => Promise<ModalModule>; defaults: () => WidgetOptions };

export function definePermitLookup(load: () => Promise<ModalModule>, defaults: () => WidgetOptions): void {
  config = { load, defaults };
  if (customElements.get(ELEMENT_NAME)) return;

  class PermitLookupElement extends HTMLElement {
    static observedAttributes = ['open'];
    #host?: EmbedHost;
    #hosting?: Promise<EmbedHost>;
    #command?: OpenCommand | undefined;
    #wanted = false;

    /** The modal chunk's host for this element, made once the chunk is here (a failed fetch is retried next time). */
    #load(): Promise<EmbedHost> {
      return (this.#hosting ??= config.load().then(
        (module) => module.hostElement!(this, () => config.defaults(), module).then((host) => (this.#host = host)),
        (error: unknown) => {
          this.#hosting = undefined;
          throw error;
        },
      ));
    }

    connectedCallback(): void {
      if (this.shadowRoot) return;
      const root = this.attachShadow({ mode: 'open' });
      // launcher="none": the page opens the modal itself (PermitDesk('open'), the open attribute).
      root.innerHTML = `<button type=button part=launcher${this.getAttribute('launcher') === 'none' ? ' hidden' : ''}><slot>Check permit requirements</slot></button>`;
      try {
        const sheet = new CSSStyleSheet();
        sheet.replaceSync(LAUNCHER_CSS);
        root.adoptedStyleSheets = [sheet];
      } catch {
        // No constructable stylesheets (before Safari 16.4): a <style> carrying the page's CSP nonce.
        const style = document.createElement('style');
        style.nonce = this.getAttribute('nonce') ?? config.defaults().nonce ?? '';
        style.textContent = LAUNCHER_CSS;
        root.prepend(style);
      }
      const button = root.lastChild!;
      const prefetch = () => void this.#load().catch(() => undefined);
      button.addEventListener('pointerenter', prefetch);
      button.addEventListener('focus', prefetch);
      button.addEventListener('click', () => this.open());
      // Closing from inside the modal drops the attribute, so `open` always mirrors what is shown.
      this.addEventListener('permit-lookup:closed', () => this.removeAttribute('open'));
      this.setAttribute('state', 'closed');
    }

    attributeChangedCallback(_name: string, before: string | null, after: string | null): void {
      if ((before === null) === (after === null)) return;
      if (after === null) return this.#close();
      const command = this.#command;
      this.#command = undefined;
      this.#show(command);
    }

    #show(command?: OpenCommand): void {
      this.connectedCallback();
      this.#wanted = true;
      if (!this.#host) this.setAttribute('state', 'loading');
      this.#load().then(
        (host) => this.#wanted && host.open(command),
        () => this.#wanted && this.setAttribute('state', 'failed'),
      );
    }

    #close(): void {
      this.#wanted = false;
      if (this.#host) this.#host.close();
      else this.setAttribute('state', 'closed');
    }

    /** Opens the modal (sets the `open` attribute), optionally with an address or task to start from. */
    open(command?: OpenCommand): void {
      if (this.hasAttribute('open')) return this.#show(command);
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
  open(command?: OpenCommand): void;
  close(): void;
};
