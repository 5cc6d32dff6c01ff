// createSignupFlow: the sign-up flow machine in a zustand/vanilla store. The pure `transition` moves
// it; each stage (address, e-mail, account, sign-in, form) adds the actions that call the API in
// SPEC order and map failures to the SPEC §8 messages. It holds no UI: the widget renders `flow`,
// `alert` and `busy`, and calls the actions.
import { createStore, type StoreApi } from 'zustand/vanilla';
import { accountStage, type AccountStageActions } from './account-stage.js';
import { addressStage, type AddressStageActions } from './address-stage.js';
import { emailStage, type EmailStageActions } from './email-stage.js';
import { formStage, type FormStageActions } from './form-stage.js';
import { signInStage, type SignInStageActions } from './sign-in-stage.js';
import { createStageKit, type SignupFlowData, type SignupFlowOptions } from './stage-kit.js';
import { initialFlowState } from './state.js';
import type { FlowEvent, FlowTextField } from './transition.js';

export { PENDING_VERIFICATION_KEY } from './pending-verification.js';
export type { FlowAlert, SignupFlowClient, SignupFlowOptions } from './stage-kit.js';

export interface SignupFlowActions
  extends AddressStageActions,
    EmailStageActions,
    AccountStageActions,
    SignInStageActions,
    FormStageActions {
  send(event: FlowEvent): void;
  setField(field: FlowTextField, value: string): void;
  next(): void;
  back(): void;
  dismissAlert(): void;
  /** Stops the timers and the session subscription. */
  dispose(): void;
}

export interface SignupFlowStoreState extends SignupFlowData, SignupFlowActions {}

export type SignupFlowStore = StoreApi<SignupFlowStoreState>;

export function createSignupFlow(options: SignupFlowOptions): SignupFlowStore {
  const { session } = options;

  const store = createStore<SignupFlowStoreState>()((set, get) => {
    const kit = createStageKit(options, set, get);
    const { send } = kit;
    return {
      flow: initialFlowState({
        startWithRoles: options.startWithRoles ?? null,
        authenticated: session.getState().isAuthenticated,
      }),
      alert: null,
      busy: false,
      handBack: false,
      send,
      setField: (field, value) => send({ type: 'FIELD_CHANGED', field, value }),
      next: () => send({ type: 'NEXT' }),
      back: () => {
        set({ alert: null });
        send({ type: 'BACK' });
      },
      dismissAlert: () => set({ alert: null }),
      ...addressStage(kit),
      ...emailStage(kit),
      ...accountStage(kit),
      ...signInStage(kit),
      ...formStage(kit),
      dispose() {
        kit.clearTimers();
        unsubscribe();
      },
    };
  });

  // Signing in or out elsewhere (another tab, the dashboard header) moves the flow along.
  const unsubscribe = session.subscribe((state, previous) => {
    if (state.isAuthenticated !== previous.isAuthenticated) {
      store.getState().send({ type: 'AUTH_CHANGED', authenticated: state.isAuthenticated });
    }
  });
  return store;
}
