// Issue 18 item 2: on the device where the mailed link was opened, away from the device that started the
// sign-up, the user may send the sign-up back there (that window then goes on by itself). Only the
// mailbox owner, who holds this window, can do it: opening the link alone never lets the other device on.
import { useSyncExternalStore } from 'react';
import type { SignupFlowStore } from '../flow/index.js';

export interface HandBackOfferProps {
  store: SignupFlowStore;
  busy: boolean;
}

export function HandBackOffer({ store, busy }: HandBackOfferProps) {
  const handBack = useSyncExternalStore(store.subscribe, () => store.getState().handBack);
  if (handBack !== 'offered') return null;
  return (
    <p className="pd-hint">
      Started on another device?{' '}
      <button type="button" className="pd-link" disabled={busy} onClick={() => void store.getState().handOver()}>
        Continue on the device where I started
      </button>
    </p>
  );
}
