// A box (display: contents) that brings the later steps' stylesheet into the modal's shadow root.
import type { ReactNode } from 'react';
import stepsCss from '../styles/steps.css?raw';
import { adoptOnce } from './adopt-once.js';
import { useStylesheet } from './use-stylesheet.js';

/**
 * Adopts the later steps' stylesheet ahead of them (when their chunk has arrived): adopting a sheet
 * restyles the whole shadow tree, which costs less while the user types than on a step change.
 */
export const adoptStepStyles = (root: ShadowRoot, nonce?: string): void => adoptOnce(root, stepsCss, nonce);

export function Styled({ children, nonce }: { children: ReactNode; nonce?: string }) {
  const ref = useStylesheet<HTMLDivElement>(stepsCss, nonce);
  return (
    <div ref={ref} className="pd-contents">
      {children}
    </div>
  );
}
