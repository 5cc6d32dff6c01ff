// Everything the modal does beyond drawing: core's API client, a session store, core's sign-up flow
// controller, and the few calls the flow controller leaves to the widget (address search, served
// count, tasks, the form). Loaded as its own chunk as soon as the modal opens.
import {
  accountEndpoints,
  formEndpoints,
  FORM_IDS,
  formChoices,
  identityEndpoints,
  lookupEndpoints,
  radarAddressUrl,
  stripUnitedStates,
  type AddressSearchResult,
  type FormDefinition,
  type FormEntryResult,
  type PermitFormEntry,
  type Task,
  verificationEndpoints,
} from '@permitdesk/core';
import {
  createEndpointClient,
  createIdentityClient,
  createMemoryStorage,
  createSessionStore,
  sessionClientHooks,
  type ApiClientConfig,
  type ApiClientOf,
  type SessionStore,
} from '@permitdesk/core/client';
import { createSignupFlow, type FlowState, type SignupFlowOptions, type SignupFlowStore } from '../flow/index.js';
import type { Answers } from '../form-engine/answers.js';
import { screenOf, type Screen } from '../modal/screen.js';
import { siteUrl } from '../modal/site-url.js';
import type { WidgetOptions } from '../types.js';

export interface RuntimeOptions extends WidgetOptions {
  /** The host's own session (the dashboard's /embed page), instead of one kept by the widget. */
  session?: SessionStore;
  /** Where the widget keeps the session and the pending verification (default: localStorage). */
  storage?: Storage;
  /** The page the user started on; the verification mail links back to it (default: this page). */
  startUrl?: string;
  /** The flow's timers (3 s / 5 s after verification, 1 s resend spinner, 1500 ms redirect); tests advance them by hand. */
  timers?: SignupFlowOptions['timers'];
}

/** Only the API areas the widget calls, so its bundle carries no other part of the catalogue (of the
 * account area only the sign-up call: its other calls, guided tours included, are the dashboard's). */
const WIDGET_ENDPOINTS = {
  identity: identityEndpoints,
  account: { createUserApp: accountEndpoints.createUserApp },
  lookups: lookupEndpoints,
  verification: verificationEndpoints,
  forms: formEndpoints,
};
export type WidgetClient = ApiClientOf<typeof WIDGET_ENDPOINTS>;

export interface WidgetRuntime {
  client: WidgetClient;
  session: SessionStore;
  flow: SignupFlowStore;
  apiBase: string;
  /** Core's selectors over a flow state (title, progress, height, map, Next). */
  screen(flow: FlowState): Screen;
  searchAddresses(text: string, signal: AbortSignal): Promise<AddressSearchResult[]>;
  servedRequests(): Promise<number | null>;
  tasks(): Promise<Task[]>;
  loadForm(): Promise<{ definition: FormDefinition; entry: PermitFormEntry }>;
  /** acknowledgeGate: 'Submit anyway; the permit team will ask for it' after the pre-filing gate refused. */
  submitForm(entry: PermitFormEntry, answers: Answers, acknowledgeGate?: boolean): Promise<FormEntryResult>;
  /** The radar search for the chosen address (the similar-address warning's link, SPEC §2.5). */
  similarAddressUrl(): string | null;
  /** /success?type=APPLY_FOR_PROJECT_PERMIT&session=... on the server's origin (SPEC §2.3). */
  successUrl(session: string | null): string;
  /**
   * A link to the PermitDesk site that also carries the session: on a partner's origin (whose storage
   * the site cannot read) it gets `handoff=<code>`, a single-use 60-second code the site trades for a
   * session. Unchanged on the site's own origin, when signed out, or if no code could be had.
   */
  handOff(url: string): Promise<string>;
  dispose(): void;
}

const FORM_52 = String(FORM_IDS.serviceRequestPermit) as '52';

function browserStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    // Storage may be blocked (third-party iframes, privacy modes): the widget still works for this visit.
    return undefined;
  }
}

