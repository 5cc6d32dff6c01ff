// Open / close with an animation of a fixed length (the sidebar's 500 ms, SPEC §9): 'closing' and
// 'opening' last that long, then the panel is 'closed' (hidden from everyone) or 'open'.
import { useCallback, useEffect, useRef, useState } from 'react';

export type CollapsePhase = 'open' | 'closing' | 'closed' | 'opening';

export function useCollapse(durationMs: number, initiallyOpen = true) {
  const [phase, setPhase] = useState<CollapsePhase>(initiallyOpen ? 'open' : 'closed');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const open = phase === 'open' || phase === 'opening';
  const toggle = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    const next = open ? 'closing' : 'opening';
    setPhase(next);
    timer.current = setTimeout(() => setPhase(next === 'closing' ? 'closed' : 'open'), durationMs);
  }, [open, durationMs]);
  return { phase, open, toggle };
}
