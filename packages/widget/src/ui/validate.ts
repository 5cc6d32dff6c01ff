// The first message a core schema gives for a value, or null when it passes: forms show the SPEC's
// own messages because they come from the very schemas the server checks with.
import * as v from 'valibot';

export function firstIssue(schema: v.GenericSchema, value: unknown): string | null {
  const result = v.safeParse(schema, value);
  return result.success ? null : (result.issues[0]?.message ?? null);
}