export function createWidgetRuntime(options: RuntimeOptions): WidgetRuntime {
  const apiBase = options.apiBase ?? globalThis.location.origin;
  const storage = options.storage ?? browserStorage();
  // On the PermitDesk site itself (/embed, municipality pages) the widget keeps the dashboard's cookie
  // session: no token in localStorage. On a partner's origin it keeps its own (and hands it over).
  const cookieSession = new URL(apiBase, globalThis.location.href).origin === globalThis.location.origin;
  // The session store needs the identity client, which needs the API client: wire the token hooks
  // last (the client reads its configuration at call time).
  const config: ApiClientConfig = { baseUrl: apiBase, cookieSession };
  const client = createEndpointClient(config, WIDGET_ENDPOINTS);
  const identity = createIdentityClient(client);
  const session = options.session ?? createSessionStore({ storage: storage ?? createMemoryStorage(), identity, cookieSession });
  Object.assign(config, sessionClientHooks(session));

  const flow = createSignupFlow({
    client,
    session,
    identity,
    storage,
    startUrl: options.startUrl,
    timers: options.timers,
    // Paths the flow sends the user to (/sign-in) live on the PermitDesk site, not the partner's.
    onRedirect: (path) => globalThis.location.assign(siteUrl(apiBase, path)),
    // Each tracked step (SPEC §2.10) reached is recorded for the permit team's funnel (/ops/funnel).
    // The recorder is its own chunk, fetched at the first step reached: nothing on screen waits for it.
    onMove: lazyFunnelTracker(apiBase),
  });
  void flow.getState().loadSettings();
  // Back from the verification mail's link (email and accepted=1): resume where the user was.
  void flow
    .getState()
    .resumeFromUrl(globalThis.location.href)
    .then((resumed) => resumed && forgetLinkParameters());

  const context = () => flow.getState().flow.context;

  return {
    client,
    session,
    flow,
    apiBase,
    screen: screenOf,
    async searchAddresses(text, signal) {
      const found = await client.lookups.searchAddresses({ query: { q: text, limit: '5' }, signal, silent: true });
      return found.map((result) => ({ ...result, place_name: stripUnitedStates(result.place_name) }));
    },
    servedRequests: () =>
      client.lookups
        .servedRequests({ silent: true })
        .then((served) => served.count)
        .catch(() => null),
    tasks: () => client.lookups.tasks({ silent: true }).then((tasks) => [...tasks].sort((a, b) => a.name.localeCompare(b.name))),
    async loadForm() {
      const c = context();
      const companyId = session.getState().currentCompanyId;
      const [definition, entry] = await Promise.all([
        client.forms.definition({ params: { formId: FORM_52 }, silent: true }),
        client.forms.entryData({
          params: { formId: FORM_52 },
          query: {
            taskId: c.task?.id,
            municipalityId: c.municipality?.id,
            addressId: c.address?.id,
            addressLine2: c.addressLine2 || undefined,
            companyId: companyId ?? undefined,
          },
          silent: true,
        }),
      ]);
      return { definition, entry };
    },
    submitForm: (entry, answers, acknowledgeGate) =>
      client.forms.submit({ params: { formId: FORM_52 }, body: { formId: FORM_IDS.serviceRequestPermit, ...formChoices(entry), answers, acknowledgeGate }, silent: true }),
    similarAddressUrl() {
      const { address } = context();
      return address ? siteUrl(apiBase, radarAddressUrl(address.place_name)) : null;
    },
    successUrl: (sessionId) =>
      siteUrl(apiBase, `/success?${new URLSearchParams({ type: 'APPLY_FOR_PROJECT_PERMIT', session: sessionId ?? '' }).toString()}`),
    async handOff(url) {
      const audience = new URL(apiBase).origin;
      if (audience === globalThis.location.origin || !session.getState().isAuthenticated) return url;
      try {
        const { code } = await client.identity.createHandoff({ body: { audience }, silent: true });
        const next = new URL(url);
        next.searchParams.set('handoff', code);
        return next.href;
      } catch {
        return url; // the site asks the user to sign in instead
      }
    },
    dispose() {
      flow.getState().dispose();
      if (!options.session) session.getState().stopAutoRefresh();
    },
  };
}

/** Drops email / accepted / token from the address bar once used, so a reload does not replay them. */
function forgetLinkParameters() {
  const url = new URL(globalThis.location.href);
  for (const key of ['email', 'accepted', 'token']) url.searchParams.delete(key);
  globalThis.history.replaceState(globalThis.history.state, '', url.href);
}

/** The funnel's tracker, loaded at the first move (widget size budget: off the path to the form). */
function lazyFunnelTracker(apiBase: string): SignupFlowOptions['onMove'] {
  let tracker: Promise<NonNullable<SignupFlowOptions['onMove']>> | undefined;
  return (...move) => void (tracker ??= import('./funnel-beacon.js').then((m) => m.createFunnelTracker(apiBase))).then((track) => track(...move), () => {});
}
