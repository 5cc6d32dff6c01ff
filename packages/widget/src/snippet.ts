// The code partners paste. One typed function is both what runs and, through toString(), the text shown
// in the README and the dashboard's "copy this code" box, so they cannot drift apart.
import type { CommandName, Commands } from './types.js';

/** The global the snippet defines: calls are queued on `q` until widget.js arrives and replays them. */
export interface PermitDeskGlobal {
  <C extends CommandName>(command: C, argument?: Commands[C]): void;
  q?: IArguments[] | { push(args: IArguments): void };
  /** Set once the script tag has been added, so pasting the snippet twice loads the bundle once. */
  l?: 1;
}
export type SnippetWindow = Window & { PermitDesk?: PermitDeskGlobal };

/* The body is written the way esbuild prints it, so toString() reads the same in every build. */
// prettier-ignore
export function permitDeskSnippet(w: SnippetWindow, d: Document, s: "script", u: string) {
  var p = w.PermitDesk = w.PermitDesk || function() {
    (p.q = p.q || []).push(arguments);
  } as PermitDeskGlobal;
  if (p.l) return;
  p.l = 1;
  var t = d.createElement(s);
  t.async = true;
  t.src = u;
  d.head.appendChild(t);
}

export interface SnippetConfig {
  /** Where widget.js is served, e.g. https://permits.example.com/widget/widget.js */
  scriptUrl: string;
  /** Options for PermitDesk('init', ...). */
  init?: Commands['init'];
}

/** The full snippet text: the loader function called with the script URL, then the init call. */
export function snippetCode({ scriptUrl, init }: SnippetConfig): string {
  const call = `(${permitDeskSnippet.toString()})(window, document, "script", ${JSON.stringify(scriptUrl)});`;
  return init ? `${call}\nPermitDesk("init", ${JSON.stringify(init)});` : call;
}

/** The snippet wrapped in a script tag, ready to paste into a page's <head>. */
export const snippetTag = (config: SnippetConfig): string => `<script>\n${snippetCode(config)}\n</script>`;
