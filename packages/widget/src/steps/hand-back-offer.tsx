// Issue 18 item 2: on the device where the mailed link was opened, away from the device that started the
// sign-up, the user may send the sign-up back there (that window then goes on by itself). Only the
// mailbox owner, who holds this window, can do it: opening the link alone never lets the other device on.
// A chunk of its own, fetched only in that case (size-budget.mjs ON_DEMAND).
import { useState } from 'react';

export interface HandBackOfferProps {
  onHandOver(): Promise<unknown>;
}

export function HandBackOffer({ onHandOver }: HandBackOfferProps) {
  const [state, setState] = useState<'idle' | 'busy' | 'done' | 'failed'>('idle');
  if (state === 'done') {
    return (
      <p className="pd-hint" role="status">
        Done: the sign-up goes on where you started it. You can close this window.
      </p>
    );
  }
  return (
    <p className="pd-hint">
      {state === 'failed' ? 'That did not work. Please go on here. ' : 'Started on another device? '}
      <button
        type="button"
        className="pd-link"
        disabled={state === 'busy'}
        onClick={() => {
          setState('busy');
          onHandOver().then(() => setState('done'), () => setState('failed'));
        }}
      >
        Continue on the device where I started
      </button>
    </p>
  );
}
