// Reading the flow controller's store from components. Until the runtime chunk has arrived there is no
// store and no flow state yet: the first view then draws core's starting point (initial-screen.ts).
import { useSyncExternalStore } from 'react';
import type { FlowState, SignupFlowStore, SignupFlowStoreState } from '../flow/index.js';

export interface FlowSnapshot extends Pick<SignupFlowStoreState, 'alert' | 'busy'> {
  flow: FlowState | null;
}

const INITIAL: FlowSnapshot = { flow: null, alert: null, busy: false };
const noSubscription = () => () => undefined;
const initial = () => INITIAL;

export function useFlowSnapshot(store: SignupFlowStore | null): FlowSnapshot {
  return useSyncExternalStore(store ? store.subscribe : noSubscription, store ? store.getState : initial);
}
