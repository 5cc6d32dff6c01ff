// Ending a share from either page: confirm, call, tell the result (the server's message when refused),
// and ask every sharing list again.
import { queryKeys } from '../../../data/query-keys.js';
import { useQueryClient } from '../../../data/query-provider.js';
import { useModals } from '../../../ui/generic-modals.js';
import { notify } from '../../../ui/notify.js';
import { serverMessageOr } from '../compliance-messages.js';
import type { Share } from './share-card.js';

export function useEndShare(done: string, failed: string): (share: Share) => Promise<void> {
  const modals = useModals();
  const client = useQueryClient();
  return async (share) => {
    if (!share.end) return;
    if (!(await modals.confirm({ title: `${share.end.label}?`, message: share.end.confirm }))) return;
    try {
      await share.end.run();
      notify('success', done);
    } catch (failure) {
      notify('error', serverMessageOr(failure instanceof Error ? failure.message : null, failed));
    }
    client.invalidateQueries({ queryKey: queryKeys.sharing.all });
  };
}
