// Adopts a lazily loaded chunk's stylesheet into the shadow root it renders in, once per root.
import { useLayoutEffect, useRef } from 'react';
import { adoptOnce } from './adopt-once.js';

/** Returns a ref for an element of the component; the sheet is adopted into that element's root. */
export function useStylesheet<T extends HTMLElement>(css: string, nonce?: string) {
  const ref = useRef<T | null>(null);
  useLayoutEffect(() => {
    const root = ref.current?.getRootNode();
    if (root instanceof ShadowRoot) adoptOnce(root, css, nonce);
  }, [css, nonce]);
  return ref;
}
