// The construction platform's side: frame the hosted widget and drive it with the typed protocol of
// @permitdesk/widget (createFrameHost). The frame is told this page's origin; both sides post only to
// the other's origin and read only messages from it. A platform on another origin must be listed in the
// PermitDesk server's EMBED_ORIGINS: /embed refuses to be framed by, or to talk to, any other origin.
import { createFrameHost } from '/widget/esm/frame-host.js';

// In a real integration the PermitDesk server is another origin, e.g. https://permits.example.com.
const PERMITDESK = window.location.origin;
const frame = document.getElementById('permits');
frame.src = `${PERMITDESK}/embed?parent_origin=${encodeURIComponent(window.location.origin)}`;

const host = createFrameHost(frame, PERMITDESK);
const log = (text) => {
  const item = document.createElement('li');
  item.textContent = text;
  document.getElementById('log').append(item);
};
host.on('ready', () => log('ready'));
host.on('state', ({ state }) => {
  document.getElementById('state').textContent = state;
  log(`state: ${state}`);
});
host.on('closed', ({ view }) => log(`closed (from ${view ?? 'the host'})`));
host.on('submitted', ({ session, successUrl }) => log(`submitted: session ${session} → ${successUrl}`));
document.getElementById('open').addEventListener('click', () => host.open({ address: '350 5th Ave New York NY' }));
document.getElementById('close').addEventListener('click', () => host.close());
