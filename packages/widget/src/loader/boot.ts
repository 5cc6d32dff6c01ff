// What widget.js does when it arrives: define <permit-lookup>, install the real PermitDesk global,
// replay the calls the snippet queued, then run later calls at once (cal.com's processQueue pattern).
import type { PermitDeskGlobal, SnippetWindow } from '../snippet.js';
import type { CommandName, Commands, OpenCommand, WidgetOptions } from '../types.js';
import type { ModalModule } from './modal-contract.js';
import { definePermitLookup, ELEMENT_NAME, type PermitLookupElement } from './permit-lookup-element.js';

export interface BootConfig {
  win: SnippetWindow;
  /** Loads the modal chunk (widget.js: a dynamic import from its own origin). */
  load: () => Promise<ModalModule>;
  /** URL widget.js was loaded from: its origin is the default API base. */
  scriptSrc: string;
}

export function bootEmbed({ win, load, scriptSrc }: BootConfig): PermitDeskGlobal {
  const doc = win.document;
  let defaults: WidgetOptions = { apiBase: new URL(scriptSrc, doc.baseURI).origin };
  definePermitLookup(load, () => defaults);

  const element = (): PermitLookupElement => {
    let el = doc.querySelector<PermitLookupElement>(ELEMENT_NAME);
    if (!el) {
      // The global's own element shows no launcher: the partner opens it with PermitDesk('open').
      el = doc.createElement(ELEMENT_NAME) as PermitLookupElement;
      el.setAttribute('launcher', 'none');
      doc.body.append(el);
    }
    return el;
  };

  const run = <C extends CommandName>(command: C, argument?: Commands[C]): void => {
    if (command === 'init') defaults = { ...defaults, ...(argument as WidgetOptions) };
    else if (command === 'open') element().open(argument as OpenCommand | undefined);
    else if (command === 'close') doc.querySelector<PermitLookupElement>(ELEMENT_NAME)?.close();
    else if (command === 'prefetch') void load().catch(() => undefined);
  };

  const queued = win.PermitDesk?.q;
  const push = (args: IArguments) => run(...(args as unknown as [CommandName, never]));
  const global = run as PermitDeskGlobal;
  global.l = 1;
  global.q = { push };
  // A reference to the snippet's stub kept by the page runs at once too.
  if (win.PermitDesk) win.PermitDesk.q = global.q;
  win.PermitDesk = global;
  if (Array.isArray(queued)) for (const args of queued) push(args);
  // Back from the verification mail's link: reopen the modal where the user left it.
  // (The runtime checks the link's e-mail and token.)
  if (/[?&]accepted=1/.test(win.location.search)) run('open');
  return global;
}
