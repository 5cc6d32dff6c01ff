// Adopts a stylesheet into a shadow root once: the modal's own sheet (ahead of opening), the map's
// and the later steps' sheets (when their chunks arrive) share one record per root.
import { adoptCss } from '../loader/launcher-css.js';

const adopted = new WeakMap<Node, Set<string>>();

export function adoptOnce(root: ShadowRoot, css: string, nonce?: string): void {
  const sheets = adopted.get(root) ?? new Set<string>();
  if (sheets.has(css)) return;
  sheets.add(css);
  adopted.set(root, sheets);
  adoptCss(root, css, nonce);
}
