// Imported first by the compliance stories: the stored session of the last story is removed before the
// dashboard's session module loads, which would otherwise try to restore it from a server that is not
// there (and sign the story out while it renders). Each story signs in on its own (compliance-frame).
import { SESSION_STORAGE_KEYS } from '@permitdesk/core/client';

for (const key of Object.values(SESSION_STORAGE_KEYS)) globalThis.localStorage?.removeItem(key);
