// The alert in place of something that could not be loaded: the error's own message, else a fallback.
import { Alert } from './alert.js';

export const LOAD_FAILED = 'This information could not be loaded.';

export function Unavailable({ error, fallback = LOAD_FAILED }: { error: unknown; fallback?: string }) {
  return (
    <Alert kind="error" title="Unavailable">
      {error instanceof Error ? error.message : fallback}
    </Alert>
  );
}
