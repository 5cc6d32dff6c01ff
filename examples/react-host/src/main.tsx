// SunPeak Solar's quote page: a React app with a button that opens the PermitDesk modal, through the
// widget's React entry (@permitdesk/widget/react). The widget owns its element (an open shadow root,
// drawn with preact); the app owns when it opens and what the page does with its events.
import { StrictMode, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { PermitLookup, type SubmittedDetail, type WidgetHandle } from '@permitdesk/widget/react';

function App() {
  const widget = useRef<WidgetHandle | null>(null);
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<SubmittedDetail | null>(null);
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 720, margin: '48px auto', padding: '0 16px' }}>
      <h1>Your solar installation</h1>
      <p>Rooftop PV needs a building and an electrical permit. We file them with PermitDesk.</p>
      {done ? (
        <p role="status">Permit requested (session {done.session}). We will take it from here.</p>
      ) : (
        <button type="button" onMouseEnter={() => void widget.current?.prefetch()} onClick={() => setOpen(true)}>
          Request the permits
        </button>
      )}
      <PermitLookup
        partnerId="sunpeak"
        theme={{ primary: '#0f766e' }}
        open={open}
        start={{ task: 'Solar PV' }}
        handleRef={widget}
        onClose={() => setOpen(false)}
        onSubmitted={(detail, event) => {
          // Stay in the app: it shows its own confirmation instead of the PermitDesk success page.
          event.preventDefault();
          setOpen(false);
          setDone(detail);
        }}
      />
    </main>
  );
}

createRoot(document.getElementById('app')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
