// A step's fields checked with core's schemas (the SPEC's messages, the same the server applies). A
// message shows once its field was left or the step submitted (or at once with showErrors), not while
// the user is still typing.
import { useState } from 'react';
import type * as v from 'valibot';
import { firstIssue } from './validate.js';

/** Each field's schema and current value. */
export type Checks<K extends string> = Record<K, readonly [schema: v.GenericSchema, value: unknown]>;

export function useChecks<K extends string>(checks: Checks<K>, showErrors?: boolean) {
  const [touched, setTouched] = useState<Partial<Record<K, boolean>>>({});
  const issue = (key: K) => firstIssue(checks[key][0], checks[key][1]);
  return {
    /** The error and onBlur props of a field. */
    field: (key: K) => ({
      error: showErrors || touched[key] ? issue(key) : null,
      onBlur: () => setTouched((current) => (current[key] ? current : { ...current, [key]: true })),
    }),
    /** On submit: every field's message shows; true when all pass. */
    submit: (): boolean => {
      const keys = Object.keys(checks) as K[];
      setTouched(Object.fromEntries(keys.map((key) => [key, true])) as Record<K, boolean>);
      return keys.every((key) => issue(key) === null);
    },
  };
}
