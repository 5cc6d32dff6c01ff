// Records the location the app committed, so tests can read where it navigated.
import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

export interface LocationRecord {
  current: string;
}

export function LocationProbe({ record }: { record: LocationRecord }) {
  const { pathname, search } = useLocation();
  useLayoutEffect(() => {
    record.current = pathname + search;
  }, [record, pathname, search]);
  return null;
}
