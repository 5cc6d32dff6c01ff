// SunPeak Solar's quote page: a React app with a button that opens the PermitDesk modal.
import { StrictMode, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { SubmittedDetail, WidgetHandle } from '@permitdesk/widget';
import { PermitLookup } from './permit-lookup.js';

function App() {
  const widget = useRef<WidgetHandle | null>(null);
  const [done, setDone] = useState<SubmittedDetail | null>(null);
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 720, margin: '48px auto', padding: '0 16px' }}>
      <h1>Your solar installation</h1>
      <p>Rooftop PV needs a building and an electrical permit. We file them with PermitDesk.</p>
      {done ? (
        <p role="status">Permit requested (session {done.session}). We will take it from here.</p>
      ) : (
        <button type="button" onMouseEnter={() => void widget.current?.prefetch()} onClick={() => widget.current?.open({ task: 'Solar PV' })}>
          Request the permits
        </button>
      )}
      <PermitLookup apiBase={window.location.origin} partnerId="sunpeak" open={false} theme={{ primary: '#0f766e' }} handleRef={widget} onSubmitted={setDone} />
    </main>
  );
}

createRoot(document.getElementById('app')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
