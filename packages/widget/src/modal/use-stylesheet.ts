// Adopts a lazily loaded chunk's stylesheet into the shadow root it renders in, once per root.
import { useLayoutEffect, useRef } from 'react';
import { adoptCss } from '../loader/launcher-css.js';

const adopted = new WeakMap<Node, Set<string>>();

/** Returns a ref for an element of the component; the sheet is adopted into that element's root. */
export function useStylesheet<T extends HTMLElement>(css: string, nonce?: string) {
  const ref = useRef<T | null>(null);
  useLayoutEffect(() => {
    const root = ref.current?.getRootNode();
    if (!root || !(root instanceof ShadowRoot)) return;
    const sheets = adopted.get(root) ?? new Set<string>();
    if (sheets.has(css)) return;
    sheets.add(css);
    adopted.set(root, sheets);
    adoptCss(root, css, nonce);
  }, [css, nonce]);
  return ref;
}
