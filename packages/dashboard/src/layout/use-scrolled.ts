// Whether the page is scrolled past SPEC §9's scroll threshold (10 px): the sticky header then lifts
// off the content with a shadow, so the page reads as moving under it.
import { TIMINGS } from '@permitdesk/core';
import { useEffect, useState } from 'react';

export function useScrolled(threshold: number = TIMINGS.scrollThresholdPx): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const check = () => setScrolled(window.scrollY > threshold);
    check();
    window.addEventListener('scroll', check, { passive: true });
    return () => window.removeEventListener('scroll', check);
  }, [threshold]);
  return scrolled;
}
