// Messages show once a field was left or the step was submitted, not while the user is still typing.
import { useState } from 'react';

export function useTouched<K extends string>() {
  const [touched, setTouched] = useState<Partial<Record<K, boolean>>>({});
  return {
    touched: (key: K) => touched[key] === true,
    touch: (key: K) => setTouched((current) => (current[key] ? current : { ...current, [key]: true })),
    touchAll: (keys: readonly K[]) => setTouched(Object.fromEntries(keys.map((key) => [key, true])) as Record<K, boolean>),
  };
}
