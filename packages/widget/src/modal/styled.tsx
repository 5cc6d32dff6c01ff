// A box (display: contents) that brings the later steps' stylesheet into the modal's shadow root.
import type { ReactNode } from 'react';
import stepsCss from '../styles/steps.css?raw';
import { useStylesheet } from './use-stylesheet.js';

export function Styled({ children, nonce }: { children: ReactNode; nonce?: string }) {
  const ref = useStylesheet<HTMLDivElement>(stepsCss, nonce);
  return (
    <div ref={ref} className="pd-contents">
      {children}
    </div>
  );
}
