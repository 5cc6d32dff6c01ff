// The modal's content for the current state of the sign-up flow: the address step is drawn here (the
// first view, no API code needed to show it); the task, sign-up and form views are chunks of their own,
// fetched ahead (preloadViews) so that a step change draws at once.
import { Suspense, useEffect, useState, type ComponentType } from 'react';
import type { WidgetRuntime } from '../runtime/widget-runtime.js';
import { AddressAside, AddressStep } from '../steps/address-step.js';
import { MapSlot } from '../map/map-slot.js';
import type { OpenCommand, SubmittedDetail, WidgetOptions } from '../types.js';
import { Alert } from '../ui/alert.js';
import { Spinner } from '../ui/spinner.js';
import { eager } from './eager.js';
import { useFlowSnapshot } from './flow-snapshot.js';
import { INITIAL_SCREEN } from './initial-screen.js';
import { ModalShell } from './modal-shell.js';
import { siteUrl } from './site-url.js';

type Signup = typeof import('./signup-view.js');
type Views = Pick<Signup, 'SignupBody' | 'SignupAside' | 'AddressDetailView' | 'FlowAlertView'>;
const part = <K extends keyof Views>(name: K) =>
  eager<Parameters<Views[K]>[0]>(() => import('./signup-view.js').then((m) => m[name] as ComponentType<Parameters<Views[K]>[0]>));
const SignupBody = part('SignupBody');
const SignupAside = part('SignupAside');
const AddressDetailView = part('AddressDetailView');
const FlowAlertView = part('FlowAlertView');
const FormBody = eager(() => import('./form-view.js').then((m) => m.FormBody));
const GoogleAddressSearchBox = eager(() => import('../address/google-address-search-box.js').then((m) => m.GoogleAddressSearchBox));

/** The later views' chunks, fetched while the user is busy with the address, and their stylesheet. */
export const preloadViews = (root: ShadowRoot, nonce?: string) =>
  Promise.all([
    import('./signup-view.js').then((m) => m.adoptStepStyles(root, nonce)),
    ...[SignupBody, SignupAside, AddressDetailView, FlowAlertView, FormBody].map((view) => view.preload()),
  ]);

export interface FlowScreenProps {
  options: WidgetOptions & { apiBase: string };
  /** Resolves once the runtime chunk (client, session, flow controller) is loaded. */
  ready: Promise<WidgetRuntime>;
  start?: OpenCommand;
  onClose(view: string): void;
  onSubmitted(detail: SubmittedDetail): void;
}

const pending = (
  <div className="pd-center">
    <Spinner label="Loading" />
  </div>
);

export function FlowScreen({ options, ready, start, onClose, onSubmitted }: FlowScreenProps) {
  const [runtime, setRuntime] = useState<WidgetRuntime | null>(null);
  const [failed, setFailed] = useState(false);
  const [served, setServed] = useState<number | null>(null);
  const { flow, alert, busy } = useFlowSnapshot(runtime?.flow ?? null);

  useEffect(() => {
    let live = true;
    ready.then(
      (loaded) => {
        if (!live) return;
        setRuntime(loaded);
        void loaded.servedRequests().then((count) => live && setServed(count));
      },
      (error: unknown) => {
        // Tell the page's developer why (a blocked chunk, a bad api-base...).
        console.error('PermitDesk:', error);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [ready]);

  const act = (work: (runtime: WidgetRuntime) => unknown) => void ready.then(work);
  const view = flow?.view ?? INITIAL_SCREEN.view;
  const step = flow?.step ?? INITIAL_SCREEN.step;
  const context = flow?.context;
  const screen = runtime && flow ? runtime.screen(flow) : INITIAL_SCREEN.screen;
  const alertView = alert ? <FlowAlertView alert={alert} apiBase={options.apiBase} /> : null;

  let aside;
  let body;
  if (view === 'lookup') {
    aside = <AddressAside map={null} count={served} />;
    body = (
      <AddressStep
        search={(text, signal) => ready.then((loaded) => loaded.searchAddresses(text, signal))}
        picked={context?.address ?? null}
        address={context?.geocodedAddress ?? null}
        line2={context?.addressLine2 ?? ''}
        onLine2={(value) => act((r) => r.flow.getState().setField('addressLine2', value))}
        onPick={(result) => act((r) => r.flow.getState().selectAddress(result))}
        onChangeAddress={() => act((r) => r.flow.getState().clearAddress())}
        similarUrl={context?.similarAddress && runtime ? runtime.similarAddressUrl() : null}
        canNext={screen.canNext}
        busy={busy}
        alert={alertView}
        initialText={start?.address}
        renderSearch={
          options.mapsKey
            ? (box) => <GoogleAddressSearchBox {...box} mapsKey={options.mapsKey!} />
            : undefined
        }
        renderDetail={(detail) => (
          <AddressDetailView {...detail} nonce={options.nonce} municipality={context?.municipality} onChoose={(pick) => act((r) => r.flow.getState().chooseMunicipality(pick))} />
        )}
        // The server counts a request at an address itself, when the permit request is stored.
        onNext={() => act((r) => r.flow.getState().next())}
      />
    );
  } else if (runtime && flow) {
    const props = { runtime, flow, alert, busy, options, start };
    aside = <SignupAside {...props} />;
    body = view === 'form' ? <FormBody {...props} onSubmitted={onSubmitted} /> : <SignupBody {...props} />;
  }

  return (
    <ModalShell
      title={screen.title}
      progress={screen.progress}
      height={screen.height}
      fadeMs={INITIAL_SCREEN.fadeMs}
      viewKey={view}
      stepKey={step}
      inline={options.inline}
      onClose={() => onClose(view)}
      aside={
        <>
          {/* One map for every view: drawing the outlines again on a view change would cost a frame. */}
          <MapSlot view={screen.map} mapsKey={options.mapsKey} />
          <Suspense fallback={null}>{aside}</Suspense>
        </>
      }
    >
      {failed ? <Alert kind="error">Something went wrong!</Alert> : null}
      <Suspense fallback={pending}>{body ?? pending}</Suspense>
    </ModalShell>
  );
}
